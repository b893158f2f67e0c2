import { useRef } from 'react';
import { mediaUrl } from '@/lib/media-url';
import { usePreviewCountdown } from '../preview-countdown';

type Props = { title: string; cover: string; previewUrl: string; onUnlock: () => void; source?: boolean };

/**
 * Spec part 2 §2 track preview card, locked: the cover blurred, "Play 10s Preview" counting down
 * from 10 while it plays (stopping and rewinding at 0), and the lock that opens the card. With
 * `source` false (a feed slide far from the one in view) the preview's <audio> has no src yet.
 */
export function LockedPreview({ title, cover, previewUrl, onUnlock, source = true }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  const preview = usePreviewCountdown(audio);
  const coverUrl = mediaUrl(cover);
  return (
    <div className="beat-locked" onClick={(e) => e.stopPropagation()}>
      <div className="beat-locked-cover" style={coverUrl ? { backgroundImage: `url("${coverUrl}")` } : undefined} aria-hidden="true" />
      <audio ref={audio} src={(source && mediaUrl(previewUrl)) || undefined} preload="none" onEnded={preview.onEnded} />
      <p className="beat-locked-title">{title}</p>
      {preview.playing ? (
        <button type="button" className="btn btn-secondary" onClick={preview.reset} aria-live="polite">
          Stop Preview ({preview.secondsLeft}s)
        </button>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={preview.start} disabled={!previewUrl}>
          Play 10s Preview
        </button>
      )}
      <button type="button" className="btn btn-primary" onClick={onUnlock}>
        Unlock
      </button>
    </div>
  );
}
