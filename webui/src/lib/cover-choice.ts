import { mediaUrl } from './media-url';

/** One resized copy of a cover the media worker made: its width in pixels and where it is. */
export type CoverRendition = { width: number; url: string };

/**
 * The cover fields of a post as the API sends them. Posts from before renditions existed have
 * no renditions, no size and an empty placeholder: only cover_photo.
 */
export type CoverFields = {
  cover_photo?: string | null;
  cover_width?: number | null;
  cover_height?: number | null;
  /** A tiny blurred JPEG as a data: URI, or "". */
  cover_placeholder?: string | null;
  /** Ascending by width; empty for old posts. */
  cover_renditions?: CoverRendition[] | null;
};

/**
 * The box a cover is drawn in: its widest rendering in CSS pixels, and `sizes`, the CSS width
 * the browser picks a rendition for (e.g. "min(68vw, 280px)").
 */
export type CoverBox = { width: number; sizes: string };

/** What an <img> of the cover gets. srcSet and sizes are absent when there is one source only. */
export type CoverChoice = {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  /** The blurred placeholder (a data: URI), or "" when the post has none. */
  placeholder: string;
};

function renditionsOf(post: CoverFields): CoverRendition[] {
  return (post.cover_renditions ?? [])
    .filter((r) => r && r.url && Number.isFinite(r.width) && r.width > 0)
    .toSorted((a, b) => a.width - b.width);
}

/**
 * Chooses how a post's cover loads. With renditions: all of them as srcset ("url 160w, url 480w,
 * ...") with the box's sizes, and as src the smallest one at least as wide as the box (for
 * browsers without srcset); with data saver, the smallest rendition alone. Without renditions,
 * cover_photo as it is. The intrinsic size is the cover's own (so the page keeps its space before
 * the image arrives), else a square the box's width. Null when the post has no cover at all.
 */
export function chooseCover(post: CoverFields, box: CoverBox, dataSaver: boolean): CoverChoice | null {
  const renditions = renditionsOf(post);
  const own = post.cover_width && post.cover_height && post.cover_width > 0 && post.cover_height > 0;
  const size = own ? { width: post.cover_width!, height: post.cover_height! } : { width: box.width, height: box.width };
  const placeholder = post.cover_placeholder?.startsWith('data:image/') ? post.cover_placeholder : '';
  if (renditions.length === 0) {
    const src = mediaUrl(post.cover_photo);
    return src ? { src, ...size, placeholder } : null;
  }
  if (dataSaver) return { src: mediaUrl(renditions[0].url), ...size, placeholder };
  const fallback = renditions.find((r) => r.width >= box.width) ?? renditions[renditions.length - 1];
  return {
    src: mediaUrl(fallback.url),
    srcSet: renditions.map((r) => `${mediaUrl(r.url)} ${r.width}w`).join(', '),
    sizes: box.sizes,
    ...size,
    placeholder,
  };
}

/**
 * A URL for a cover drawn small or blurred (a backdrop, a locked preview): the placeholder when
 * there is one (nothing to fetch), else, when `load` allows fetching, the smallest rendition or
 * cover_photo; else "".
 */
export function blurredCover(post: CoverFields, load = true): string {
  if (post.cover_placeholder?.startsWith('data:image/')) return post.cover_placeholder;
  if (!load) return '';
  const smallest = renditionsOf(post)[0];
  return mediaUrl(smallest ? smallest.url : post.cover_photo);
}
