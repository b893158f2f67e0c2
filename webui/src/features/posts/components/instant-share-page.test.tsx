import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { audioPost, page, videoPost } from '@/features/posts/testing/player-stubs';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { InstantSharePage } from './instant-share-page';

const routes = [{ path: '/jet', element: <InstantSharePage /> }];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;
const empty = { status: 200, body: { posts: [], pagination: page() } };

describe('/jet, Instant Share', () => {
  it('lists your tracks and videos, newest first, each opening the share sheet', async () => {
    mockApi({
      ...me,
      [`GET /audio/user/${sampleProfile.id}`]: { status: 200, body: { posts: [audioPost({ caption: 'Old Song', created_at: '2026-01-01T00:00:00Z' })], pagination: page() } },
      [`GET /video/user/${sampleProfile.id}`]: { status: 200, body: { posts: [videoPost({ caption: 'New Clip', created_at: '2026-02-01T00:00:00Z' })], pagination: page() } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/jet');
    expect(await screen.findByRole('heading', { name: 'Instant Share' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your posts' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('New Clip'),
      expect.stringContaining('Old Song'),
    ]);
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share New Clip' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('leads to Upload when there is nothing to share', async () => {
    mockApi({ ...me, [`GET /audio/user/${sampleProfile.id}`]: empty, [`GET /video/user/${sampleProfile.id}`]: empty });
    renderRoutes(routes, '/jet');
    expect(await screen.findByText('You have nothing to share yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/add');
  });
});
