import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { PostActions } from '@/features/posts/components/post-actions';
import { UploaderLink } from '@/features/posts/components/player-parts';
import { mediaUrl } from '@/lib/media-url';
import { beatFetchErrors, beatListErrors } from '../api/beat-errors';
import { useBeat, useBeatList } from '../api/get-beat';
import { NO_DESCRIPTION } from './beat-texts';
import { BuyLicence } from './buy-licence';
import { PreviewButton } from './beat-card';
import './beats.css';

/**
 * /lock: spec part 2 §2 track preview cards, locked: every beat for sale, newest first, with the
 * blurred cover, "Play 10s Preview" and Unlock, which opens its card at /details.
 */
export function LockPage() {
  const navigate = useNavigate();
  const query = useBeatList();
  const beats = useMemo(() => query.data?.pages.flatMap((p) => p.posts) ?? [], [query.data]);
  return (
    <section className="beat-list-page">
      <h1>Preview Beats</h1>
      {query.isPending && <Spinner label="Loading beats..." />}
      {query.isError && beats.length === 0 && (
        <div className="empty-state">
          <p role="alert">{messageFor(query.error, beatListErrors)}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            Try Again
          </Button>
        </div>
      )}
      {query.isSuccess && beats.length === 0 && <p className="empty-state muted">No beats for sale yet.</p>}
      {beats.length > 0 && (
        <ul className="beat-cards" aria-label="Locked beats">
          {beats.map((b) => {
            const title = b.caption || b.title || 'Untitled';
            return (
              <li key={b.id} className="beat-lock-card" aria-label={title}>
                {/* The locked card: the cover blurred, the 10 s preview and Unlock. */}
                <div className="beat-locked-cover" style={b.cover_photo ? { backgroundImage: `url("${mediaUrl(b.cover_photo)}")` } : undefined} aria-hidden="true" />
                <p className="beat-locked-title">{title}</p>
                <PreviewButton src={b.preview_url} />
                <Button onClick={() => navigate(paths.beatDetails(b.id))}>Unlock</Button>
                <p className="beat-locked-price">{b.available <= 0 ? 'Sold out' : formatNaira(b.amount)}</p>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="ghost" block disabled={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </section>
  );
}

/**
 * /details?beat={id}: spec part 2 §2 track preview card, unlocked: cover, the preview with its
 * progress, like, comments, share, "Full Track Price" with Buy Now, and "About This Track"; Back
 * locks it again (to /lock).
 */
export function DetailsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('beat') ?? '';
  if (!id) {
    return (
      <section className="empty-state">
        <h1>Track details</h1>
        <p className="muted">Unlock a beat to see its details.</p>
        <Link to={paths.lock} className="btn btn-primary">
          Preview Beats
        </Link>
      </section>
    );
  }
  return <BeatDetails id={id} onLock={() => navigate(paths.lock)} />;
}

function BeatDetails({ id, onLock }: { id: string; onLock: () => void }) {
  const query = useBeat(id);
  const beat = query.data?.post;
  if (query.isPending) return <Spinner label="Loading beat..." />;
  if (!beat) {
    const gone = toApiError(query.error).status === 404;
    return (
      <section className="empty-state beat-error">
        <h1>Error Loading Beat</h1>
        <p role="alert">{messageFor(query.error, beatFetchErrors)}</p>
        <div className="beat-error-actions">
          {!gone && <Button onClick={() => query.refetch()}>Try Again</Button>}
          <Link to={paths.lock} className="btn btn-secondary">
            Go Back
          </Link>
        </div>
      </section>
    );
  }
  const title = beat.caption || beat.title || 'Untitled';
  const cover = mediaUrl(beat.cover_photo);
  // The feed slide's unlocked card (beat-slide.tsx), as a page: its parts, not the slide, so the
  // feed's code stays in the feed's own chunk.
  return (
    <article className="beat-details-page beat-unlocked" aria-label={title}>
      <header className="beat-page-bar">
        <button type="button" className="btn btn-secondary btn-small" onClick={onLock}>
          Back
        </button>
      </header>
      <div className="beat-cover">{cover ? <img src={cover} alt={`Cover of ${title}`} /> : <div className="cover-placeholder" aria-hidden="true" />}</div>
      <h2>{title}</h2>
      <UploaderLink profileId={beat.profile_id} username={beat.username} picture={beat.profile_picture} />
      <audio className="beat-player" controls preload="metadata" src={mediaUrl(beat.preview_url) || undefined}>
        Your browser cannot play this audio.
      </audio>
      <PostActions post={beat} />
      <section className="beat-buy" aria-label="Full Track Price">
        <h3>Full Track Price</h3>
        <p className="beat-price">{formatNaira(beat.amount)}</p>
        <BuyLicence beat={beat} label="Buy Now" />
      </section>
      <section className="beat-about">
        <h3>About This Track</h3>
        <p>{beat.description.trim() || NO_DESCRIPTION}</p>
        <p className="muted">
          Available {beat.available}/{beat.total_supply}
        </p>
      </section>
    </article>
  );
}
