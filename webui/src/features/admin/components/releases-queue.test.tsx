import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import type { PendingRelease } from '../api/releases-queue';
import { QueuesPage } from './queues-page';

const routes = [{ path: '/admin/queues', element: <QueuesPage /> }];
const onePage = { total: 1, totalPages: 1, currentPage: 1, hasNext: false, hasPrev: false, next: null };

const release: PendingRelease = {
  id: 'r-1',
  status: 'submitted',
  reason: '',
  title: 'Lagos Nights',
  release_type: 'album',
  owner_id: 'u-1',
  username: 'adabeats',
  package: 'basic',
  price: 20000,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  submitted_at: '2026-11-20T10:00:00Z',
  form: {
    hasDistributed: 'no',
    artistName: 'Ada',
    confirmOwnership: true,
    existingProfiles: { spotify: '', appleMusic: '', youtubeMusic: '' },
    releaseType: 'album',
    title: 'Lagos Nights',
    numberOfTracks: 2,
    tracks: [{ title: 'Intro' }, { title: 'Outro' }],
    coverArt: 'media/r-1/cover.jpg',
    audioFile: '',
    genre: 'pop',
    secondaryGenre: '',
    releaseDate: '2026-12-01',
    isExplicit: false,
    clipStartTime: 0,
    copyright: { year: 2026, owner: 'Ada' },
    recordLabel: 'no',
    recordLabelName: '',
    songwriter: 'self',
    songwriters: ['Ada'],
    lyrics: '',
    allPlatforms: true,
    platforms: { spotify: true, appleMusic: true, youtubeMusic: true, amazonMusic: true, tidal: true, deezer: true },
    promotionPackage: 'basic',
    agreements: { terms: true, youtubeAck: true, promoAck: true, rightsAck: true, nameAck: true, distributionAck: true },
    isCover: false,
  },
  files: { coverArt: 'https://cdn.example/covers/r-1.jpg', audioFile: '', tracks: ['https://cdn.example/t/1.mp3', 'https://cdn.example/t/2.mp3'] },
};

describe('releases queue', () => {
  it('shows a release with its cover, what was declared, and each track playable', async () => {
    mockApi({
      'GET /admin/releases': { status: 200, body: { releases: [release], pagination: onePage } },
      'GET /admin/releases/r-1': { status: 200, body: { release } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=releases');
    const row = (await screen.findByText('Lagos Nights')).closest('tr')!;
    expect(within(row).getByText('basic · ₦20,000.00')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lagos Nights' });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Cover of Lagos Nights' })).toHaveAttribute('src', 'https://cdn.example/covers/r-1.jpg'));
    expect(within(dialog).getByLabelText('Play Intro')).toHaveAttribute('src', 'https://cdn.example/t/1.mp3');
    expect(within(dialog).getByLabelText('Play Outro')).toHaveAttribute('src', 'https://cdn.example/t/2.mp3');
    expect(within(dialog).getByText('pop')).toBeInTheDocument();
  });

  it('starts the review of a submitted release, then offers approve and reject', async () => {
    let status: PendingRelease['status'] = 'submitted';
    const { calls } = mockApi({
      'GET /admin/releases': () => ({ status: 200, body: { releases: [{ ...release, status }], pagination: onePage } }),
      'POST /admin/releases/r-1/review': () => {
        status = 'in_review';
        return { status: 200, body: { release: { ...release, status } } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=releases');
    await user.click(await screen.findByRole('button', { name: 'Start review' }));
    expect(await screen.findByText('"Lagos Nights" is in review.')).toBeInTheDocument();
    expect(await screen.findByText('In review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start review' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/releases/r-1/review')).toHaveLength(1);
  });

  it('lists approved releases apart and delivers one', async () => {
    const { fetchMock, calls } = mockApi({
      'GET /admin/releases': { status: 200, body: { releases: [{ ...release, status: 'approved' }], pagination: onePage } },
      'POST /admin/releases/r-1/deliver': { status: 200, body: { release: { ...release, status: 'delivered' } } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=releases');
    await screen.findByText('Lagos Nights');
    await user.selectOptions(screen.getByLabelText('Show'), 'approved');
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input)).searchParams.get('status'));
    await waitFor(() => expect(fetchMock.mock.calls.map(([input]) => new URL(String(input)).searchParams.get('status'))).toContain('approved'));
    expect(asked[0]).toBe('pending');
    await user.click(await screen.findByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('"Lagos Nights" delivered.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/releases/r-1/deliver')).toHaveLength(1);
  });

  it.each([
    [401, 'Unauthorized - Please login again'],
    [403, 'Forbidden - You lack necessary permissions'],
    [500, 'Server error - Please try again later'],
    [502, 'Failed to fetch releases'],
  ])('shows the catalogue text when the queue answers %i', async (status, text) => {
    mockApi({ 'GET /admin/releases': { status, body: {} } });
    renderRoutes(routes, '/admin/queues?tab=releases');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
