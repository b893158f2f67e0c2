import { useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { chooseCover } from '@/lib/cover-choice';
import { CoverImage } from '@/lib/cover-image';
import { mediaUrl } from '@/lib/media-url';
import type { VideoPost } from '@/types/api';
import { PostActions } from './post-actions';
import { ProgressBar, TapToPlay, UploaderLink } from './player-parts';
import { FULL_MEDIA, type SlideMedia } from './slide-media';
import { usePlayback } from './use-playback';

/** Spec §4: the thumbnail is the frame about 2 s in, or half the duration when shorter. */
export function thumbnailTime(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return duration < 2 ? duration / 2 : 2;
}

type Props = { post: VideoPost; active: boolean; position?: number; setSize?: number; media?: SlideMedia };

/**
 * The video fills the slide: its cover is chosen for the column's width (at most 414 px), one
 * file for both the poster and the overlay, so it downloads once.
 */
const VIDEO_BOX = { width: 414, sizes: 'min(100vw, 414px)' };

/**
 * Spec §2 video slide: the thumbnail frame (or the cover photo with a loading overlay until the
 * video can play), looping inline playback, progress, uploader, like / comments / share.
 * `media` says what it may fetch (the feed's rule); a video that preloads nothing (data saver,
 * or the next slide) shows its cover without a spinner until it is played.
 */
export function VideoSlide({ post, active, position, setSize, media = FULL_MEDIA }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const playback = usePlayback(video, active, post.duration, media.autoplay);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const poster = media.source ? chooseCover(post, VIDEO_BOX, media.dataSaver)?.src : undefined;
  const loading = media.source && (media.preload !== 'none' || playback.playing);
  const title = post.caption || post.title || 'Untitled';

  const onLoadedMetadata = () => {
    const el = video.current;
    playback.onTimeUpdate();
    if (el && !active && el.currentTime === 0) el.currentTime = thumbnailTime(el.duration || post.duration);
  };

  return (
    <article
      className="slide video-slide"
      aria-label={`${title} by ${post.username}`}
      aria-posinset={position}
      aria-setsize={setSize}
      data-active={active || undefined}
    >
      <video
        ref={video}
        className="slide-video"
        src={(media.source && mediaUrl(post.video_url || post.video_upload)) || undefined}
        poster={poster || undefined}
        loop
        playsInline
        preload={media.preload}
        controlsList="nodownload"
        disablePictureInPicture
        onContextMenu={(e) => e.preventDefault()}
        onLoadedMetadata={onLoadedMetadata}
        onCanPlay={() => setReady(true)}
        onLoadedData={() => setReady(true)}
        onError={() => setFailed(true)}
        onTimeUpdate={playback.onTimeUpdate}
      />
      {!ready && (
        <div className="video-overlay" data-testid="video-overlay">
          {post.cover_photo && (
            <CoverImage post={post} box={VIDEO_BOX} alt="" dataSaver={media.dataSaver} load={media.cover} priority={media.coverPriority} single />
          )}
          {failed ? (
            <p className="video-failed">This video can't be played right now.</p>
          ) : (
            loading && <Spinner label="Loading video..." />
          )}
        </div>
      )}
      <TapToPlay playback={playback} />
      <footer className="slide-info">
        <UploaderLink profileId={post.profile_id} username={post.username} picture={post.profile_picture} />
        <h2 className="slide-title">{title}</h2>
      </footer>
      <PostActions post={post} />
      <ProgressBar currentTime={playback.currentTime} duration={playback.duration} />
    </article>
  );
}
