/**
 * How much of its media a slide may fetch and play. The feed decides it per slide (only the
 * slides near the one in view load anything); a post's own page shows its one slide in full.
 */
export type SlideMedia = {
  /** The <audio>/<video> gets its src; without it the element loads nothing. */
  source: boolean;
  /** The media element's preload while it has a source. */
  preload: 'metadata' | 'none';
  /** Starts playing by itself when the slide becomes the active one; else it waits for a tap. */
  autoplay: boolean;
  /** The cover is fetched; else only its blurred placeholder shows. */
  cover: boolean;
  /** The first slide's cover: fetched at high priority rather than lazily. */
  coverPriority: boolean;
  /** Data saver is on: covers at their smallest rendition. */
  dataSaver: boolean;
};

/** A slide shown alone (a post's page): everything loads and it plays when active. */
export const FULL_MEDIA: SlideMedia = {
  source: true,
  preload: 'metadata',
  autoplay: true,
  cover: true,
  coverPriority: true,
  dataSaver: false,
};

/** The box a slide's cover is drawn in (posts.css .slide-cover: 68% of the slide, at most 280 px). */
export const SLIDE_COVER_BOX = { width: 280, sizes: 'min(68vw, 280px)' };
