import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi, type RecordedCall } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { TEST_TERMS, termsRoute } from '@/testing/terms';
import { beatPost } from '@/testing/posts';
import { mockBucket, sizedFile, ticketFor } from '../testing/fake-bucket';
import { AUDIO_REDIRECT_MS } from './audio-upload-page';
import { BeatUploadPage } from './beat-upload-page';

const routes = [
  { path: '/addpaybeat', element: <RequireAuth><BeatUploadPage /></RequireAuth> },
  { path: '/addbeat', element: <RequireAuth><BeatUploadPage /></RequireAuth> },
  { path: '/home', element: <p>Home feed</p> },
];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } };
const terms = termsRoute();
const bodyOf = (calls: RecordedCall[], path: string) => JSON.parse(String(calls.find((c) => c.path === path)!.init.body));

describe('beat for sale /addpaybeat and /addbeat', () => {
  it('starts at supply 100 and price 999 and shows the platform commission', async () => {
    mockApi({ ...me, ...terms });
    renderRoutes(routes, '/addbeat');
    expect(await screen.findByLabelText('Total Supply')).toHaveValue(100);
    await waitFor(() => expect(screen.getByLabelText('Price (₦)')).toHaveValue(999));
    expect(screen.getByLabelText('Price (₦)')).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Price (₦)')).toHaveAttribute('min', '0.01');
    expect(await screen.findByText('Zuum keeps 10% of each sale as its commission.')).toBeInTheDocument();
  });

  it('starts at the default price and shows the commission the terms serve', async () => {
    mockApi({ ...me, ...termsRoute({ ...TEST_TERMS, beat: { commission_percent: 12, default_price: 1500.5 } }) });
    renderRoutes(routes, '/addbeat');
    expect(await screen.findByText('Zuum keeps 12% of each sale as its commission.')).toBeInTheDocument();
    expect(screen.getByLabelText('Price (₦)')).toHaveValue(1500.5);
  });

  it('shows the spec texts for every missing field and sends nothing', async () => {
    const { calls } = mockApi({ ...me, ...terms });
    const user = userEvent.setup();
    renderRoutes(routes, '/addpaybeat');
    await user.click(await screen.findByRole('button', { name: 'Upload Beat' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please add a title for your beat');
    for (const text of ['Title is required', 'Description is required', 'Cover photo is required', 'Audio file is required']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    await user.clear(screen.getByLabelText('Price (₦)'));
    await user.type(screen.getByLabelText('Price (₦)'), '0.001');
    await user.clear(screen.getByLabelText('Total Supply'));
    await user.type(screen.getByLabelText('Total Supply'), '0');
    await user.click(screen.getByRole('button', { name: 'Upload Beat' }));
    expect(screen.getByText('Price must be at least ₦0.01, with at most two decimals')).toBeInTheDocument();
    expect(screen.getByText('Total supply must be a whole number of at least 1')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('takes MP3 or WAV only for a beat', async () => {
    mockApi({ ...me, ...terms });
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, '/addbeat');
    await user.upload(await screen.findByLabelText('Audio File'), sizedFile('beat.flac', 'audio/flac', 100));
    expect(screen.getByText('Please select a valid audio file (MP3, WAV)')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Audio File'), sizedFile('beat.wav', 'audio/wav', 100));
    expect(screen.queryByText('Please select a valid audio file (MP3, WAV)')).not.toBeInTheDocument();
  });

  it('uploads both files with progress, creates the beat with naira and a whole supply, then goes home 1.5 s later', async () => {
    const { calls } = mockApi({ ...me, ...terms, 'POST /uploads': ticketFor, 'POST /beat/create': { status: 201, body: { post: beatPost() } } });
    const bucket = mockBucket(null);
    const user = userEvent.setup();
    renderRoutes(routes, '/addbeat');
    await user.type(await screen.findByLabelText('Title'), ' Afro Drill ');
    await user.type(screen.getByLabelText('Description'), 'Hard drums');
    await user.clear(screen.getByLabelText('Total Supply'));
    await user.type(screen.getByLabelText('Total Supply'), '20');
    await user.clear(screen.getByLabelText('Price (₦)'));
    await user.type(screen.getByLabelText('Price (₦)'), '4999.99');
    await user.upload(screen.getByLabelText('Cover Photo'), sizedFile('cover.png', 'image/png', 1000));
    await user.upload(screen.getByLabelText('Audio File'), sizedFile('beat.mp3', 'audio/mpeg', 3000));
    const timers = vi.spyOn(window, 'setTimeout');
    await user.click(screen.getByRole('button', { name: 'Upload Beat' }));

    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await waitFor(() => expect(bucket.requests).toHaveLength(1));
    act(() => bucket.requests[0].progress(50, 100));
    expect(screen.getByText('37%')).toBeInTheDocument();
    await act(async () => bucket.requests[0].respond(204));
    await waitFor(() => expect(bucket.requests).toHaveLength(2));
    await act(async () => bucket.requests[1].respond(204));

    expect(await screen.findByText('Beat uploaded successfully!')).toBeInTheDocument();
    expect(bodyOf(calls, '/beat/create')).toEqual({
      caption: 'Afro Drill',
      description: 'Hard drums',
      total_supply: 20,
      amount: 4999.99,
      audio_upload: 'uploads/u-1/audio/audio-id.mp3',
      cover_photo: 'uploads/u-1/image/image-id.png',
    });
    expect(String(calls.find((c) => c.path === '/beat/create')!.init.body)).toContain('"amount":4999.99');
    expect(timers).toHaveBeenCalledWith(expect.any(Function), AUDIO_REDIRECT_MS);
    expect(await screen.findByText('Home feed', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows the server field errors on their fields and the catalogue text', async () => {
    mockApi({
      ...me,
      ...terms,
      'POST /uploads': ticketFor,
      'POST /beat/create': { status: 400, body: { message: 'Validation error or missing files', errors: [{ field: 'amount', msg: 'amount must be at least 0.01' }] } },
    });
    mockBucket(204);
    const user = userEvent.setup();
    renderRoutes(routes, '/addbeat');
    await user.type(await screen.findByLabelText('Title'), 'Afro Drill');
    await user.type(screen.getByLabelText('Description'), 'Hard drums');
    await user.upload(screen.getByLabelText('Cover Photo'), sizedFile('cover.png', 'image/png', 1000));
    await user.upload(screen.getByLabelText('Audio File'), sizedFile('beat.mp3', 'audio/mpeg', 3000));
    await user.click(screen.getByRole('button', { name: 'Upload Beat' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validation error or missing files');
    expect(alert).toHaveTextContent('amount must be at least 0.01');
    expect(screen.getByLabelText('Price (₦)')).toHaveAccessibleDescription('amount must be at least 0.01');
  });
});
