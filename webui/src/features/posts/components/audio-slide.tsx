import { useRef } from 'react';
import { mediaUrl } from '@/lib/media-url';
import type { AudioPost } from '@/types/api';
import { PostActions } from './post-actions';
import { ProgressBar, TapToPlay, UploaderLink } from './player-parts';
import { usePlayback } from './use-playback';

type Props = { post: AudioPost; active: boolean; position?: number; setSize?: number };

/**
 * Spec §2 audio slide: blurred cover behind, artist with the AUDIO badge, the cover, uploader,
 * caption as title, like / comments / platforms / share, a looping track and its progress.
 */
export function AudioSlide({ post, active, position, setSize }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  const playback = usePlayback(audio, active, post.duration);
  const cover = mediaUrl(post.cover_photo);
  const title = post.caption || post.title || 'Untitled';
  const artist = post.artist || post.username;

  return (
    <article
      className="slide audio-slide"
      aria-label={`${title} by ${artist}`}
      aria-posinset={position}
      aria-setsize={setSize}
      data-active={active || undefined}
    >
      <div className="slide-backdrop" style={cover ? { backgroundImage: `url("${cover}")` } : undefined} aria-hidden="true" />
      <audio
        ref={audio}
        src={mediaUrl(post.audio_upload) || undefined}
        loop
        preload="metadata"
        onTimeUpdate={playback.onTimeUpdate}
        onLoadedMetadata={playback.onTimeUpdate}
      />
      <TapToPlay playback={playback} />
      <header className="slide-artist">
        <span>{artist}</span>
        <span className="badge">AUDIO</span>
      </header>
      <div className="slide-cover">
        {cover ? <img src={cover} alt={`Cover of ${title}`} /> : <div className="cover-placeholder" aria-hidden="true" />}
      </div>
      <footer className="slide-info">
        <UploaderLink profileId={post.profile_id} username={post.username} picture={post.profile_picture} />
        <h2 className="slide-title">{title}</h2>
      </footer>
      <PostActions post={post} />
      <ProgressBar currentTime={playback.currentTime} duration={playback.duration} />
    </article>
  );
}
