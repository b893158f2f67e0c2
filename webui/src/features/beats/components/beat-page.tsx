import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { clock } from '@/features/posts/comment-age';
import { PostActions } from '@/features/posts/components/post-actions';
import { BackButton } from '@/features/posts/components/player-parts';
import { toApiError } from '@/lib/api-client';
import { useAudioSource } from '@/lib/audio-choice';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import { mediaUrl } from '@/lib/media-url';
import { formatNaira } from '@/lib/money';
import { beatFetchErrors } from '../api/beat-errors';
import { useBeat } from '../api/get-beat';
import { useMyPurchase } from '../api/my-purchase';
import { BuyLicence } from './buy-licence';
import { NO_DESCRIPTION } from './beat-texts';
import { OwnedActions } from './owned-actions';
import './beats.css';

/**
 * /beats/{id}: spec part 2 §2 beat details: cover, title, the artist's profile link, the player
 * (the 10 s preview for everyone but the owner), Available x/total, duration, like, comments,
 * share, the description, and Buy License with the naira price. A buyer hears the full beat and
 * sees "You own this beat" with Download and the licence instead of the offer.
 */
export function BeatPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: me } = useCurrentProfile();
  const query = useBeat(id);
  const beat = query.data?.post;
  const own = !!beat && me?.id === beat.profile_id;
  const mine = useMyPurchase(id, !!beat && !!me && !own);
  const purchase = mine.data?.purchase ?? null;
  // A buyer plays the full audio, anyone else audio_upload, each from its data-saver or normal copy.
  const listen = useAudioSource(beat?.audio_upload, beat?.audio_renditions);
  const full = useAudioSource(purchase?.full_audio, purchase?.audio_renditions);

  if (query.isPending) return <Spinner label="Loading beat..." />;
  if (!beat) {
    // A beat that is not there will not come back by asking again: no Try Again for a 404.
    const gone = toApiError(query.error).status === 404;
    return (
      <section className="empty-state beat-error">
        <h1>Error Loading Beat</h1>
        <p role="alert">{messageFor(query.error, beatFetchErrors)}</p>
        <div className="beat-error-actions">
          {!gone && <Button onClick={() => query.refetch()}>Try Again</Button>}
          <Button variant={gone ? 'primary' : 'secondary'} onClick={() => (location.key !== 'default' ? navigate(-1) : navigate(paths.beats))}>
            Go Back
          </Button>
        </div>
      </section>
    );
  }

  const cover = mediaUrl(beat.cover_photo);
  const title = beat.caption || beat.title || 'Untitled';
  const artistLink = me?.id === beat.profile_id ? paths.ownProfile : paths.profile(beat.profile_id);
  return (
    <article className="beat-page" aria-label={title}>
      <header className="beat-page-bar">
        <BackButton fallback={paths.beats} />
      </header>
      <div className="beat-cover">
        {cover ? <img src={cover} alt={`Cover of ${title}`} /> : <div className="cover-placeholder" aria-hidden="true" />}
      </div>
      <h1 className="beat-title">{title}</h1>
      <p className="beat-artist">
        by <Link to={artistLink}>{beat.username}</Link>
      </p>
      <audio className="beat-player" controls preload="metadata" src={(purchase?.full_audio ? full : listen) || undefined}>
        Your browser cannot play this audio.
      </audio>
      {!own && !purchase && <p className="muted beat-note">You are hearing the 10 second preview. Buy a licence for the full beat.</p>}
      <p className="beat-available">
        Available {beat.available}/{beat.total_supply}
      </p>
      <dl className="beat-facts">
        <div>
          <dt>Duration</dt>
          <dd>{clock(beat.duration)}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatNaira(beat.amount)}</dd>
        </div>
      </dl>
      <PostActions post={beat} className="beat-actions" />
      <section className="beat-description">
        <h2>Description</h2>
        <p>{beat.description.trim() || NO_DESCRIPTION}</p>
      </section>
      {purchase ? (
        <section className="beat-owned" aria-label="Your licence">
          <h2>You own this beat</h2>
          <p className="muted">
            Licence {purchase.licence_number} · {purchase.downloads_remaining} downloads left
          </p>
          <OwnedActions purchase={purchase} />
        </section>
      ) : (
        !mine.isLoading && <BuyLicence beat={beat} label="Buy License" />
      )}
    </article>
  );
}
