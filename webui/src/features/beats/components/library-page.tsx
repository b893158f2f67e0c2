import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAudioSource } from '@/lib/audio-choice';
import { messageFor } from '@/lib/error-message';
import { mediaUrl } from '@/lib/media-url';
import { formatNaira } from '@/lib/money';
import type { Purchase } from '@/types/api';
import { purchasedListErrors } from '../api/beat-errors';
import { usePurchases } from '../api/purchases';
import { OwnedActions } from './owned-actions';
import './beats.css';

const DATE = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });

/** Purchases whose title, producer or licence number holds the search text (any case). */
export function searchPurchases(purchases: Purchase[], text: string): Purchase[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return purchases;
  return purchases.filter((p) => [p.caption, p.username, p.licence_number, p.genre].some((f) => f.toLowerCase().includes(needle)));
}

/**
 * /purchasedbeats: spec part 2 §2 "Your Library": search, and a card per licence bought with
 * a player of the full beat (full_audio, a signed URL only its buyer is given), purchase date,
 * downloads left, Download (one of the five spent, the file saved) and the licence PDF. The
 * empty state leads to /beats.
 */
export function LibraryPage() {
  const query = usePurchases();
  const [search, setSearch] = useState('');
  const all = useMemo(() => query.data?.pages.flatMap((p) => p.purchases) ?? [], [query.data]);
  const shown = searchPurchases(all, search);

  return (
    <section className="beat-list-page library-page">
      <h1>Your Library</h1>
      <div className="field library-search">
        <label htmlFor="library-search" className="visually-hidden">
          Search your beats
        </label>
        <input id="library-search" type="search" placeholder="Search your beats" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {query.isPending && <Spinner label="Loading your library..." />}
      {query.isError && all.length === 0 && (
        <div className="empty-state">
          <p role="alert">{messageFor(query.error, purchasedListErrors)}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            Try Again
          </Button>
        </div>
      )}
      {query.isSuccess && all.length === 0 && (
        <div className="empty-state">
          <p className="muted">You haven't bought any beats yet.</p>
          <Link to={paths.beats} className="btn btn-primary">
            Explore Beats
          </Link>
        </div>
      )}
      {all.length > 0 && shown.length === 0 && <p className="muted">No beats match “{search.trim()}”.</p>}
      {shown.length > 0 && (
        <ul className="beat-cards" aria-label="Purchased beats">
          {shown.map((p) => (
            <LibraryCard key={p.id} purchase={p} />
          ))}
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

function LibraryCard({ purchase }: { purchase: Purchase }) {
  const cover = mediaUrl(purchase.cover_photo);
  // The full beat from its data-saver or normal copy (useAudioSource); downloads stay the original.
  const listen = useAudioSource(purchase.full_audio, purchase.audio_renditions);
  const title = purchase.caption || 'Untitled';
  const date = Date.parse(purchase.purchase_date);
  return (
    <li className="beat-card library-card" aria-label={title}>
      {cover ? <img src={cover} alt={`Cover of ${title}`} /> : <div className="cover-placeholder" aria-hidden="true" />}
      <div>
        <h2>{title}</h2>
        <p className="muted">by {purchase.username}</p>
        <dl className="beat-stats">
          <div>
            <dt>Purchased</dt>
            <dd>{Number.isFinite(date) ? DATE.format(date) : ''}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{formatNaira(purchase.amount)}</dd>
          </div>
          <div>
            <dt>Downloads left</dt>
            <dd data-testid="downloads-left">{purchase.downloads_remaining}</dd>
          </div>
          <div>
            <dt>Licence</dt>
            <dd>{purchase.licence_number}</dd>
          </div>
        </dl>
      </div>
      <audio className="library-player" controls preload="metadata" src={listen || undefined} aria-label={`Play ${title}`}>
        Your browser cannot play this audio.
      </audio>
      <OwnedActions purchase={purchase} />
    </li>
  );
}
