import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import { beatListErrors } from '../api/beat-errors';
import { useBeatList } from '../api/get-beat';
import { BeatCard } from './beat-card';
import './beats.css';

/** One list of beats (everyone's, or one user's), 20 a page, with Load more. */
function BeatList({ userId, empty, snap }: { userId?: string; empty: string; snap: boolean }) {
  const query = useBeatList(userId);
  const beats = useMemo(() => query.data?.pages.flatMap((p) => p.posts) ?? [], [query.data]);

  if (query.isPending) return <Spinner label="Loading beats..." />;
  if (query.isError && beats.length === 0) {
    return (
      <div className="empty-state">
        <p role="alert">{messageFor(query.error, beatListErrors)}</p>
        <Button variant="secondary" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (beats.length === 0) return <p className="empty-state muted">{empty}</p>;
  return (
    <div className={snap ? 'beat-snap' : undefined}>
      <ul className="beat-cards" aria-label="Beats">
        {beats.map((b) => (
          <BeatCard key={b.id} beat={b} />
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="ghost" block disabled={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

/** /beats: every beat for sale, newest first (where the library's "Explore Beats" leads). */
export function BeatsPage() {
  return (
    <section className="beat-list-page">
      <h1>Beats for Sale</h1>
      <BeatList empty="No beats for sale yet." snap={false} />
    </section>
  );
}

/** /userbeats/{userId}: spec part 2 §2, a vertical snap list of that user's beats. */
export function UserBeatsPage() {
  const { userId = '' } = useParams();
  const { data: me } = useCurrentProfile();
  return (
    <section className="beat-list-page">
      <h1>Beats</h1>
      <BeatList userId={userId} empty={me?.id === userId ? 'You have no beats yet.' : 'This user has no beats for sale yet.'} snap />
    </section>
  );
}
