import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import defaultAvatar from '@/assets/default-avatar.svg';
import { DATA_SAVER_KEY } from '@/lib/data-saver';
import { mockApi, type RecordedCall } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { audioPost, comment, page, stubMedia, targetsOf } from '../testing/player-stubs';
import { AudioPostPage } from './audio-post-page';
import { COPIED_MS, PLACEHOLDER_RECIPIENTS } from './share-sheet';
import { TAP_ICON_MS } from './use-playback';

const parentClick = vi.fn();
const routes = [
  { path: '/music/:postId', element: <div onClick={parentClick}><AudioPostPage /></div> },
  { path: '/profile', element: <p>Own profile</p> },
  { path: '/profile/:userId', element: <p>Someone else’s profile</p> },
];

const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

afterEach(() => {
  vi.useRealTimers();
  parentClick.mockReset();
});

async function openPost(extra: Parameters<typeof mockApi>[0] = {}, post = audioPost()) {
  stubMedia();
  const api = mockApi({ ...me, 'GET /audio/a-1': { status: 200, body: { post } }, ...extra });
  const user = userEvent.setup();
  const view = renderRoutes(routes, '/music/a-1');
  await screen.findByRole('heading', { name: post.caption });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled());
  return { ...api, ...view, user };
}

const likeCount = () => screen.getByTestId('like-count').textContent;

describe('like (spec §4)', () => {
  it('toggles at once, sends post_id as a string, and is disabled while the call runs', async () => {
    const { user, calls } = await openPost({ 'POST /audio/react': 'pending' });
    const like = screen.getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount()).toBe('4');

    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(likeCount()).toBe('5');
    expect(like).toBeDisabled();
    const sent = calls.find((c) => c.path === '/audio/react')!;
    expect(bodyOf(sent.init)).toEqual({ post_id: 'a-1', like: true, unlike: false });
    expect(parentClick).not.toHaveBeenCalled();
  });

  it('unlikes a liked post and keeps the count the server answers', async () => {
    const { user, calls } = await openPost(
      { 'POST /audio/react': { status: 200, body: { message: 'ok', reactions: 12, isLiked: false } } },
      audioPost({ isLiked: true, is_liked: true, reactions: 13 }),
    );
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(likeCount()).toBe('12'));
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(bodyOf(calls.find((c) => c.path === '/audio/react')!.init)).toEqual({ post_id: 'a-1', like: false, unlike: true });
  });

  it('puts the like back and says why when the call fails', async () => {
    const { user } = await openPost({ 'POST /audio/react': { status: 404, body: { message: 'Post not found' } } });
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Post not found');
    expect(likeCount()).toBe('4');
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is disabled until there is a profile', async () => {
    stubMedia();
    mockApi({ 'GET /user/profile': 'pending', 'GET /audio/a-1': { status: 200, body: { post: audioPost() } } });
    renderRoutes(routes, '/music/a-1');
    expect(await screen.findByRole('button', { name: 'Like' })).toBeDisabled();
  });
});

describe('audio slide', () => {
  it('shows artist with the AUDIO badge, cover, uploader link and caption; plays the looping track', async () => {
    const { play } = stubMedia();
    mockApi({ ...me, 'GET /audio/a-1': { status: 200, body: { post: audioPost() } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/music/a-1');
    const slide = await screen.findByRole('article', { name: 'Lagos Nights by labelboss' });
    expect(within(slide).getByText('AUDIO')).toBeInTheDocument();
    expect(within(slide).getByRole('img', { name: 'Cover of Lagos Nights' })).toHaveAttribute('src', audioPost().cover_photo);
    const audio = slide.querySelector('audio')!;
    expect(audio).toHaveAttribute('loop');
    expect(audio).toHaveAttribute('src', audioPost().audio_upload);
    await waitFor(() => expect(targetsOf(play)).toContain(audio));
    expect(await within(slide).findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.click(within(slide).getByRole('link', { name: 'labelboss' }));
    expect(await screen.findByText('Someone else’s profile')).toBeInTheDocument();
  });

  it('plays the normal listening copy, the data-saver one when data saver is on, and the upload without copies', async () => {
    const copies = [
      { kbps: 64, format: 'm4a', url: 'https://cdn.test/media/u/audio/t.a64.m4a' },
      { kbps: 128, format: 'm4a', url: 'https://cdn.test/media/u/audio/t.a128.m4a' },
    ] as const;
    for (const [saver, renditions, want] of [
      [null, copies, copies[1].url],
      ['on', copies, copies[0].url],
      ['on', [], audioPost().audio_upload],
    ] as const) {
      if (saver) localStorage.setItem(DATA_SAVER_KEY, saver);
      stubMedia();
      mockApi({ ...me, 'GET /audio/a-1': { status: 200, body: { post: audioPost({ audio_renditions: [...renditions] }) } } });
      const view = renderRoutes(routes, '/music/a-1');
      const slide = await screen.findByRole('article', { name: 'Lagos Nights by labelboss' });
      expect(slide.querySelector('audio')).toHaveAttribute('src', want);
      view.unmount();
      localStorage.clear();
    }
  });

  it('links your own upload to /profile and falls back to the default avatar', async () => {
    const { user } = await openPost({}, audioPost({ profile_id: 'u-1', username: 'adabeats' }));
    const link = screen.getByRole('link', { name: 'adabeats' });
    expect(link.querySelector('img')).toHaveAttribute('src', defaultAvatar);
    await user.click(link);
    expect(await screen.findByText('Own profile')).toBeInTheDocument();
  });

  it('tap pauses and plays, flashing the icon for 800 ms', async () => {
    const { pause } = stubMedia();
    mockApi({ ...me, 'GET /audio/a-1': { status: 200, body: { post: audioPost() } } });
    renderRoutes(routes, '/music/a-1');
    const tap = await screen.findByRole('button', { name: 'Pause' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    pause.mockClear();
    fireEvent.click(tap);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByTestId('tap-icon')).toHaveAttribute('data-icon', 'pause');
    act(() => vi.advanceTimersByTime(TAP_ICON_MS - 1));
    expect(screen.getByTestId('tap-icon')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('tap-icon')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('tap-icon')).toHaveAttribute('data-icon', 'play');
    vi.useRealTimers();
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('stays paused when the browser refuses to autoplay', async () => {
    stubMedia({ refusePlay: true });
    mockApi({ ...me, 'GET /audio/a-1': { status: 200, body: { post: audioPost() } } });
    renderRoutes(routes, '/music/a-1');
    await screen.findByRole('heading', { name: 'Lagos Nights' });
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('shows progress as current time over duration', async () => {
    await openPost();
    const audio = document.querySelector('audio')!;
    Object.defineProperty(audio, 'duration', { configurable: true, value: 40 });
    audio.currentTime = 10;
    fireEvent.timeUpdate(audio);
    const bar = screen.getByRole('progressbar', { name: 'Playback progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '0:10 of 0:40');
  });
});

describe('comments sheet (spec §2, §4)', () => {
  it('shows the count and the empty text, and keeps Send disabled for blank text', async () => {
    const { user } = await openPost({
      'GET /audio/a-1/comments': { status: 200, body: { comments: [], pagination: page({ total: 0 }) } },
    }, audioPost({ comments: 0 }));
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    const sheet = await screen.findByRole('dialog', { name: 'Comments (0)' });
    expect(await within(sheet).findByText('No comments yet. Be the first to comment!')).toBeInTheDocument();
    const input = within(sheet).getByPlaceholderText('Add a comment...');
    const send = within(sheet).getByRole('button', { name: 'Send comment' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    expect(parentClick).not.toHaveBeenCalled();
  });

  it('sends with a paper-plane icon, not the share icon', async () => {
    const { user } = await openPost({
      'GET /audio/a-1/comments': { status: 200, body: { comments: [], pagination: page({ total: 0 }) } },
    });
    const shareIcon = screen.getByRole('button', { name: 'Share' }).querySelector('path')!.getAttribute('d');
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    const send = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send comment' });
    expect(send.querySelector('svg')).toHaveAttribute('data-icon', 'send');
    expect(send.querySelector('path')!.getAttribute('d')).not.toBe(shareIcon);
  });

  it('lists comments with their age and loads the next page', async () => {
    const { user, fetchMock } = await openPost({
      'GET /audio/a-1/comments': () => {
        const url = String(fetchMock.mock.calls.at(-1)?.[0]);
        return url.includes('cursor=p2')
          ? { status: 200, body: { comments: [comment({ id: 'c-0', comment: 'Older one', created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() })], pagination: page() } }
          : { status: 200, body: { comments: [comment({ id: 'c-1', comment: 'Fire!' }), comment({ id: 'c-2', comment: 'Again!', created_at: new Date().toISOString() })], pagination: page({ hasNext: true, next: 'p2' }) } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getByText('Fire!').closest('li')).toHaveTextContent('5 minutes ago');
    expect(within(list).getByText('Again!').closest('li')).toHaveTextContent('Just now');
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await within(list).findByText('Older one')).toBeInTheDocument();
    expect(within(list).getByText('Older one').closest('li')).toHaveTextContent('3 days ago');
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();
  });

  it('shows the new comment at once, clears the input, counts it, and merges the stored one by id', async () => {
    const { user, calls } = await openPost({
      'GET /audio/a-1/comments': { status: 200, body: { comments: [comment({ id: 'c-1' })], pagination: page() } },
      'POST /audio/comment/create': 'pending',
    });
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    const sheet = await screen.findByRole('dialog');
    await within(sheet).findByText('Fire!');
    const input = within(sheet).getByPlaceholderText('Add a comment...');
    await user.type(input, '  Great track  ');
    await user.click(within(sheet).getByRole('button', { name: 'Send comment' }));

    expect(input).toHaveValue('');
    const item = within(sheet).getByText('Great track').closest('li')!;
    expect(item).toHaveAttribute('aria-busy', 'true');
    expect(item).toHaveTextContent('Just now');
    expect(within(sheet).getByRole('heading', { name: 'Comments (3)' })).toBeInTheDocument();
    expect(screen.getByTestId('comments-count')).toHaveTextContent('3');
    expect(bodyOf(calls.find((c) => c.path === '/audio/comment/create')!.init)).toEqual({ post_id: 'a-1', comment: 'Great track' });
    expect(within(sheet).getByRole('button', { name: 'Send comment' })).toBeDisabled();
  });

  it('merges the stored comment with the optimistic one by id after the server answers', async () => {
    const created = comment({ id: 'c-9', comment: 'Great track', created_at: new Date().toISOString(), username: 'adabeats' });
    let stored = [comment({ id: 'c-1' })];
    const { user } = await openPost({
      'GET /audio/a-1/comments': () => ({ status: 200, body: { comments: stored, pagination: page() } }),
      'POST /audio/comment/create': () => {
        stored = [created, ...stored];
        return { status: 201, body: { ...created, comment: created } };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    const sheet = await screen.findByRole('dialog');
    await within(sheet).findByText('Fire!');
    await user.type(within(sheet).getByPlaceholderText('Add a comment...'), 'Great track');
    await user.click(within(sheet).getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(within(sheet).getByText('Great track').closest('li')).not.toHaveAttribute('aria-busy'));
    await waitFor(() => expect(within(sheet).getAllByText('Great track')).toHaveLength(1));
    expect(within(sheet).getAllByRole('listitem')).toHaveLength(2);
  });

  it('marks a refused comment "Failed to send" and takes the count back', async () => {
    const { user } = await openPost({
      'GET /audio/a-1/comments': { status: 200, body: { comments: [], pagination: page({ total: 0 }) } },
      'POST /audio/comment/create': { status: 400, body: { message: 'Validation', errors: [{ field: 'comment', msg: 'Comment must be at most 1000 characters' }] } },
    }, audioPost({ comments: 0 }));
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    const sheet = await screen.findByRole('dialog');
    await within(sheet).findByText('No comments yet. Be the first to comment!');
    await user.type(within(sheet).getByPlaceholderText('Add a comment...'), 'Too long, say');
    await user.click(within(sheet).getByRole('button', { name: 'Send comment' }));
    const failure = await within(sheet).findByRole('alert');
    expect(failure).toHaveTextContent('Failed to send');
    expect(failure).toHaveTextContent('Comment must be at most 1000 characters');
    expect(within(sheet).getByText('Too long, say')).toBeInTheDocument();
    expect(screen.getByTestId('comments-count')).toHaveTextContent('0');
  });

  it('says why the list could not load and offers Try Again; Escape closes the sheet', async () => {
    let fail = true;
    const { user } = await openPost({
      'GET /audio/a-1/comments': () => (fail ? { status: 404, body: { message: 'Audio post not found' } } : { status: 200, body: { comments: [comment()], pagination: page() } }),
    });
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    const sheet = await screen.findByRole('dialog');
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Audio post not found');
    fail = false;
    await user.click(within(sheet).getByRole('button', { name: 'Try Again' }));
    expect(await within(sheet).findByText('Fire!')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('share sheet (spec §2)', () => {
  const shareUrl = 'http://127.0.0.1:8080/shared-audio/s-1';
  const ownPage = () => `${window.location.origin}/music/a-1`;
  const shareCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/audio/share');

  /** After userEvent.setup(), which puts its own clipboard in place. */
  function stubClipboard() {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return writeText;
  }

  it('records no share when the sheet is only opened and closed', async () => {
    const { user, calls } = await openPost({ 'POST /audio/share': { status: 201, body: { shareId: 's-1', url: shareUrl, shares: 2 } } });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share this track' });
    expect(within(sheet).getByLabelText('Link')).toHaveValue(ownPage());
    expect(within(sheet).getByLabelText('Link')).toHaveAttribute('readonly');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(shareCalls(calls)).toHaveLength(0);
    expect(screen.getByTestId('share-count')).toHaveTextContent('1');
  });

  it('copying records one share, copies the link the server answers and shows its count', async () => {
    const { user, calls } = await openPost({ 'POST /audio/share': { status: 201, body: { shareId: 's-1', url: shareUrl, shares: 2 } } });
    const writeText = stubClipboard();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share this track' });
    await user.click(within(sheet).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(shareUrl));
    expect(within(sheet).getByLabelText('Link')).toHaveValue(shareUrl);
    expect(screen.getByTestId('share-count')).toHaveTextContent('2');
    expect(shareCalls(calls)).toHaveLength(1);
    expect(bodyOf(shareCalls(calls)[0].init)).toEqual({ post_id: 'a-1' });
    expect(parentClick).not.toHaveBeenCalled();
  });

  it('choosing a network records a share and opens it in a new tab with the shared link', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let shares = 1;
    const { user, calls } = await openPost({
      'POST /audio/share': () => ({ status: 201, body: { shareId: 's-1', url: shareUrl, shares: ++shares } }),
    });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share this track' });

    const expected: Record<string, string> = {
      Twitter: `https://twitter.com/intent/tweet?url=${encodeURIComponent(shareUrl)}&text=Lagos%20Nights`,
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shareUrl)}`,
      WhatsApp: `https://wa.me/?text=${encodeURIComponent(`Lagos Nights ${shareUrl}`)}`,
      Telegram: `https://t.me/share/url?url=${encodeURIComponent(shareUrl)}&text=Lagos%20Nights`,
    };
    let n = 0;
    for (const [name, url] of Object.entries(expected)) {
      await user.click(within(sheet).getByRole('button', { name }));
      n += 1;
      await waitFor(() => expect(open).toHaveBeenLastCalledWith(url, '_blank', 'noopener,noreferrer'));
      expect(shareCalls(calls)).toHaveLength(n);
      await waitFor(() => expect(screen.getByTestId('share-count')).toHaveTextContent(String(1 + n)));
    }
  });

  it('sends the tab it opened at once to the network once the share is recorded', async () => {
    const tab = { opener: window as unknown, location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await openPost({ 'POST /audio/share': { status: 201, body: { url: shareUrl, shares: 2 } } });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Facebook' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.href).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shareUrl)}`));
  });

  it('says Instagram and direct sends are not implemented, and records no share for them', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, calls } = await openPost({ 'POST /audio/share': { status: 201, body: { url: shareUrl, shares: 2 } } });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog');
    await user.click(within(sheet).getByRole('button', { name: 'Instagram' }));
    expect(alert).toHaveBeenLastCalledWith('Instagram sharing is not implemented yet.');
    const direct = within(within(sheet).getByRole('region', { name: 'Send directly to' })).getAllByRole('button');
    expect(direct.map((b) => b.getAttribute('aria-label'))).toEqual(PLACEHOLDER_RECIPIENTS.map((n) => `Send to ${n}`));
    expect(direct).toHaveLength(5);
    await user.click(direct[2]);
    expect(alert).toHaveBeenLastCalledWith('Sending directly is not implemented yet.');
    expect(shareCalls(calls)).toHaveLength(0);
  });

  it('shows "Copied!" for 2 seconds', async () => {
    const { user } = await openPost({ 'POST /audio/share': { status: 201, body: { url: shareUrl, shares: 2 } } });
    stubClipboard();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const copy = screen.getByRole('button', { name: 'Copy' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(copy);
    });
    // The share call answers on real I/O turns, which the fake clock leaves alone.
    for (let i = 0; i < 100 && !screen.queryByRole('button', { name: 'Copied!' }); i++) {
      await act(() => new Promise((resolve) => queueMicrotask(() => resolve(undefined))));
    }
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('copies the post’s own page and says why when the share call fails', async () => {
    const { user } = await openPost({ 'POST /audio/share': { status: 404, body: { message: 'Audio post not found' } } });
    const writeText = stubClipboard();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog');
    await user.click(within(sheet).getByRole('button', { name: 'Copy' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Audio post not found');
    expect(writeText).toHaveBeenCalledWith(ownPage());
    expect(within(sheet).getByLabelText('Link')).toHaveValue(ownPage());
    expect(screen.getByTestId('share-count')).toHaveTextContent('1');
  });
});

describe('streaming platforms sheet', () => {
  it('links the platforms the post names and marks the rest Not Available', async () => {
    const { user } = await openPost({}, audioPost({ youtube_music: 'javascript:alert(1)' }));
    await user.click(screen.getByRole('button', { name: 'Streaming platforms' }));
    const sheet = await screen.findByRole('dialog', { name: 'Streaming Platforms' });
    const rows = within(sheet).getAllByRole('listitem');
    expect(rows.map((r) => r.firstChild?.textContent)).toEqual(['Spotify', 'Apple Music', 'YouTube Music', 'Boomplay', 'Audiomark']);
    const spotify = within(rows[0]).getByRole('link', { name: 'Spotify: Available' });
    expect(spotify).toHaveAttribute('href', 'https://open.spotify.com/track/1');
    expect(spotify).toHaveAttribute('target', '_blank');
    expect(within(rows[1]).getByText('Not Available')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Not Available')).toBeInTheDocument();
    expect(within(rows[3]).getByRole('link', { name: 'Boomplay: Available' })).toBeInTheDocument();
    expect(within(rows[4]).getByText('Not Available')).toBeInTheDocument();
    await user.click(screen.getByTestId('sheet-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
