import { memo } from 'react';
import type { PlayablePost } from '@/features/posts/api/post-cache';
import { AudioSlide } from '@/features/posts/components/audio-slide';
import type { SlideMedia } from '@/features/posts/components/slide-media';
import { VideoSlide } from '@/features/posts/components/video-slide';
import { BeatSlide } from '@/features/beats/components/beat-slide';

/** How many slides before and after the current one are drawn in full; the rest are placeholders. */
export const DRAWN_BEFORE = 2;
export const DRAWN_AFTER = 2;

/** Whether the slide at `index` is drawn in full while `current` is the slide in view. */
export const isDrawn = (index: number, current: number) => index >= current - DRAWN_BEFORE && index <= current + DRAWN_AFTER;

type Props = {
  post: PlayablePost;
  slideKey: string;
  index: number;
  active: boolean;
  /** Drawn in full (near the slide in view); else a placeholder of the same size. */
  drawn: boolean;
  media: SlideMedia;
  slotRef: (el: HTMLElement | null) => void;
  onPlay: (post: PlayablePost) => void;
};

/**
 * One slot of the feed. Slides near the one in view are drawn in full; the others are an empty
 * slide of the same height under the same name (the slot keeps its size, so nothing moves when
 * one is drawn), without player, cover, actions or sheets: a page of ten slides renders and
 * commits only the few the user can reach next. Memoized: scrolling re-renders only the slots
 * whose props changed.
 */
export const FeedSlot = memo(function FeedSlot({ post, slideKey, index, active, drawn, media, slotRef, onPlay }: Props) {
  const title = post.caption || post.title || 'Untitled';
  const by = post.kind === 'audio' ? post.artist || post.username : post.username;
  return (
    // Media events do not bubble; the capture phase still sees the slide's play start.
    <div ref={slotRef} className="feed-slot" data-slide-key={slideKey} onPlayCapture={() => onPlay(post)}>
      {post.is_promoted && <span className="feed-promoted">Promoted</span>}
      {!drawn ? (
        <article className="slide slide-placeholder" aria-label={`${title} by ${by}`} aria-posinset={index + 1} aria-setsize={-1} />
      ) : post.kind === 'audio' ? (
        <AudioSlide post={post} active={active} position={index + 1} setSize={-1} media={media} />
      ) : post.kind === 'beat' ? (
        <BeatSlide post={post} active={active} position={index + 1} setSize={-1} media={media} />
      ) : (
        <VideoSlide post={post} active={active} position={index + 1} setSize={-1} media={media} />
      )}
    </div>
  );
}, sameSlot);

/** Props equal, comparing the slide's media rule field by field (the feed builds it anew each render). */
function sameSlot(a: Props, b: Props): boolean {
  for (const k of ['post', 'slideKey', 'index', 'active', 'drawn', 'slotRef', 'onPlay'] as const) {
    if (a[k] !== b[k]) return false;
  }
  for (const k of Object.keys(a.media) as (keyof SlideMedia)[]) {
    if (a.media[k] !== b.media[k]) return false;
  }
  return true;
}
