import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi, undocumented } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { audioPost, page, videoPost } from '@/testing/posts';
import type { Profile } from '@/types/api';
import { OwnProfilePage } from './own-profile-page';
import { PublicProfilePage } from './public-profile-page';

const routes = [
  { path: '/profile', element: <RequireAuth><OwnProfilePage /></RequireAuth> },
  { path: '/profile/:userId', element: <RequireAuth><PublicProfilePage /></RequireAuth> },
];

const me = { 'GET /user/profile': { status: 200, body: sampleProfile } };
const other: Profile = {
  ...sampleProfile, id: 'u-2', username: 'labelboss', identity: 'record_label', email: undefined, phonenumber: undefined,
  followers_count: 7, following_count: 2, is_following: false,
};
const noPosts = { status: 200 as const, body: { posts: [], pagination: { total: 0, totalPages: 0, currentPage: 1, hasNext: false, hasPrev: false, next: null } } };
const otherPosts = { 'GET /audio/user/u-2': noPosts, 'GET /video/user/u-2': noPosts };

/** Holds calls to `path` until release() is called, so the in-between state can be seen. */
function holdRequests(fetchMock: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input)).pathname.endsWith(path)) await gate;
    return fetchMock(input, init);
  });
  return release;
}

const counts = () => {
  const [followers, following] = within(screen.getByRole('banner')).getAllByRole('definition');
  return { followers: followers.textContent, following: following.textContent };
};

describe('profile post grids', () => {
  it('shows your own audio and video posts with captions or "Untitled", linking to their pages', async () => {
    const { fetchMock } = mockApi({
      ...me,
      'GET /audio/user': { status: 200, body: { posts: [audioPost({ id: 'a-1', caption: 'Lagos nights', cover_photo: '/public/c.jpg' }), audioPost({ id: 'a-2', caption: '  ', cover_photo: '' })], pagination: page() } },
      'GET /video/user': { status: 200, body: { posts: [videoPost({ id: 'v-1', caption: 'Studio', public: false, cover_photo: '' })], pagination: page() } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile');
    const audio = await screen.findByRole('list', { name: 'Audio posts' });
    expect(within(audio).getByRole('link', { name: 'Lagos nights' })).toHaveAttribute('href', '/music/a-1');
    expect(within(audio).getByRole('link', { name: 'Untitled' })).toHaveAttribute('href', '/music/a-2');
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    const video = await screen.findByRole('list', { name: 'Video posts' });
    expect(within(video).getByRole('link', { name: /Studio/ })).toHaveAttribute('href', '/videos/v-1');
    expect(within(video).getByText('Private')).toBeInTheDocument();
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/api/audio/user', '/api/video/user']));
  });

  it('draws a tile\'s cover from its renditions, lazily and sized, over its placeholder; the smallest alone with data saver', async () => {
    const withRenditions = audioPost({
      id: 'a-1', caption: 'Lagos nights', cover_photo: '/public/c.jpg', cover_width: 960, cover_height: 960,
      cover_placeholder: 'data:image/jpeg;base64,/9j/2w==',
      cover_renditions: [160, 480, 960].map((width) => ({ width, url: `https://media.example/c/${width}.jpg` })),
    });
    mockApi({ ...me, 'GET /audio/user': { status: 200, body: { posts: [withRenditions], pagination: page() } }, 'GET /video/user': noPosts });
    renderRoutes(routes, '/profile');
    const tile = await screen.findByRole('link', { name: 'Lagos nights' });
    const img = tile.querySelector('img')!;
    expect(img).toHaveAttribute('srcset', 'https://media.example/c/160.jpg 160w, https://media.example/c/480.jpg 480w, https://media.example/c/960.jpg 960w');
    expect(img).toHaveAttribute('sizes', 'min(33vw, 138px)');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '960');
    expect(img.style.backgroundImage).toContain('data:image/jpeg;base64,/9j/2w==');
    cleanup();
    localStorage.setItem('zuum-data-saver', 'on');
    renderRoutes(routes, '/profile');
    const saved = (await screen.findByRole('link', { name: 'Lagos nights' })).querySelector('img')!;
    expect(saved).toHaveAttribute('src', 'https://media.example/c/160.jpg');
    expect(saved).not.toHaveAttribute('srcset');
  });

  it('reads another user’s lists by id, accepting a bare array', async () => {
    mockApi({
      ...me,
      'GET /user/profile/u-2': { status: 200, body: other },
      'GET /audio/user/u-2': undocumented(200, [audioPost({ id: 'a-9', caption: 'Her song', cover_photo: '' })]),
    });
    renderRoutes(routes, '/profile/u-2');
    expect(await screen.findByRole('link', { name: 'Her song' })).toHaveAttribute('href', '/music/a-9');
  });

  it('loads more posts by cursor', async () => {
    let served = 0;
    const answer = (id: string, next: string | null) => ({
      status: 200 as const,
      body: { posts: [audioPost({ id, caption: `Song ${id}`, cover_photo: '' })], pagination: page({ total: 2, totalPages: 2, hasNext: next !== null, next }) },
    });
    const { fetchMock } = mockApi({ ...me, 'GET /audio/user': () => (++served === 1 ? answer('a-1', 'c2') : answer('a-2', null)) });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile');
    await screen.findByRole('link', { name: 'Song a-1' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Song a-2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const cursors = fetchMock.mock.calls.map(([input]) => new URL(String(input))).filter((u) => u.pathname === '/api/audio/user').map((u) => u.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'c2']);
  });

  it.each([
    ['audio', 'Audio', 404, 'Post not found'],
    ['video', 'Video', 404, 'Video post not found'],
    ['audio', 'Audio', 401, 'Unauthorized: Please log in'],
  ])('shows the %s list error (%s %i)', async (kind, tab, status, text) => {
    const failing = { status, body: { message: 'x' } };
    mockApi({ ...me, 'GET /audio/user': kind === 'audio' ? failing : noPosts, 'GET /video/user': kind === 'video' ? failing : noPosts });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile');
    await user.click(await screen.findByRole('tab', { name: tab }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('follow', () => {
  it('follows optimistically: count, "Following..." while pending, Message once following', async () => {
    let followed = false;
    const { calls, fetchMock } = mockApi({
      ...me,
      ...otherPosts,
      'GET /user/profile/u-2': () => ({ status: 200, body: { ...other, is_following: followed, followers_count: followed ? 8 : 7 } }),
      'POST /user/follow': () => {
        followed = true;
        return { status: 200, body: { message: 'Followed successfully.' } };
      },
    });
    const release = holdRequests(fetchMock, '/user/follow');
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/u-2');
    expect(await screen.findByRole('heading', { name: '@labelboss' })).toBeInTheDocument();
    expect(counts()).toEqual({ followers: '7', following: '2' });
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('button', { name: 'Following...' })).toBeDisabled();
    expect(counts().followers).toBe('8');
    release();
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeEnabled();
    expect(counts().followers).toBe('8');
    expect(screen.getByRole('button', { name: 'Message' })).toBeEnabled();
    expect(JSON.parse(String(calls.find((c) => c.path === '/user/follow')!.init.body))).toEqual({ profileId: 'u-2', follow: true });
  });

  it('unfollows with "Unfollowing..." and the count going down at once', async () => {
    const { fetchMock, calls } = mockApi({
      ...me,
      ...otherPosts,
      'GET /user/profile/u-2': { status: 200, body: { ...other, is_following: true, followers_count: 8 } },
      'POST /user/follow': { status: 200, body: { message: 'Unfollowed successfully.' } },
    });
    const release = holdRequests(fetchMock, '/user/follow');
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/u-2');
    expect(await screen.findByRole('button', { name: 'Message' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(screen.getByRole('button', { name: 'Unfollowing...' })).toBeDisabled();
    expect(counts().followers).toBe('7');
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(calls.filter((c) => c.path === '/user/follow')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.path === '/user/follow')!.init.body))).toEqual({ profileId: 'u-2', follow: false });
  });

  it.each([
    [404, 'Profile ID does not exist.'],
    [406, 'You cannot follow yourself.'],
    [500, 'Internal server error.'],
    [401, 'Authentication token not found. Please log in.'],
    [409, 'Some server reason.'],
    [502, 'An error occurred.'],
  ])('reverts and explains when the follow call answers %i', async (status, text) => {
    // Only the first profile read answers: what shows after the failure is the rollback's doing.
    let reads = 0;
    const { fetchMock } = mockApi({
      ...me,
      ...otherPosts,
      'GET /user/profile/u-2': () => (++reads === 1 ? { status: 200, body: other } : 'pending'),
      'POST /user/follow': { status, body: { message: status === 409 ? 'Some server reason.' : '' } },
    });
    const release = holdRequests(fetchMock, '/user/follow');
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/u-2');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(counts().followers).toBe('8');
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(counts().followers).toBe('7');
    expect(screen.getByRole('button', { name: 'Follow' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('says so when the server had nothing to change', async () => {
    mockApi({
      ...me,
      ...otherPosts,
      'GET /user/profile/u-2': { status: 200, body: other },
      'POST /user/follow': { status: 200, body: { message: 'No changes made (already followed/unfollowed).', changed: false } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile/u-2');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No changes made (already followed/unfollowed).');
  });

  it('adds the followed profile to your own following list at once', async () => {
    const { fetchMock } = mockApi({
      ...me,
      ...otherPosts,
      'GET /user/profile/u-2': { status: 200, body: other },
      'POST /user/follow': { status: 200, body: { message: 'Followed successfully.' } },
    });
    const release = holdRequests(fetchMock, '/user/follow');
    const user = userEvent.setup();
    const view = renderRoutes(routes, '/profile/u-2');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    const mine = view.queryClient.getQueryData<Profile>(['profile', 'me']);
    expect(mine?.following_count).toBe(1);
    expect(mine?.following_list).toEqual([{ id: 'u-2', username: 'labelboss', image: '' }]);
    release();
  });
});

describe('Message', () => {
  const followed = { ...other, is_following: true, image: '/public/profiles/u-2/me.jpg' };
  function ChatStand() {
    const location = useLocation();
    return <p>chat {location.pathname} {JSON.stringify(location.state)}</p>;
  }
  const withChat = [...routes, { path: '/chat/:roomId', element: <ChatStand /> }];

  it('asks for the room of the two of you and opens it with whom you talk to', async () => {
    const { calls } = mockApi({
      ...me,
      ...otherPosts,
      'GET /user/profile/u-2': { status: 200, body: followed },
      'POST /user/get-room-id': { status: 200, body: { room_id: 'r-12' } },
    });
    const user = userEvent.setup();
    renderRoutes(withChat, '/profile/u-2');
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    const chat = await screen.findByText(/^chat \/chat\/r-12/);
    expect(JSON.parse(chat.textContent!.replace('chat /chat/r-12 ', ''))).toEqual({
      roomId: 'r-12', otherUserId: 'u-2', userId: 'u-1', otherUsername: 'labelboss', otherProfilePicture: '/public/profiles/u-2/me.jpg',
    });
    expect(JSON.parse(String(calls.find((c) => c.path === '/user/get-room-id')!.init.body))).toEqual({ profileId_1: 'u-1', profileId_2: 'u-2' });
  });

  it.each([
    [400, '', 'Profile IDs missing'],
    [404, '', 'Profile not found'],
    [404, 'Profile gone', 'Profile gone'],
    [403, 'You can only message someone who follows you or whom you follow', 'You can only message someone who follows you or whom you follow'],
    [500, '', 'Internal server error'],
    [502, '', 'An unexpected error occurred'],
  ])('stays on the profile and explains a %i (%s)', async (status, message, text) => {
    mockApi({
      ...me,
      ...otherPosts,
      'GET /user/profile/u-2': { status: 200, body: followed },
      'POST /user/get-room-id': { status, body: { message } },
    });
    const user = userEvent.setup();
    renderRoutes(withChat, '/profile/u-2');
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Message' })).toBeEnabled();
  });

  it('says "Network error: No response from server" when nothing answers', async () => {
    mockApi({ ...me, ...otherPosts, 'GET /user/profile/u-2': { status: 200, body: followed }, 'POST /user/get-room-id': 'network-error' });
    const user = userEvent.setup();
    renderRoutes(withChat, '/profile/u-2');
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error: No response from server');
  });
});
