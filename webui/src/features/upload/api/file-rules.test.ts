import { describe, expect, it } from 'vitest';
import { sizedFile } from '../testing/fake-bucket';
import { checkFile, contentTypeFor, ticketFilename } from './file-rules';

const MB = 1024 * 1024;

describe('content type (functions/README.md uploads)', () => {
  it.each([
    ['audio', 'song.mp3', 'audio/mpeg', 'audio/mpeg'],
    ['audio', 'song.mp3', 'audio/mp3', 'audio/mpeg'],
    ['audio', 'song.wav', 'audio/x-wav', 'audio/wav'],
    ['audio', 'song.flac', '', 'audio/flac'],
    ['audio', 'SONG.FLAC', 'application/octet-stream', 'audio/flac'],
    ['audio', 'song.aac', '', 'audio/aac'],
    ['audio', 'song.ogg', '', null],
    ['audio', 'song.mp3', 'video/mp4', null],
    ['image', 'cover.jpg', 'image/jpg', 'image/jpeg'],
    ['image', 'cover.gif', 'image/gif', null],
    ['video', 'clip.mov', '', 'video/quicktime'],
    ['video', 'clip.avi', 'video/avi', 'video/x-msvideo'],
    ['video', 'clip.mkv', 'video/x-matroska', null],
  ] as const)('%s %s typed "%s" → %s', (kind, name, type, expected) => {
    expect(contentTypeFor(kind, sizedFile(name, type, 10))).toBe(expected);
  });
});

describe('file rules (spec part 2 §5)', () => {
  it.each([
    ['image', 'a.gif', 'image/gif', 10, 'Please select a valid image file (JPEG, PNG)'],
    ['image', 'a.png', 'image/png', 5 * MB, 'Cover photo must be less than 5MB'],
    ['image', 'a.png', 'image/png', 5 * MB - 1, null],
    ['audio', 'a.txt', 'text/plain', 10, 'Please select a valid audio file (MP3, WAV)'],
    ['audio', 'a.mp3', 'audio/mpeg', 50 * MB, 'Audio file must be less than 50MB'],
    ['audio', 'a.flac', '', 50 * MB - 1, null],
    ['video', 'a.webm', 'video/webm', 10, 'Please upload a valid video file (MP4, MOV, or AVI)'],
    ['video', 'a.mp4', 'video/mp4', 50 * MB, 'Video file size exceeds 50MB limit'],
    ['video', 'a.mp4', 'video/mp4', 50 * MB - 1, null],
  ] as const)('%s %s (%s, %i bytes)', (kind, name, type, size, expected) => {
    const result = checkFile(kind, sizedFile(name, type, size));
    expect(result.ok ? null : result.error).toBe(expected);
  });
});

describe('ticketFilename', () => {
  it.each([
    ['audio', 'song.mp3', 'audio/mpeg', 'song.mp3'],
    ['audio', 'SONG.MP3', 'audio/mpeg', 'SONG.MP3'],
    ['audio', 'voice memo', 'audio/mpeg', 'voice memo.mp3'],
    ['image', 'photo.jpeg', 'image/png', 'photo.jpeg.png'],
    ['video', 'clip.qt', 'video/quicktime', 'clip.qt'],
  ] as const)('%s %s as %s → %s', (kind, name, type, expected) => {
    expect(ticketFilename(kind, sizedFile(name, type, 10), type)).toBe(expected);
  });
});
