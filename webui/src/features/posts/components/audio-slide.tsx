import { useRef } from 'react';
import { useAudioSource } from '@/lib/audio-choice';
import { blurredCover } from '@/lib/cover-choice';
import { CoverImage } from '@/lib/cover-image';
import type { AudioPost } from '@/types/api';
import { PostActions } from './post-actions';
import { ProgressBar, TapToPlay, UploaderLink } from './player-parts';
import { FULL_MEDIA, SLIDE_COVER_BOX, type SlideMedia } from './slide-media';
import { usePlayback } from './use-playback';

type Props = { post: AudioPost; active: boolean; position?: number; setSize?: number; media?: SlideMedia };

/**
 * Spec §2 audio slide: blurred cover behind, artist with the AUDIO badge, the cover, uploader,
 * caption as title, like / comments / platforms / share, a looping track and its progress. The
 * track plays from its data-saver or normal copy (useAudioSource), else as uploaded.
 * `media` says what it may fetch (the feed's rule); alone on a page it loads everything.
 */
export function AudioSlide({ post, active, position, setSize, media = FULL_MEDIA }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  const playback = usePlayback(audio, active, post.duration, media.autoplay);
  const backdrop = blurredCover(post, media.cover);
  const source = useAudioSource(post.audio_upload, post.audio_renditions);
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
      <div className="slide-backdrop" style={backdrop ? { backgroundImage: `url("${backdrop}")` } : undefined} aria-hidden="true" />
      <audio
        ref={audio}
        src={(media.source && source) || undefined}
        loop
        preload={media.preload}
        onTimeUpdate={playback.onTimeUpdate}
        onLoadedMetadata={playback.onTimeUpdate}
      />
      <TapToPlay playback={playback} />
      <header className="slide-artist">
        <span>{artist}</span>
        <span className="badge">AUDIO</span>
      </header>
      <div className="slide-cover">
        <CoverImage
          post={post}
          box={SLIDE_COVER_BOX}
          alt={`Cover of ${title}`}
          dataSaver={media.dataSaver}
          load={media.cover}
          priority={media.coverPriority}
        />
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
