import { useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { mediaUrl } from '@/lib/media-url';
import type { VideoPost } from '@/types/api';
import { PostActions } from './post-actions';
import { ProgressBar, TapToPlay, UploaderLink } from './player-parts';
import { usePlayback } from './use-playback';

/** Spec §4: the thumbnail is the frame about 2 s in, or half the duration when shorter. */
export function thumbnailTime(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return duration < 2 ? duration / 2 : 2;
}

type Props = { post: VideoPost; active: boolean; position?: number; setSize?: number };

/**
 * Spec §2 video slide: the thumbnail frame (or the cover photo with a loading overlay until the
 * video can play), looping inline playback, progress, uploader, like / comments / share.
 */
export function VideoSlide({ post, active, position, setSize }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const playback = usePlayback(video, active, post.duration);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const cover = mediaUrl(post.cover_photo);
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
        src={mediaUrl(post.video_url || post.video_upload) || undefined}
        poster={cover || undefined}
        loop
        playsInline
        preload="metadata"
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
          {cover && <img src={cover} alt="" />}
          {failed ? <p className="video-failed">This video can't be played right now.</p> : <Spinner label="Loading video..." />}
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
