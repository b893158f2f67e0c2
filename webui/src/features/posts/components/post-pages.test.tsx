import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import defaultAvatar from '@/assets/default-avatar.svg';
import { mockApi, undocumented } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { audioPost, page, stubMedia, targetsOf, videoPost } from '../testing/player-stubs';
import { AudioPostPage, DELETE_CONFIRM } from './audio-post-page';
import { SharedAudioPage } from './shared-audio-page';
import { VideoPage } from './video-page';

const routes = [
  { path: '/', element: <p>Landing page</p> },
  { path: '/home', element: <p>Home page</p> },
  { path: '/profile', element: <p>Own profile</p> },
  { path: '/music/:postId', element: <AudioPostPage /> },
  { path: '/videos/:id', element: <VideoPage /> },
  { path: '/video/:id', element: <VideoPage /> },
  { path: '/shared-audio/:shareId', element: <SharedAudioPage /> },
];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;

describe('/music/{postId}', () => {
  it('shows a spinner while loading', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /audio/a-1': 'pending' });
    renderRoutes(routes, '/music/a-1');
    expect(await screen.findByText('Loading audio...')).toBeInTheDocument();
  });

  it('says "Audio post not found" for an unknown id', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /audio/nope': { status: 404, body: { message: 'Audio post not found' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/music/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Audio post not found');
    await user.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('offers no delete control on someone else’s post', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /audio/a-1': { status: 200, body: { post: audioPost() } } });
    renderRoutes(routes, '/music/a-1');
    await screen.findByRole('heading', { name: 'Lagos Nights' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
  });

  it('asks before deleting the owner’s post, then deletes it and goes to /profile', async () => {
    stubMedia();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { calls } = mockApi({
      ...me,
      'GET /audio/a-1': { status: 200, body: { post: audioPost({ profile_id: 'u-1' }) } },
      'DELETE /audio/a-1': { status: 200, body: { message: 'Post deleted.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/music/a-1');
    const remove = await screen.findByRole('button', { name: 'Delete post' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRM);
    expect(DELETE_CONFIRM).toBe('Are you sure you want to delete this audio post?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(remove);
    expect(await screen.findByText('Own profile')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/audio/a-1']);
  });

  it('shows the server’s reason when the delete is refused', async () => {
    stubMedia();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi({
      ...me,
      'GET /audio/a-1': { status: 200, body: { post: audioPost({ profile_id: 'u-1' }) } },
      'DELETE /audio/a-1': { status: 403, body: { message: 'You can only delete your own posts.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/music/a-1');
    await user.click(await screen.findByRole('button', { name: 'Delete post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only delete your own posts.');
  });
});

describe('/videos/{id}', () => {
  it('shows a spinner while loading', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /video/v-1': 'pending' });
    renderRoutes(routes, '/videos/v-1');
    expect(await screen.findByText('Loading video...')).toBeInTheDocument();
  });

  it('shows the error and returns to / from it', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /video/v-404': { status: 404, body: { message: 'Video post not found' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/videos/v-404');
    expect(await screen.findByRole('alert')).toHaveTextContent('Video post not found');
    await user.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
  });

  it('says "Video not found" when the answer holds no video', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /video/v-1': undocumented(200, { post: null }) });
    renderRoutes(routes, '/video/v-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Video not found');
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
  });

  it('plays muted at volume 0.5 with downloads and picture-in-picture off', async () => {
    const { play, pause } = stubMedia();
    mockApi({ ...me, 'GET /video/v-1': { status: 200, body: { post: videoPost() } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/videos/v-1');
    const tap = await screen.findByRole('button', { name: 'Pause' });
    const video = document.querySelector('video')!;
    expect(targetsOf(play)).toContain(video);
    expect(video.muted).toBe(true);
    expect(video.volume).toBe(0.5);
    expect(video).toHaveAttribute('controlslist', expect.stringContaining('nodownload'));
    expect(video).toHaveAttribute('disablepictureinpicture');
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('src', videoPost().video_url);
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '1');
    expect(slider).toHaveAttribute('step', '0.01');
    expect(slider).toHaveValue('0.5');
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();

    fireEvent.change(slider, { target: { value: '0.8' } });
    expect(video.muted).toBe(false);
    expect(video.volume).toBe(0.8);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '0' } });
    expect(video.muted).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    expect(video.volume).toBe(0.5);
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(video.muted).toBe(true);

    await user.click(tap);
    expect(targetsOf(pause)).toContain(video);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('shows the side panel, the details and opens comments and share', async () => {
    stubMedia();
    mockApi({
      ...me,
      'GET /video/v-1': { status: 200, body: { post: videoPost() } },
      'GET /video/v-1/comments': { status: 200, body: { comments: [], pagination: page({ total: 0 }) } },
      'POST /video/share': { status: 201, body: { shareId: 's-1', url: 'http://127.0.0.1:8080/video/v-1', shares: 4 } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/videos/v-1');
    const side = await screen.findByRole('complementary', { name: 'Video actions' });
    expect(within(side).getByRole('link', { name: "labelboss's profile" })).toHaveAttribute('href', '/profile/u-2');
    expect(within(side).getByRole('link', { name: "labelboss's profile" }).querySelector('img')).toHaveAttribute('src', defaultAvatar);
    expect(within(side).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(side).getByRole('img', { name: 'Audio: Original audio - labelboss' })).toBeInTheDocument();
    expect(screen.getByText('@labelboss')).toBeInTheDocument();
    expect(screen.getByText('Studio session')).toBeInTheDocument();
    expect(screen.getByText('Original audio - labelboss', { selector: 'p' })).toBeInTheDocument();

    await user.click(within(side).getByRole('button', { name: 'Comments' }));
    expect(await screen.findByText('No comments yet. Be the first to comment!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(side).getByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share this video' });
    expect(within(sheet).getByLabelText('Link')).toHaveValue(`${window.location.origin}/video/v-1`);
    expect(within(side).getByTestId('share-count')).toHaveTextContent('3');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn().mockResolvedValue(undefined) } });
    await user.click(within(sheet).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(sheet).getByLabelText('Link')).toHaveValue('http://127.0.0.1:8080/video/v-1'));
    expect(within(side).getByTestId('share-count')).toHaveTextContent('4');
  });

  it('shows no disc when the video has no audio, and Back leaves the page', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /video/v-1': { status: 200, body: { post: videoPost({ audio: { name: '' } }) } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/videos/v-1');
    await screen.findByRole('complementary', { name: 'Video actions' });
    expect(screen.queryByRole('img', { name: /^Audio:/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('reacts to a video through /video/react and says "Video post not found" on a 404', async () => {
    stubMedia();
    const { calls } = mockApi({
      ...me,
      'GET /video/v-1': { status: 200, body: { post: videoPost() } },
      'POST /video/react': { status: 404, body: { message: 'Video post not found' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/videos/v-1');
    const like = await screen.findByRole('button', { name: 'Like' });
    await waitFor(() => expect(like).toBeEnabled());
    await user.click(like);
    expect(await screen.findByRole('alert')).toHaveTextContent('Video post not found');
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('like-count')).toHaveTextContent('7');
    expect(JSON.parse(String(calls.find((c) => c.path === '/video/react')!.init.body))).toEqual({ post_id: 'v-1', like: false, unlike: true });
  });
});

describe('/shared-audio/{shareId}', () => {
  it('plays the shared track with like, comments and share', async () => {
    const { play } = stubMedia();
    mockApi({ ...me, 'GET /audio/shared/s-1': { status: 200, body: { post: audioPost() } } });
    renderRoutes(routes, '/shared-audio/s-1');
    const slide = await screen.findByRole('article', { name: 'Lagos Nights by labelboss' });
    for (const name of ['Like', 'Comments', 'Share']) expect(within(slide).getByRole('button', { name })).toBeInTheDocument();
    await waitFor(() => expect(targetsOf(play)).toContain(slide.querySelector('audio')));
  });

  it('says "Shared audio not found" and returns to /home', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /audio/shared/gone': { status: 404, body: { message: 'Shared audio not found' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/shared-audio/gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Shared audio not found');
    await user.click(screen.getByRole('button', { name: 'Return to Home' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('shows the error text for other failures', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /audio/shared/s-1': 'network-error' });
    renderRoutes(routes, '/shared-audio/s-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error: No response from server');
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
  });
});
