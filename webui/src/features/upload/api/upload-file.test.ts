import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockApi } from '@/testing/mock-api';
import { mockBucket, sizedFile, ticketFor } from '../testing/fake-bucket';
import { BucketUploadError, UploadTicketError, uploadErrorText, uploadFiles } from './upload-file';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploadFiles', () => {
  it('asks a ticket per file, then posts every ticket field in order and the file last', async () => {
    const { calls } = mockApi({ 'POST /uploads': ticketFor });
    const bucket = mockBucket(null);
    const progress: number[] = [];
    const audio = sizedFile('song.flac', '', 300);
    const cover = sizedFile('cover.png', 'image/png', 100);
    const done = uploadFiles([{ kind: 'audio', file: audio }, { kind: 'image', file: cover }], (p) => progress.push(p));

    while (bucket.requests.length === 0) await flush();
    expect(calls.map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { kind: 'audio', content_type: 'audio/flac', size: 300, filename: 'song.flac' },
      { kind: 'image', content_type: 'image/png', size: 100, filename: 'cover.png' },
    ]);
    const first = bucket.requests[0];
    expect(first.method).toBe('POST');
    expect(first.url).toBe('https://media.example.test/zuum-media');
    expect(first.withCredentials).toBe(false);
    expect(first.entries()).toEqual([
      ['key', 'uploads/u-1/audio/audio-id.flac'],
      ['Content-Type', 'audio/flac'],
      ['Policy', 'cG9saWN5'],
      ['X-Amz-Signature', 'sig'],
      ['file', 'file:song.flac'],
    ]);
    first.progress(500, 1000); // half of the audio = 150 of 400 bytes
    first.respond(204);
    while (bucket.requests.length === 1) await flush();
    bucket.requests[1].progress(1000, 1000);
    bucket.requests[1].respond(201);
    await expect(done).resolves.toEqual(['uploads/u-1/audio/audio-id.flac', 'uploads/u-1/image/image-id.png']);
    expect(progress).toEqual([0, 37, 75, 100]);
  });

  it('stops before any upload when a ticket is refused, keeping the server’s answer', async () => {
    mockApi({
      'POST /uploads': {
        status: 400,
        body: { message: 'Validation error or missing files', errors: [{ field: 'size', msg: 'Audio file must be less than 50MB' }] },
      },
    });
    const bucket = mockBucket();
    const error = await uploadFiles([{ kind: 'audio', file: sizedFile('a.mp3', 'audio/mpeg', 10) }], () => {}).catch((e) => e);
    expect(error).toBeInstanceOf(UploadTicketError);
    expect(uploadErrorText(error, 'audio', 'x')).toBe('Audio file must be less than 50MB');
    expect(bucket.requests).toHaveLength(0);
  });

  it('turns a bucket refusal into BucketUploadError', async () => {
    mockApi({ 'POST /uploads': ticketFor });
    mockBucket(403);
    const error = await uploadFiles([{ kind: 'video', file: sizedFile('a.mp4', 'video/mp4', 10) }], () => {}).catch((e) => e);
    expect(error).toBeInstanceOf(BucketUploadError);
    expect(error.status).toBe(403);
  });
});

describe('upload failure texts (spec part 2 §8)', () => {
  it.each([
    [new BucketUploadError(403), 'beat', 'Failed to upload beat. Please try again.'],
    [new BucketUploadError(0), 'video', 'Failed to upload video. Please try again.'],
    [new UploadTicketError(new ApiError(401, 'Unauthorized: Invalid or missing token')), 'audio', 'Please log in'],
    [new UploadTicketError(new ApiError(400, 'Upload kind must be audio, video or image')), 'audio', 'Upload kind must be audio, video or image'],
    [new UploadTicketError(new ApiError(500, '')), 'audio', 'Failed to upload audio. Please try again.'],
    [new UploadTicketError(new ApiError(0, '')), 'audio', 'Failed to upload audio. Please try again.'],
    [new ApiError(400, 'x'), 'audio', null],
  ] as const)('%s as %s', (error, word, expected) => {
    expect(uploadErrorText(error, word, 'Please log in')).toBe(expected);
  });
});
