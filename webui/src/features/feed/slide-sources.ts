import type { PostKind } from '@/features/posts/api/post-cache';
import type { SlideMedia } from '@/features/posts/components/slide-media';

/**
 * The feed's rule for what each slide may fetch, given the slide in view (`current`: the active
 * slide, or the last one that was while the list is between two, or the first before any is):
 * - the current slide has its source; audio preloads its metadata (duration, the first bytes),
 *   a video likewise unless data saver is on, when it shows its poster until tapped;
 * - the next slide has its source too, preloading nothing, so it starts at once when scrolled to,
 *   unless data saver is on: then nothing is prepared ahead;
 * - every other slide has no source at all (nothing loads) until it becomes current or next;
 * - with data saver no slide starts by itself: scrolling to one waits for a tap;
 * - covers load for the slides up to the next one (the slides above were seen already), only up
 *   to the current one with data saver, and the first slide's cover comes first.
 */
export function slideMedia(index: number, current: number, kind: PostKind, dataSaver: boolean): SlideMedia {
  const isCurrent = index === current;
  const isNext = index === current + 1 && !dataSaver;
  return {
    source: isCurrent || isNext,
    preload: isCurrent && !(dataSaver && kind === 'video') ? 'metadata' : 'none',
    autoplay: !dataSaver,
    cover: index <= current + (dataSaver ? 0 : 1),
    coverPriority: index === 0,
    dataSaver,
  };
}
