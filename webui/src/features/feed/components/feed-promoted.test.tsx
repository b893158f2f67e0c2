import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { audioPost, beatPost, page, stubIntersectionObserver, stubMedia } from '@/features/posts/testing/player-stubs';
import { Feed } from './feed';

const slot = (name: string) => screen.getByRole('article', { name }).parentElement!;

describe('feed: promoted posts and plays', () => {
  it('labels a slide whose post is promoted, and only that one', async () => {
    stubIntersectionObserver();
    stubMedia();
    const posts = [
      audioPost({ id: 'a-1', caption: 'Organic' }),
      beatPost({ id: 'b-1', caption: 'Paid beat', is_promoted: true }),
      audioPost({ id: 'a-2', caption: 'Paid song', is_promoted: true }),
    ];
    mockApi({ 'GET /feed': { status: 200, body: { posts, pagination: page() } } });
    renderRoutes([{ path: '/home', element: <Feed tab="audio" /> }], '/home');
    await screen.findByRole('article', { name: 'Organic by labelboss' });
    expect(within(slot('Organic by labelboss')).queryByText('Promoted')).not.toBeInTheDocument();
    expect(within(slot('Paid beat by labelboss')).getByText('Promoted')).toBeInTheDocument();
    expect(within(slot('Paid song by labelboss')).getByText('Promoted')).toBeInTheDocument();
    expect(screen.getAllByText('Promoted')).toHaveLength(2);
  });

  it('reports a play when a slide starts playing, once per post however often it plays again', async () => {
    stubIntersectionObserver();
    stubMedia();
    const posts = [audioPost({ id: 'a-1', caption: 'Song' }), beatPost({ id: 'b-1', caption: 'Beat', is_promoted: true })];
    const { calls } = mockApi({
      'GET /feed': { status: 200, body: { posts, pagination: page() } },
      'POST /audio/a-1/play': { status: 204 },
      'POST /beat/b-1/play': { status: 204 },
    });
    renderRoutes([{ path: '/home', element: <Feed tab="audio" /> }], '/home');
    await screen.findByRole('article', { name: 'Song by labelboss' });
    const reports = () => calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(reports()).toEqual([]);
    const media = (name: string) => slot(name).querySelector('audio') as HTMLMediaElement;
    fireEvent.play(media('Beat by labelboss'));
    await waitFor(() => expect(reports()).toEqual(['/beat/b-1/play']));
    fireEvent.play(media('Beat by labelboss'));
    fireEvent.play(media('Song by labelboss'));
    await waitFor(() => expect(reports()).toEqual(['/beat/b-1/play', '/audio/a-1/play']));
  });
});
