import { describe, expect, it } from 'vitest';
import { thumbnailTime } from './components/video-slide';
import { clock, commentAge } from './comment-age';

const now = Date.parse('2025-03-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('commentAge (spec §9)', () => {
  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [60, '1 minute ago'],
    [59 * 60 + 59, '59 minutes ago'],
    [3600, '1 hour ago'],
    [23 * 3600, '23 hours ago'],
    [24 * 3600, '1 day ago'],
    [10 * 24 * 3600, '10 days ago'],
  ])('%i s ago reads "%s"', (seconds, label) => {
    expect(commentAge(ago(seconds), now)).toBe(label);
  });

  it('treats a clock ahead of ours as just now and an unreadable date as nothing', () => {
    expect(commentAge(ago(-30), now)).toBe('Just now');
    expect(commentAge('not a date', now)).toBe('');
  });
});

describe('player helpers', () => {
  it.each([
    [12, 2],
    [2, 2],
    [1.5, 0.75],
    [0, 0],
    [Number.NaN, 0],
  ])('the thumbnail of a %s s video is taken at %s s', (duration, at) => {
    expect(thumbnailTime(duration)).toBe(at);
  });

  it('formats the time line', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(75.4)).toBe('1:15');
    expect(clock(Number.NaN)).toBe('0:00');
  });
});
