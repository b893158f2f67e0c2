import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CoverImage } from '@/lib/cover-image';
import { useDataSaver } from '@/lib/data-saver';
import { mediaUrl } from '@/lib/media-url';
import { formatNaira } from '@/lib/money';
import type { BeatPost } from '@/types/api';
import { usePreviewCountdown } from '../preview-countdown';

/** A 10 s preview control: "Play 10s Preview", then the seconds left; stops and rewinds at 0. */
export function PreviewButton({ src }: { src: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const preview = usePreviewCountdown(audio);
  return (
    <>
      <audio ref={audio} src={mediaUrl(src) || undefined} preload="none" onEnded={preview.onEnded} />
      {preview.playing ? (
        <button type="button" className="btn btn-secondary btn-small" onClick={preview.reset}>
          Stop Preview ({preview.secondsLeft}s)
        </button>
      ) : (
        <button type="button" className="btn btn-secondary btn-small" onClick={preview.start} disabled={!src}>
          Play 10s Preview
        </button>
      )}
    </>
  );
}

/** A card's cover: the card's width, at most 240 px (beats.css). */
const CARD_BOX = { width: 240, sizes: 'min(100vw, 240px)' };

/**
 * A beat in a list (spec part 2 §2 /userbeats): cover, title, the 10 s preview, price ("Sold out"
 * once every licence is sold), supply, buyers, likes, comment count and View Beat.
 */
export function BeatCard({ beat }: { beat: BeatPost }) {
  const dataSaver = useDataSaver();
  const title = beat.caption || beat.title || 'Untitled';
  return (
    <li className="beat-card" aria-label={title}>
      <CoverImage post={beat} box={CARD_BOX} alt={`Cover of ${title}`} dataSaver={dataSaver} />
      <h2>{title}</h2>
      <p className="muted">by {beat.username}</p>
      <p className="beat-price">{formatNaira(beat.amount)}</p>
      {beat.available <= 0 && <p className="beat-sold-out">Sold out</p>}
      <PreviewButton src={beat.preview_url} />
      <dl className="beat-stats">
        <div>
          <dt>Supply</dt>
          <dd>{beat.total_supply}</dd>
        </div>
        <div>
          <dt>Buyers</dt>
          <dd>{beat.total_buyers}</dd>
        </div>
        <div>
          <dt>Likes</dt>
          <dd>{beat.likes ?? beat.reactions}</dd>
        </div>
        <div>
          <dt>Comments</dt>
          <dd>{beat.comments}</dd>
        </div>
      </dl>
      <Link to={paths.beat(beat.id)} className="btn btn-primary">
        View Beat
      </Link>
    </li>
  );
}
