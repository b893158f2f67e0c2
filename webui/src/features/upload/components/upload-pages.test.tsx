import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi, type RecordedCall } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { audioPost, videoPost } from '@/testing/posts';
import { mockBucket, sizedFile, ticketFor } from '../testing/fake-bucket';
import { AddPage } from './add-page';
import { AUDIO_REDIRECT_MS, AudioUploadPage } from './audio-upload-page';
import { VideoUploadPage } from './video-upload-page';

const routes = [
  { path: '/add', element: <RequireAuth><AddPage /></RequireAuth> },
  { path: '/addmusic', element: <RequireAuth><AudioUploadPage /></RequireAuth> },
  { path: '/addvideo', element: <RequireAuth><VideoUploadPage /></RequireAuth> },
  { path: '/home', element: <p>Home feed</p> },
];

const me = { 'GET /user/profile': { status: 200, body: sampleProfile } };
const bodyOf = (calls: RecordedCall[], path: string) => JSON.parse(String(calls.find((c) => c.path === path)!.init.body));

describe('upload hub /add', () => {
  it('offers a producer the three track types, "Upload beat for sale" leading to /addpaybeat', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: { ...sampleProfile, identity: 'producer' } } });
    renderRoutes(routes, '/add');
    expect(await screen.findByRole('heading', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Music/Beat' })).toHaveAttribute('href', '/addmusic');
    expect(screen.getByRole('link', { name: 'Upload a short video' })).toHaveAttribute('href', '/addvideo');
    expect(screen.getByRole('link', { name: 'Upload beat for sale' })).toHaveAttribute('href', '/addpaybeat');
  });

  it.each(['artist', 'record_label'] as const)('hides "Upload beat for sale" from an identity %s (producers sell)', async (identity) => {
    mockApi({ 'GET /user/profile': { status: 200, body: { ...sampleProfile, identity } } });
    renderRoutes(routes, '/add');
    expect(await screen.findByRole('link', { name: 'Upload Music/Beat' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload beat for sale' })).not.toBeInTheDocument();
  });
});

describe('audio upload /addmusic', () => {
  it('shows the required-field messages and the platform-link warning, sending nothing', async () => {
    const { calls } = mockApi(me);
    const user = userEvent.setup();
    renderRoutes(routes, '/addmusic');
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Caption is required')).toBeInTheDocument();
    expect(screen.getByText('Audio file is required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('At least one platform link is required');
    await user.type(screen.getByLabelText('Caption'), 'Lagos nights');
    expect(screen.queryByText('Caption is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Spotify'), 'spotify.com/x');
    expect(screen.queryByText('At least one platform link is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Spotify must be a valid URL')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a file of the wrong type or size at once', async () => {
    mockApi(me);
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, '/addmusic');
    await user.upload(await screen.findByLabelText('Audio File'), sizedFile('notes.txt', 'text/plain', 10));
    expect(screen.getByText('Please select a valid audio file (MP3, WAV)')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Audio File'), sizedFile('big.wav', 'audio/wav', 50 * 1024 * 1024));
    expect(screen.getByText('Audio file must be less than 50MB')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Cover Photo'), sizedFile('c.gif', 'image/gif', 10));
    expect(screen.getByText('Please select a valid image file (JPEG, PNG)')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Audio File'), sizedFile('ok.flac', '', 2048));
    expect(screen.queryByText('Audio file must be less than 50MB')).not.toBeInTheDocument();
    expect(screen.getByText('ok.flac · 2.0 KB')).toBeInTheDocument();
  });

  it('warns that a platform link is missing but posts without one (a new artist may have none)', async () => {
    const { calls } = mockApi({
      ...me,
      'POST /uploads': ticketFor,
      'POST /audio/create': { status: 201, body: { post: audioPost() } },
    });
    const bucket = mockBucket(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/addmusic');
    await user.type(await screen.findByLabelText('Caption'), 'First single');
    await user.upload(screen.getByLabelText('Audio File'), sizedFile('track.mp3', 'audio/mpeg', 3000));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(screen.getByRole('alert')).toHaveTextContent('At least one platform link is required');
    await waitFor(() => expect(bucket.requests).toHaveLength(1));
    await act(async () => bucket.requests[0].respond(204));
    expect(await screen.findByText('Audio uploaded successfully!')).toBeInTheDocument();
    expect(bodyOf(calls, '/audio/create')).toMatchObject({
      caption: 'First single',
      spotify: '',
      apple_music: '',
      youtube_music: '',
      boomplay: '',
      audiomark: '',
    });
    expect(screen.queryByText('At least one platform link is required')).not.toBeInTheDocument();
  });

  it('uploads with progress, creates the post, clears the form and goes home 1.5 s later', async () => {
    const { calls } = mockApi({
      ...me,
      'POST /uploads': ticketFor,
      'POST /audio/create': { status: 201, body: { post: audioPost() } },
    });
    const bucket = mockBucket(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/addmusic');

    await user.type(await screen.findByLabelText('Caption'), '  Lagos nights ');
    await user.click(screen.getByRole('radio', { name: 'Beat' }));
    await user.upload(screen.getByLabelText('Cover Photo'), sizedFile('cover.jpg', 'image/jpeg', 1000));
    await user.upload(screen.getByLabelText('Audio File'), sizedFile('track.mp3', 'audio/mpeg', 3000));
    await user.type(screen.getByLabelText('Apple Music'), 'https://music.apple.com/ng/album/1');
    const timers = vi.spyOn(window, 'setTimeout');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const button = screen.getByRole('button', { name: 'Uploading...' });
    expect(button).toBeDisabled();
    await waitFor(() => expect(bucket.requests).toHaveLength(1));
    act(() => bucket.requests[0].progress(50, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '37');
    expect(screen.getByText('37%')).toBeInTheDocument();
    await act(async () => bucket.requests[0].respond(204));
    await waitFor(() => expect(bucket.requests).toHaveLength(2));
    await act(async () => bucket.requests[1].respond(204));

    expect(await screen.findByText('Beat uploaded successfully!')).toBeInTheDocument();
    expect(bodyOf(calls, '/audio/create')).toEqual({
      caption: 'Lagos nights',
      type: 'beat',
      audio_upload: 'uploads/u-1/audio/audio-id.mp3',
      cover_photo: 'uploads/u-1/image/image-id.jpg',
      spotify: '',
      apple_music: 'https://music.apple.com/ng/album/1',
      youtube_music: '',
      boomplay: '',
      audiomark: '',
    });
    expect(screen.getByLabelText('Caption')).toHaveValue('');
    expect(screen.getByLabelText('Apple Music')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Music' })).toBeChecked();

    // The redirect waits 1.5 s (part 2 §9), then lands on /home.
    expect(AUDIO_REDIRECT_MS).toBe(1500);
    expect(timers).toHaveBeenCalledWith(expect.any(Function), AUDIO_REDIRECT_MS);
    expect(screen.queryByText('Home feed')).not.toBeInTheDocument();
    expect(await screen.findByText('Home feed', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  async function fillAndSubmit(type: 'Music' | 'Beat' = 'Music') {
    const user = userEvent.setup();
    renderRoutes(routes, '/addmusic');
    await user.type(await screen.findByLabelText('Caption'), 'Song');
    await user.click(screen.getByRole('radio', { name: type }));
    await user.upload(screen.getByLabelText('Audio File'), sizedFile('track.wav', 'audio/wav', 10));
    await user.type(screen.getByLabelText('Boomplay'), 'https://boomplay.com/songs/1');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    return user;
  }

  it('says "Failed to upload audio. Please try again." when the bucket refuses', async () => {
    const { calls } = mockApi({ ...me, 'POST /uploads': ticketFor });
    mockBucket(403);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload audio. Please try again.');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(screen.getByLabelText('Caption')).toHaveValue('Song');
    expect(calls.some((c) => c.path === '/audio/create')).toBe(false);
  });

  it('names the beat when a beat upload fails', async () => {
    mockApi({ ...me, 'POST /uploads': ticketFor });
    mockBucket(500);
    await fillAndSubmit('Beat');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload beat. Please try again.');
  });

  it('shows the ticket’s field messages', async () => {
    mockApi({
      ...me,
      'POST /uploads': {
        status: 400,
        body: { message: 'Validation error or missing files', errors: [{ field: 'content_type', msg: 'Please select a valid audio file (MP3, WAV)' }] },
      },
    });
    mockBucket();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a valid audio file (MP3, WAV)');
  });

  it('shows the create call’s refusal and marks the field it names', async () => {
    mockApi({
      ...me,
      'POST /uploads': ticketFor,
      'POST /audio/create': {
        status: 400,
        body: { message: 'Validation error or missing files', errors: [{ field: 'audio_upload', msg: 'Please select a valid audio file (MP3, WAV)' }] },
      },
    });
    mockBucket();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validation error or missing files');
    expect(alert).toHaveTextContent('Please select a valid audio file (MP3, WAV)');
    expect(screen.getByLabelText('Audio File')).toHaveAttribute('aria-invalid', 'true');
  });

  it('maps a server error to the spec text', async () => {
    mockApi({ ...me, 'POST /uploads': ticketFor, 'POST /audio/create': { status: 500, body: { message: 'Server error. Please try again later.' } } });
    mockBucket();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error: Please try again later');
  });
});

describe('video upload /addvideo', () => {
  it('requires a caption and a video file', async () => {
    const { calls } = mockApi(me);
    const user = userEvent.setup();
    renderRoutes(routes, '/addvideo');
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Caption is required')).toBeInTheDocument();
    expect(screen.getByText('Video file is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a wrong video type or size', async () => {
    mockApi(me);
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, '/addvideo');
    await user.upload(await screen.findByLabelText('Video File'), sizedFile('a.webm', 'video/webm', 10));
    expect(screen.getByText('Please upload a valid video file (MP4, MOV, or AVI)')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Video File'), sizedFile('a.mp4', 'video/mp4', 50 * 1024 * 1024));
    expect(screen.getByText('Video file size exceeds 50MB limit')).toBeInTheDocument();
  });

  it('tags people trimmed, once each, removable', async () => {
    mockApi(me);
    const user = userEvent.setup();
    renderRoutes(routes, '/addvideo');
    const input = await screen.findByLabelText('Tag people');
    await user.type(input, '  Ada  {Enter}');
    await user.type(input, 'ada{Enter}');
    await user.type(input, '   {Enter}');
    await user.type(input, 'Tunde');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    const list = screen.getByRole('list', { name: 'Tagged people' });
    expect(within(list).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Ada', 'Tunde']);
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Remove Ada' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('uploads a private video with tags and goes home at once', async () => {
    const { calls } = mockApi({
      ...me,
      'POST /uploads': ticketFor,
      'POST /video/create': { status: 201, body: { post: videoPost() } },
    });
    const bucket = mockBucket(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/addvideo');
    await user.type(await screen.findByLabelText('Caption'), 'Studio day');
    await user.type(screen.getByLabelText('Location'), 'Lagos');
    const visibility = screen.getByRole('switch', { name: 'Public' });
    expect(visibility).toBeChecked();
    await user.click(visibility);
    expect(screen.getByText('Private: only you can watch this video')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tag people'), 'Ada{Enter}');
    await user.type(screen.getByLabelText('Tag people'), 'Tunde');
    await user.upload(screen.getByLabelText('Video File'), sizedFile('clip.mov', '', 4000));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await waitFor(() => expect(bucket.requests).toHaveLength(1));
    act(() => bucket.requests[0].progress(1, 4));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '25');
    await act(async () => bucket.requests[0].respond(204));
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
    expect(bodyOf(calls, '/uploads')).toEqual({ kind: 'video', content_type: 'video/quicktime', size: 4000, filename: 'clip.mov' });
    expect(bodyOf(calls, '/video/create')).toEqual({
      caption: 'Studio day',
      location: 'Lagos',
      public: false,
      tagged_people: ['Ada', 'Tunde'],
      video_upload: 'uploads/u-1/video/video-id.mov',
    });
  });

  it.each([
    [401, { message: 'Unauthorized: Invalid or missing token' }, 'Authentication token not found. Please log in.'],
    [400, { message: 'Validation error or missing files.', errors: [{ field: 'caption', msg: 'Caption is required' }] }, 'Validation error or missing files.'],
    [500, { message: 'boom' }, 'Server error. Please try again later.'],
    [413, { message: 'Request body too large.' }, 'Request body too large.'],
  ])('create answering %i shows the spec text', async (status, body, expected) => {
    mockApi({ ...me, 'POST /uploads': ticketFor, 'POST /video/create': { status, body } });
    mockBucket();
    const user = userEvent.setup();
    renderRoutes(routes, '/addvideo');
    await user.type(await screen.findByLabelText('Caption'), 'Clip');
    await user.upload(screen.getByLabelText('Video File'), sizedFile('clip.mp4', 'video/mp4', 10));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(screen.queryByText('Home feed')).not.toBeInTheDocument();
  });

  it('says "Failed to upload video. Please try again." when the bucket is unreachable', async () => {
    mockApi({ ...me, 'POST /uploads': ticketFor });
    const bucket = mockBucket(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/addvideo');
    await user.type(await screen.findByLabelText('Caption'), 'Clip');
    await user.upload(screen.getByLabelText('Video File'), sizedFile('clip.avi', 'video/avi', 10));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(bucket.requests).toHaveLength(1));
    await act(async () => bucket.requests[0].fail());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload video. Please try again.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
