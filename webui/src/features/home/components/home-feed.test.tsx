import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, undocumented } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { HomePage } from './home-page';
import { audioPost, beatPost, page, stubIntersectionObserver, stubMedia, targetsOf, videoPost } from '@/features/posts/testing/player-stubs';

const routes = [{ path: '/home', element: <HomePage /> }];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;

/** The query string of each GET /feed, in order. */
function feedQueries(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map((args) => new URL(String(args[0])))
    .filter((url) => url.pathname.endsWith('/feed'))
    .map((url) => Object.fromEntries(url.searchParams));
}

const slot = (name: string) => screen.getByRole('article', { name }).parentElement!;
const mediaOf = (name: string) => screen.getByRole('article', { name }).querySelector('audio, video') as HTMLMediaElement;

describe('home feed: states', () => {
  it('shows a spinner while the first page loads', async () => {
    stubIntersectionObserver();
    stubMedia();
    mockApi({ ...me, 'GET /feed': 'pending' });
    renderRoutes(routes, '/home');
    expect(await screen.findByText('Loading feed...')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audio' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the spec text on failure and loads again on Try Again', async () => {
    stubIntersectionObserver();
    stubMedia();
    let fail = true;
    mockApi({
      ...me,
      'GET /feed': () => (fail ? { status: 401, body: { message: 'Unauthorized: Invalid or missing token' } } : { status: 200, body: { posts: [audioPost()], pagination: page() } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized: Please log in');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Lagos Nights by labelboss' })).toBeInTheDocument();
  });

  it('says the feed is empty when there is nothing to show', async () => {
    stubIntersectionObserver();
    stubMedia();
    mockApi({ ...me, 'GET /feed': { status: 200, body: { posts: [], pagination: page({ total: 0 }) } } });
    renderRoutes(routes, '/home');
    expect(await screen.findByRole('heading', { name: 'No audio posts yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/add');
  });
});

describe('home feed: slides', () => {
  const posts = [
    audioPost({ id: 'a-1', caption: 'First' }),
    beatPost({ id: 'b-1', caption: 'A beat' }),
    { ...audioPost({ id: 'x-1', caption: 'Mystery' }), kind: 'podcast' },
    audioPost({ id: 'a-2', caption: 'Second' }),
  ];

  it('asks for the audio tab, page size 10, mixes in beats for sale (locked) and skips kinds it cannot show', async () => {
    stubIntersectionObserver();
    stubMedia();
    const { fetchMock } = mockApi({ ...me, 'GET /feed': undocumented(200, { posts, pagination: page() }) });
    renderRoutes(routes, '/home');
    const feed = await screen.findByRole('feed', { name: 'Audio feed' });
    expect(within(feed).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'First by labelboss',
      'A beat by labelboss',
      'Second by labelboss',
    ]);
    const beat = within(feed).getByRole('article', { name: 'A beat by labelboss' });
    expect(within(beat).getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
    expect(within(beat).getByText('₦999.00')).toBeInTheDocument();
    expect(feedQueries(fetchMock)).toEqual([{ tab: 'audio', limit: '10' }]);
  });

  it('plays only the slide at least 60% visible; the one scrolled away pauses back at 0', async () => {
    const io = stubIntersectionObserver();
    const { play, pause } = stubMedia();
    mockApi({ ...me, 'GET /feed': undocumented(200, { posts, pagination: page() }) });
    renderRoutes(routes, '/home');
    await screen.findByRole('article', { name: 'First by labelboss' });
    const first = mediaOf('First by labelboss');
    const second = mediaOf('Second by labelboss');

    io.show(slot('First by labelboss'), 0.59);
    expect(screen.getByRole('article', { name: 'First by labelboss' })).not.toHaveAttribute('data-active');
    expect(targetsOf(play)).not.toContain(first);

    io.show(slot('First by labelboss'), 0.6);
    await waitFor(() => expect(targetsOf(play)).toContain(first));
    expect(targetsOf(play)).not.toContain(second);
    await waitFor(() => expect(within(slot('First by labelboss')).getByRole('button', { name: 'Pause' })).toBeInTheDocument());

    first.currentTime = 12;
    pause.mockClear();
    io.show(slot('First by labelboss'), 0.3);
    io.show(slot('Second by labelboss'), 0.7);
    await waitFor(() => expect(targetsOf(play)).toContain(second));
    expect(targetsOf(pause)).toContain(first);
    expect(first.currentTime).toBe(0);
    expect(within(slot('First by labelboss')).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('loads the next page when the last slide is half visible, following pagination.next', async () => {
    const io = stubIntersectionObserver();
    stubMedia();
    const { fetchMock } = mockApi({
      ...me,
      'GET /feed': (call) => {
        const url = new URL(call.url);
        return url.searchParams.get('cursor') === 'c2'
          ? { status: 200, body: { posts: [audioPost({ id: 'a-3', caption: 'Third' })], pagination: page({ hasNext: false }) } }
          : { status: 200, body: { posts: [audioPost({ id: 'a-1', caption: 'First' }), audioPost({ id: 'a-2', caption: 'Second' })], pagination: page({ hasNext: true, next: 'c2' }) } };
      },
    });
    renderRoutes(routes, '/home');
    await screen.findByRole('article', { name: 'Second by labelboss' });

    io.show(slot('First by labelboss'), 1);
    io.show(slot('Second by labelboss'), 0.49);
    expect(feedQueries(fetchMock)).toHaveLength(1);

    io.show(slot('Second by labelboss'), 0.5);
    expect(await screen.findByRole('article', { name: 'Third by labelboss' })).toBeInTheDocument();
    expect(feedQueries(fetchMock)).toEqual([{ tab: 'audio', limit: '10' }, { tab: 'audio', limit: '10', cursor: 'c2' }]);

    io.show(slot('Third by labelboss'), 1);
    await Promise.resolve();
    expect(feedQueries(fetchMock)).toHaveLength(2);
  });

  it('keeps the slides when the next page fails and retries it on Try Again', async () => {
    const io = stubIntersectionObserver();
    stubMedia();
    let fail = true;
    mockApi({
      ...me,
      'GET /feed': (call) => {
        const url = new URL(call.url);
        if (url.searchParams.get('cursor') !== 'c2') {
          return { status: 200, body: { posts: [audioPost({ id: 'a-1', caption: 'First' })], pagination: page({ hasNext: true, next: 'c2' }) } };
        }
        return fail
          ? { status: 500, body: { message: 'Server error. Please try again later.' } }
          : { status: 200, body: { posts: [audioPost({ id: 'a-2', caption: 'Second' })], pagination: page() } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    await screen.findByRole('article', { name: 'First by labelboss' });
    io.show(slot('First by labelboss'), 1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error: Please try again later');
    expect(screen.getByRole('article', { name: 'First by labelboss' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Second by labelboss' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('walks past a page holding only kinds it cannot show', async () => {
    stubIntersectionObserver();
    stubMedia();
    mockApi({
      ...me,
      'GET /feed': (call) => {
        const url = new URL(call.url);
        return url.searchParams.get('cursor') === 'c2'
          ? { status: 200, body: { posts: [audioPost({ id: 'a-9', caption: 'After the podcasts' })], pagination: page() } }
          : undocumented(200, { posts: [{ ...audioPost({ id: 'p-1' }), kind: 'podcast' }], pagination: page({ hasNext: true, next: 'c2' }) });
      },
    });
    renderRoutes(routes, '/home');
    expect(await screen.findByRole('article', { name: 'After the podcasts by labelboss' })).toBeInTheDocument();
  });

  it('switches to the video tab and shows video slides with a loading overlay until they can play', async () => {
    const io = stubIntersectionObserver();
    stubMedia();
    const { fetchMock } = mockApi({
      ...me,
      'GET /feed': (call) => {
        const url = new URL(call.url);
        return url.searchParams.get('tab') === 'video'
          ? { status: 200, body: { posts: [videoPost({ cover_photo: 'http://127.0.0.1:4566/zuum-media/covers/v-1.jpg' })], pagination: page() } }
          : { status: 200, body: { posts: [audioPost()], pagination: page() } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    await screen.findByRole('feed', { name: 'Audio feed' });
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(screen.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true');
    const slide = await screen.findByRole('article', { name: 'Studio session by labelboss' });
    expect(screen.getByRole('feed', { name: 'Video feed' })).toBeInTheDocument();
    expect(feedQueries(fetchMock).at(-1)).toEqual({ tab: 'video', limit: '10' });

    const video = slide.querySelector('video')!;
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('poster', 'http://127.0.0.1:4566/zuum-media/covers/v-1.jpg');
    const overlay = within(slide).getByTestId('video-overlay');
    expect(within(overlay).getByText('Loading video...')).toBeInTheDocument();

    // The thumbnail is the frame 2 s in while the slide is not playing.
    Object.defineProperty(video, 'duration', { configurable: true, value: 12 });
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(2);
    video.dispatchEvent(new Event('canplay'));
    await waitFor(() => expect(within(slide).queryByTestId('video-overlay')).not.toBeInTheDocument());

    io.show(slide.parentElement!, 0.9);
    await waitFor(() => expect(within(slide).getByRole('button', { name: 'Pause' })).toBeInTheDocument());
    expect(video.currentTime).toBe(0);
    for (const name of ['Like', 'Comments', 'Share']) expect(within(slide).getByRole('button', { name })).toBeInTheDocument();
    expect(within(slide).queryByRole('button', { name: 'Streaming platforms' })).not.toBeInTheDocument();
  });
});
