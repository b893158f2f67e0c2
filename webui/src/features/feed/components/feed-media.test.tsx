import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setDataSaver } from '@/lib/data-saver';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { audioPost, beatPost, page, stubIntersectionObserver, stubMedia, targetsOf, videoPost } from '@/features/posts/testing/player-stubs';
import { Feed } from './feed';

const article = (name: string) => screen.getByRole('article', { name });
const slot = (name: string) => article(name).parentElement!;
const mediaOf = (name: string) => article(name).querySelector('audio, video') as HTMLMediaElement;
const names = ['One', 'Two', 'Three', 'Four'].map((n) => `${n} by labelboss`);
const fourSongs = ['One', 'Two', 'Three', 'Four'].map((caption, i) =>
  audioPost({ id: `a-${i}`, caption, cover_photo: `http://127.0.0.1:4566/zuum-media/covers/a-${i}.png`, audio_upload: `http://127.0.0.1:4566/zuum-media/audio/a-${i}.mp3` }),
);

/** Each slide's media as "src preload" ("-" without src, or without a player at all: a far slide's placeholder), in order. */
const sources = () =>
  names.map((name) => {
    const el = article(name).querySelector('audio, video');
    return el?.hasAttribute('src') ? `${el.getAttribute('src')!.split('/').pop()} ${el.getAttribute('preload')}` : '-';
  });
/** The cover <img> each slide shows ("-" while only its placeholder is there). */
const covers = () => names.map((name) => article(name).querySelector('.slide-cover img')?.getAttribute('src')?.split('/').pop() ?? '-');

async function openFeed(posts: unknown[], routes: Record<string, unknown> = {}) {
  const io = stubIntersectionObserver();
  const media = stubMedia();
  const api = mockApi({ 'GET /feed': { status: 200, body: { posts, pagination: page() } }, ...routes } as Parameters<typeof mockApi>[0]);
  renderRoutes([{ path: '/home', element: <Feed tab="audio" /> }], '/home');
  await screen.findByRole('article', { name: names[0] });
  return { io, ...media, ...api };
}

describe('feed media: what each slide loads', () => {
  it('gives only the first slide (metadata) and the next (nothing preloaded) a source; the rest have no src at all', async () => {
    await openFeed(fourSongs);
    expect(sources()).toEqual(['a-0.mp3 metadata', 'a-1.mp3 none', '-', '-']);
    expect(covers()).toEqual(['a-0.png', 'a-1.png', '-', '-']);
  });

  it('moves the sources along as slides become active; a slide scrolled past gives its source up', async () => {
    const { io, play } = await openFeed(fourSongs);
    io.show(slot(names[0]), 1);
    await waitFor(() => expect(targetsOf(play)).toContain(mediaOf(names[0])));
    io.show(slot(names[0]), 0);
    io.show(slot(names[2]), 0.8);
    await waitFor(() => expect(sources()).toEqual(['-', '-', 'a-2.mp3 metadata', 'a-3.mp3 none']));
    expect(targetsOf(play)).toContain(mediaOf(names[2]));
    expect(covers()).toEqual(['a-0.png', 'a-1.png', 'a-2.png', 'a-3.png']);
    // Between two slides (none 60% in view) the last active one keeps its place.
    io.show(slot(names[2]), 0.4);
    expect(sources()).toEqual(['-', '-', 'a-2.mp3 metadata', 'a-3.mp3 none']);
  });

  it('fetches the first cover at once at high priority and every other one lazily, each with its size', async () => {
    await openFeed(fourSongs);
    const first = within(article(names[0])).getByRole('img', { name: 'Cover of One' });
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    const second = within(article(names[1])).getByRole('img', { name: 'Cover of Two' });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
    for (const img of [first, second]) {
      expect(img).toHaveAttribute('decoding', 'async');
      expect(img).toHaveAttribute('width', '280');
      expect(img).toHaveAttribute('height', '280');
    }
    // A cover not fetched yet keeps its name, for screen readers, without an <img>.
    expect(within(article(names[2])).getByRole('img', { name: 'Cover of Three' })).not.toHaveAttribute('src');
  });

  it('keeps a beat\'s preview unloaded until it comes near', async () => {
    await openFeed([...fourSongs.slice(0, 2), beatPost({ id: 'b-9', caption: 'Three' }), fourSongs[3]]);
    expect(mediaOf(names[2])).not.toHaveAttribute('src');
  });
});

describe('feed media: far slides', () => {
  const sixSongs = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((caption, i) => audioPost({ id: `a-${i}`, caption }));
  const drawn = () =>
    screen.getAllByRole('article').map((a) => (a.classList.contains('slide-placeholder') ? '-' : a.getAttribute('aria-label')!.split(' ')[0]));

  it('draws only the slides near the one in view; the rest are named placeholders without player or cover', async () => {
    const { io } = await openFeed(sixSongs);
    expect(drawn()).toEqual(['One', 'Two', 'Three', '-', '-', '-']);
    const far = article('Five by labelboss');
    expect(far.querySelector('audio, video, img')).toBeNull();
    expect(within(far).queryByRole('button')).toBeNull();
    expect(far.parentElement).toHaveClass('feed-slot');
    // Scrolled down, the window follows: two behind, two ahead.
    io.show(slot('One by labelboss'), 0);
    io.show(slot('Four by labelboss'), 1);
    await waitFor(() => expect(drawn()).toEqual(['-', 'Two', 'Three', 'Four', 'Five', 'Six']));
  });
});

describe('feed media: covers with renditions', () => {
  const PLACEHOLDER = 'data:image/jpeg;base64,/9j/2wBDAAgGBgcGBQ==';
  const withRenditions = (id: string, caption: string) => ({
    ...audioPost({ id, caption }),
    cover_width: 1200,
    cover_height: 1200,
    cover_placeholder: PLACEHOLDER,
    cover_renditions: [160, 480, 960].map((width) => ({ width, url: `http://127.0.0.1:4566/zuum-media/covers/${id}/${width}.jpg` })),
  });

  it('offers the renditions by width for the cover\'s box, over the blurred placeholder', async () => {
    await openFeed([withRenditions('a-0', 'One'), ...fourSongs.slice(1)]);
    const img = within(article(names[0])).getByRole('img', { name: 'Cover of One' });
    expect(img).toHaveAttribute('srcset', ['160', '480', '960'].map((w) => `http://127.0.0.1:4566/zuum-media/covers/a-0/${w}.jpg ${w}w`).join(', '));
    expect(img).toHaveAttribute('sizes', 'min(68vw, 280px)');
    expect(img).toHaveAttribute('src', 'http://127.0.0.1:4566/zuum-media/covers/a-0/480.jpg');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '1200');
    expect(img.style.backgroundImage).toContain(PLACEHOLDER);
    // The backdrop is the placeholder too: no second download for a blurred picture.
    expect((article(names[0]).querySelector('.slide-backdrop') as HTMLElement).style.backgroundImage).toContain(PLACEHOLDER);
  });

  it('with data saver shows the smallest rendition alone', async () => {
    setDataSaver(true);
    await openFeed([withRenditions('a-0', 'One'), ...fourSongs.slice(1)]);
    const img = within(article(names[0])).getByRole('img', { name: 'Cover of One' });
    expect(img).toHaveAttribute('src', 'http://127.0.0.1:4566/zuum-media/covers/a-0/160.jpg');
    expect(img).not.toHaveAttribute('srcset');
  });
});

describe('feed media: data saver', () => {
  it('gives the slide in view alone a source and cover, and plays nothing until tapped; a tap still counts the play', async () => {
    setDataSaver(true);
    const { io, play, calls } = await openFeed(fourSongs, { 'POST /audio/a-0/play': { status: 204 } });
    expect(sources()).toEqual(['a-0.mp3 metadata', '-', '-', '-']);
    expect(covers()).toEqual(['a-0.png', '-', '-', '-']);
    io.show(slot(names[0]), 1);
    await waitFor(() => expect(article(names[0])).toHaveAttribute('data-active'));
    expect(targetsOf(play)).toEqual([]);
    const user = userEvent.setup();
    await user.click(within(article(names[0])).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(targetsOf(play)).toEqual([mediaOf(names[0])]));
    fireEvent.play(mediaOf(names[0]));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/audio/a-0/play']));
    // Scrolled to, the next slide gets its source but waits for its own tap.
    io.show(slot(names[0]), 0);
    io.show(slot(names[1]), 1);
    await waitFor(() => expect(sources()).toEqual(['-', 'a-1.mp3 metadata', '-', '-']));
    expect(targetsOf(play)).toEqual([mediaOf(names[0])]);
  });

  it('shows a video\'s cover, without loading the video or a spinner, until it is tapped', async () => {
    setDataSaver(true);
    stubIntersectionObserver();
    stubMedia();
    const cover = 'http://127.0.0.1:4566/zuum-media/covers/v-1/160.jpg';
    const post = {
      ...videoPost({ cover_photo: 'http://127.0.0.1:4566/zuum-media/covers/v-1.jpg' }),
      cover_renditions: [160, 480].map((width) => ({ width, url: `http://127.0.0.1:4566/zuum-media/covers/v-1/${width}.jpg` })),
    };
    mockApi({ 'GET /feed': { status: 200, body: { posts: [post], pagination: page() } } });
    renderRoutes([{ path: '/home', element: <Feed tab="video" /> }], '/home');
    const slide = await screen.findByRole('article', { name: 'Studio session by labelboss' });
    const video = slide.querySelector('video')!;
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', cover);
    expect(within(slide).queryByText('Loading video...')).not.toBeInTheDocument();
    // The overlay shows the poster's own file (the smallest rendition here): one download.
    expect(within(slide).getByTestId('video-overlay').querySelector('img')).toHaveAttribute('src', cover);
    expect(within(slide).getByTestId('video-overlay').querySelector('img')).not.toHaveAttribute('srcset');
  });

  it('without data saver gives the poster and the overlay the same rendition, the one for the column\'s width', async () => {
    stubIntersectionObserver();
    stubMedia();
    const post = {
      ...videoPost({ cover_photo: 'http://127.0.0.1:4566/zuum-media/covers/v-1.jpg' }),
      cover_renditions: [160, 480, 960].map((width) => ({ width, url: `http://127.0.0.1:4566/zuum-media/covers/v-1/${width}.jpg` })),
    };
    mockApi({ 'GET /feed': { status: 200, body: { posts: [post], pagination: page() } } });
    renderRoutes([{ path: '/home', element: <Feed tab="video" /> }], '/home');
    const slide = await screen.findByRole('article', { name: 'Studio session by labelboss' });
    const poster = 'http://127.0.0.1:4566/zuum-media/covers/v-1/480.jpg';
    expect(slide.querySelector('video')).toHaveAttribute('poster', poster);
    expect(within(slide).getByTestId('video-overlay').querySelector('img')).toHaveAttribute('src', poster);
    expect(within(slide).getByText('Loading video...')).toBeInTheDocument();
  });
});
