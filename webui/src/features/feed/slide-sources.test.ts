import { describe, expect, it } from 'vitest';
import { slideMedia } from './slide-sources';

/** The slides of a ten-slide feed that get a source, and each one's preload. */
function sources(current: number, kind: 'audio' | 'video' | 'beat', dataSaver: boolean) {
  return Array.from({ length: 10 }, (_, i) => slideMedia(i, current, kind, dataSaver))
    .map((media, i) => (media.source ? `${i}:${media.preload}` : null))
    .filter(Boolean);
}

describe('slideMedia: which slides load', () => {
  it('gives a source to the slide in view (metadata) and the next one (nothing preloaded), none to the rest', () => {
    expect(sources(0, 'audio', false)).toEqual(['0:metadata', '1:none']);
    expect(sources(4, 'audio', false)).toEqual(['4:metadata', '5:none']);
    expect(sources(9, 'audio', false)).toEqual(['9:metadata']);
    expect(sources(3, 'beat', false)).toEqual(['3:metadata', '4:none']);
    expect(sources(3, 'video', false)).toEqual(['3:metadata', '4:none']);
  });

  it('with data saver prepares nothing ahead: the slide in view alone has a source', () => {
    expect(sources(0, 'audio', true)).toEqual(['0:metadata']);
    expect(sources(6, 'beat', true)).toEqual(['6:metadata']);
  });

  it('with data saver a video preloads nothing: its poster shows until it is tapped', () => {
    expect(sources(2, 'video', true)).toEqual(['2:none']);
  });

  it('autoplays a slide scrolled to unless data saver is on', () => {
    expect(slideMedia(1, 1, 'audio', false).autoplay).toBe(true);
    expect(slideMedia(1, 1, 'audio', true).autoplay).toBe(false);
    expect(slideMedia(2, 1, 'video', true).autoplay).toBe(false);
  });
});

describe('slideMedia: covers', () => {
  const covers = (current: number, dataSaver: boolean) =>
    Array.from({ length: 6 }, (_, i) => slideMedia(i, current, 'audio', dataSaver)).flatMap((m, i) => (m.cover ? [i] : []));

  it('loads covers up to the next slide (those above were seen), only up to the one in view with data saver', () => {
    expect(covers(0, false)).toEqual([0, 1]);
    expect(covers(3, false)).toEqual([0, 1, 2, 3, 4]);
    expect(covers(0, true)).toEqual([0]);
    expect(covers(3, true)).toEqual([0, 1, 2, 3]);
  });

  it('gives the first slide\'s cover priority, and passes data saver on for the smallest rendition', () => {
    expect(Array.from({ length: 3 }, (_, i) => slideMedia(i, 0, 'audio', false).coverPriority)).toEqual([true, false, false]);
    expect(slideMedia(0, 0, 'audio', true).dataSaver).toBe(true);
    expect(slideMedia(0, 0, 'audio', false).dataSaver).toBe(false);
  });
});
