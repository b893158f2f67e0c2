import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { audioPost, beatPost, page, stubIntersectionObserver, stubMedia } from '@/features/posts/testing/player-stubs';
import { Feed } from './feed';

const slot = (name: string) => screen.getByRole('article', { name }).parentElement!;

describe('feed: promoted posts', () => {
  it('labels a slide whose post is promoted, and only that one', async () => {
    stubIntersectionObserver();
    stubMedia();
    const posts = [
      audioPost({ id: 'a-1', caption: 'Organic' }),
      beatPost({ id: 'b-1', caption: 'Paid beat', is_promoted: true }),
      { ...audioPost({ id: 'a-2', caption: 'Paid song' }), is_promoted: true },
    ];
    mockApi({ 'GET /feed': { status: 200, body: { posts, pagination: page() } } });
    renderRoutes([{ path: '/home', element: <Feed tab="audio" /> }], '/home');
    await screen.findByRole('article', { name: 'Organic by labelboss' });
    expect(within(slot('Organic by labelboss')).queryByText('Promoted')).not.toBeInTheDocument();
    expect(within(slot('Paid beat by labelboss')).getByText('Promoted')).toBeInTheDocument();
    expect(within(slot('Paid song by labelboss')).getByText('Promoted')).toBeInTheDocument();
    expect(screen.getAllByText('Promoted')).toHaveLength(2);
  });
});
