import { useRef, useState } from 'react';
import { PostActions } from '@/features/posts/components/post-actions';
import { ProgressBar, UploaderLink } from '@/features/posts/components/player-parts';
import { PostIcon } from '@/features/posts/components/post-icons';
import { FULL_MEDIA, SLIDE_COVER_BOX, type SlideMedia } from '@/features/posts/components/slide-media';
import { usePlayback } from '@/features/posts/components/use-playback';
import { useAudioSource } from '@/lib/audio-choice';
import { blurredCover } from '@/lib/cover-choice';
import { CoverImage } from '@/lib/cover-image';
import { formatNaira } from '@/lib/money';
import type { BeatPost } from '@/types/api';
import { BuyLicence } from './buy-licence';
import { LockedPreview } from './locked-preview';
import { NO_DESCRIPTION } from './beat-texts';
import './beats.css';

type Props = { post: BeatPost; active: boolean; position?: number; setSize?: number; media?: SlideMedia };

/**
 * The feed's beat slide (spec part 2 §2 track preview card, kind "beat" in the audio tab).
 * Locked: the blurred cover, "Play 10s Preview" and Unlock. Unlocked: the cover, the preview
 * playing with its progress while the slide is the active one, like, comments, share,
 * "Full Track Price" with Buy Now (a real purchase), and "About This Track"; Back locks it again.
 * `media` says what it may fetch (the feed's rule).
 */
export function BeatSlide({ post, active, position, setSize, media = FULL_MEDIA }: Props) {
  const [unlocked, setUnlocked] = useState(false);
  const title = post.caption || post.title || 'Untitled';
  const cover = blurredCover(post, media.cover);
  const preview = usePreviewSource(post);
  return (
    <article
      className="slide audio-slide beat-slide"
      aria-label={`${title} by ${post.username}`}
      aria-posinset={position}
      aria-setsize={setSize}
      data-active={active || undefined}
      data-unlocked={unlocked || undefined}
    >
      <div className="slide-backdrop" style={cover ? { backgroundImage: `url("${cover}")` } : undefined} aria-hidden="true" />
      <header className="slide-artist">
        <span>{post.username}</span>
        <span className="badge">BEAT</span>
      </header>
      {unlocked ? (
        <UnlockedBeat post={post} title={title} active={active} media={media} onLock={() => setUnlocked(false)} />
      ) : (
        <div className="beat-locked-wrap">
          {/* A slide scrolled away stops its preview: the box starts over when it comes back. */}
          <LockedPreview
            key={active ? 'active' : 'idle'}
            title={title}
            cover={cover}
            previewUrl={preview}
            source={media.source}
            onUnlock={() => setUnlocked(true)}
          />
          <p className="beat-locked-price">{formatNaira(post.amount)}</p>
        </div>
      )}
    </article>
  );
}

type UnlockedProps = { post: BeatPost; title: string; active: boolean; media: SlideMedia; onLock: () => void };

function UnlockedBeat({ post, title, active, media, onLock }: UnlockedProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const playback = usePlayback(audio, active, Math.min(post.duration || 10, 10), media.autoplay);
  const preview = usePreviewSource(post);
  return (
    <div className="beat-unlocked" onClick={(e) => e.stopPropagation()}>
      <button type="button" className="icon-button back-button" aria-label="Back" onClick={onLock}>
        <PostIcon name="back" />
      </button>
      <audio
        ref={audio}
        src={(media.source && preview) || undefined}
        preload={media.preload}
        onTimeUpdate={playback.onTimeUpdate}
        onLoadedMetadata={playback.onTimeUpdate}
      />
      <div className="slide-cover">
        <CoverImage post={post} box={SLIDE_COVER_BOX} alt={`Cover of ${title}`} dataSaver={media.dataSaver} load={media.cover} />
      </div>
      <h2>{title}</h2>
      <UploaderLink profileId={post.profile_id} username={post.username} picture={post.profile_picture} />
      <button type="button" className="btn btn-secondary btn-small" onClick={playback.toggle}>
        {playback.playing ? 'Pause Preview' : 'Play Preview'}
      </button>
      <ProgressBar currentTime={playback.currentTime} duration={playback.duration} />
      <PostActions post={post} />
      <section className="beat-buy" aria-label="Full Track Price">
        <h3>Full Track Price</h3>
        <p className="beat-price">{formatNaira(post.amount)}</p>
        <BuyLicence beat={post} label="Buy Now" />
      </section>
      <section className="beat-about">
        <h3>About This Track</h3>
        <p>{post.description.trim() || NO_DESCRIPTION}</p>
        <p className="muted">
          Available {post.available}/{post.total_supply}
        </p>
      </section>
    </div>
  );
}

/**
 * The preview the slide plays, from its data-saver or normal copy (useAudioSource): the answer's
 * audio_renditions are the preview's when audio_upload is the preview (everyone but the owner,
 * whose are the full audio's, so the owner hears the preview as uploaded).
 */
function usePreviewSource(post: BeatPost): string {
  const renditions = post.audio_upload === post.preview_url ? post.audio_renditions : undefined;
  return useAudioSource(post.preview_url, renditions);
}
