import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { beatPost, page, stubMedia } from '@/features/posts/testing/player-stubs';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { DetailsPage, LockPage } from './preview-card-pages';

const routes = [
  { path: '/lock', element: <LockPage /> },
  { path: '/details', element: <DetailsPage /> },
];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;

describe('/lock and /details, the track preview card', () => {
  it('/lock shows every beat for sale locked: blurred cover, Play 10s Preview and Unlock, which opens /details', async () => {
    stubMedia();
    mockApi({
      ...me,
      'GET /beat': { status: 200, body: { posts: [beatPost(), beatPost({ id: 'b-2', caption: 'Gone Beat', available: 0 })], pagination: page() } },
      'GET /beat/b-1': { status: 200, body: { post: beatPost() } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/lock');
    const card = await screen.findByRole('listitem', { name: 'Afro Drill' });
    expect(within(card).getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
    expect(within(card).getByText('₦999.00')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Gone Beat' })).getByText('Sold out')).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('heading', { name: 'Full Track Price' })).toBeInTheDocument();
  });

  it('/details shows the unlocked card: Full Track Price with Buy Now, About This Track; Back locks it again', async () => {
    stubMedia();
    mockApi({
      ...me,
      'GET /beat/b-1': { status: 200, body: { post: beatPost({ description: 'Hard drums.' }) } },
      'GET /beat': { status: 200, body: { posts: [beatPost()], pagination: page() } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/details?beat=b-1');
    const buy = await screen.findByRole('region', { name: 'Full Track Price' });
    expect(within(buy).getByRole('button', { name: 'Buy Now ₦999.00' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About This Track' })).toBeInTheDocument();
    expect(screen.getByText('Hard drums.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Preview Beats' })).toBeInTheDocument();
  });

  it('/details without a beat leads to /lock, and a missing beat offers Go Back, not Try Again', async () => {
    mockApi({ ...me, 'GET /beat/nope': { status: 404, body: { message: 'Beat post not found' } } });
    const first = renderRoutes(routes, '/details');
    expect(await screen.findByRole('link', { name: 'Preview Beats' })).toHaveAttribute('href', '/lock');
    first.unmount();
    renderRoutes(routes, '/details?beat=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Beat post not found');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/lock');
  });
});
