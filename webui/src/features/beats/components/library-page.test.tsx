import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from '@/features/posts/testing/player-stubs';
import { TEST_API_URL } from '@/testing/constants';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { downloadName } from '../api/purchases';
import { LibraryPage } from './library-page';

const routes = [
  { path: '/purchasedbeats', element: <LibraryPage /> },
  { path: '/beats', element: <p>Beats for sale</p> },
];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;

const purchase = (overrides = {}) => ({
  id: 'p-1',
  post_id: 'b-1',
  caption: 'Afro Drill',
  username: 'labelboss',
  cover_photo: '',
  cover_width: 0,
  cover_height: 0,
  cover_placeholder: '',
  cover_renditions: [],
  audio_upload: 'http://127.0.0.1:4566/zuum-media/media/b-1/preview.mp3',
  full_audio: 'http://127.0.0.1:4566/zuum-media/media/b-1/full.mp3',
  amount: 999,
  purchase_date: '2026-03-01T12:00:00Z',
  genre: '',
  downloads_remaining: 5,
  licence_number: 'ZUUM-AB12-CD34-EF56',
  ...overrides,
});
const SIGNED = 'http://127.0.0.1:4566/zuum-media/media/b-1/audio.mp3?X-Amz-Signature=abc';

describe('/purchasedbeats', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows "Your Library" with purchase date, downloads left, the licence and the amount paid', async () => {
    mockApi({ ...me, 'GET /beat/purchase': { status: 200, body: { purchases: [purchase()], pagination: page() } } });
    renderRoutes(routes, '/purchasedbeats');
    expect(screen.getByRole('heading', { name: 'Your Library' })).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Afro Drill' });
    expect(card).toHaveTextContent('1 Mar 2026');
    expect(card).toHaveTextContent('₦999.00');
    expect(within(card).getByTestId('downloads-left')).toHaveTextContent('5');
    expect(within(card).getByRole('link', { name: 'Licence' })).toHaveAttribute('href', `${TEST_API_URL}/beat/purchase/p-1/licence`);
    // The buyer plays the full beat, not the 10 s preview.
    expect(card.querySelector('audio')).toHaveAttribute('src', 'http://127.0.0.1:4566/zuum-media/media/b-1/full.mp3');
    expect(within(card).queryByRole('button', { name: 'Play 10s Preview' })).not.toBeInTheDocument();
  });

  it('searches by title, producer or licence number', async () => {
    mockApi({
      ...me,
      'GET /beat/purchase': {
        status: 200,
        body: { purchases: [purchase(), purchase({ id: 'p-2', caption: 'Lagos Keys', username: 'zara_keys', licence_number: 'ZUUM-ZZZZ-YYYY-XXXX' })], pagination: page() },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/purchasedbeats');
    await screen.findByRole('listitem', { name: 'Afro Drill' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your beats' }), 'ZARA');
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Lagos Keys']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('No beats match “nothing like it”.')).toBeInTheDocument();
  });

  it('leads to /beats with Explore Beats when nothing was bought', async () => {
    mockApi({ ...me, 'GET /beat/purchase': { status: 200, body: { purchases: [], pagination: page({ total: 0 }) } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/purchasedbeats');
    await user.click(await screen.findByRole('link', { name: 'Explore Beats' }));
    expect(await screen.findByText('Beats for sale')).toBeInTheDocument();
  });

  it('says "Failed to fetch purchased beats" when the list cannot be read', async () => {
    mockApi({ ...me, 'GET /beat/purchase': { status: 500, body: { message: 'Server error. Please try again later.' } } });
    renderRoutes(routes, '/purchasedbeats');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch purchased beats');
  });

  it('downloads: spends one through the API, fetches the signed URL and saves it as a file', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:beat');
    URL.revokeObjectURL = vi.fn();
    const { calls } = mockApi({
      ...me,
      'GET /beat/purchase': { status: 200, body: { purchases: [purchase({ downloads_remaining: 1 })], pagination: page() } },
      'POST /beat/purchase/p-1/download': { status: 200, body: { url: SIGNED, expires_at: '2026-03-01T12:05:00Z', downloads_remaining: 0 } },
      'GET /zuum-media/media/b-1/audio.mp3': { status: 200, body: 'ID3...' },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/purchasedbeats');
    const card = await screen.findByRole('listitem', { name: 'Afro Drill' });
    await user.click(within(card).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['Afro Drill.mp3']));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /zuum-media/media/b-1/audio.mp3');
    expect(within(card).getByTestId('downloads-left')).toHaveTextContent('0');
    expect(within(card).getByRole('button', { name: 'No downloads left' })).toBeDisabled();
  });

  it('says "No downloads left" when the server refuses the download', async () => {
    mockApi({
      ...me,
      'GET /beat/purchase': { status: 200, body: { purchases: [purchase()], pagination: page() } },
      'POST /beat/purchase/p-1/download': { status: 403, body: { message: 'No downloads left' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/purchasedbeats');
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No downloads left');
  });
});

describe('downloadName', () => {
  it('names the file after the beat, with the audio extension of the URL', () => {
    expect(downloadName('Afro Drill', SIGNED)).toBe('Afro Drill.mp3');
    expect(downloadName('a/b: c', 'https://x.example/k/audio.WAV?sig=1')).toBe('a b  c.wav');
    expect(downloadName('  ', 'https://x.example/k/file')).toBe('beat.mp3');
  });
});
