import { afterEach, describe, expect, it } from 'vitest';
import { chooseAudio, type AudioRendition } from './audio-choice';

const ORIGINAL = 'https://cdn.example/media/u/audio/a.wav';
const COPIES: AudioRendition[] = [
  { kbps: 128, format: 'm4a', url: 'https://cdn.example/media/u/audio/a.a128.m4a' },
  { kbps: 64, format: 'm4a', url: 'https://cdn.example/media/u/audio/a.a64.m4a' },
];

describe('chooseAudio', () => {
  afterEach(() => localStorage.clear());

  it('plays the normal copy on a fast network with data saver off', () => {
    expect(chooseAudio(ORIGINAL, COPIES, false, { effectiveType: '4g', saveData: false })).toBe(COPIES[0].url);
    expect(chooseAudio(ORIGINAL, COPIES, false, undefined)).toBe(COPIES[0].url);
  });

  it('plays the data-saver copy when data saver is on', () => {
    expect(chooseAudio(ORIGINAL, COPIES, true, { effectiveType: '4g' })).toBe(COPIES[1].url);
  });

  it.each(['slow-2g', '2g', '3g'])('plays the data-saver copy on a %s network', (effectiveType) => {
    expect(chooseAudio(ORIGINAL, COPIES, false, { effectiveType })).toBe(COPIES[1].url);
  });

  it('plays the data-saver copy when the browser asks to save data', () => {
    expect(chooseAudio(ORIGINAL, COPIES, false, { effectiveType: '4g', saveData: true })).toBe(COPIES[1].url);
  });

  it('plays the original when there are no copies', () => {
    expect(chooseAudio(ORIGINAL, [], true, { effectiveType: '2g' })).toBe(ORIGINAL);
    expect(chooseAudio(ORIGINAL, undefined, false, undefined)).toBe(ORIGINAL);
    expect(chooseAudio(ORIGINAL, [{ kbps: 64, format: 'm4a', url: '' }], true, undefined)).toBe(ORIGINAL);
  });

  it('never picks a copy above the normal bitrate when data saver is off', () => {
    const more = [...COPIES, { kbps: 256, format: 'm4a', url: 'https://cdn.example/a.a256.m4a' }];
    expect(chooseAudio(ORIGINAL, more, false, undefined)).toBe(COPIES[0].url);
  });

  it('is "" without any audio', () => {
    expect(chooseAudio('', [], false, undefined)).toBe('');
  });
});
