import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import { followingErrors, useFollowing } from '../api/get-following';
import './follow.css';

/** /all: everyone you follow (the sidebar's "See More"), each linking to their profile. */
export function FollowingPage() {
  const { data: me } = useCurrentProfile();
  const query = useFollowing(me?.id ?? '');
  const users = query.data?.pages.flatMap((p) => p.users) ?? [];

  return (
    <section className="following-page">
      <h1>Following</h1>
      {me?.following_count !== undefined && (
        <p className="muted">
          {me.following_count === 1 ? 'You follow 1 artist or producer.' : `You follow ${me.following_count} artists and producers.`}
        </p>
      )}
      {query.isPending ? (
        <Spinner label="Loading..." />
      ) : !query.data ? (
        <Alert>{messageFor(query.error, followingErrors)}</Alert>
      ) : users.length === 0 ? (
        <div className="empty-state">
          <p className="muted">You're not following anyone yet.</p>
          <Link to={paths.home} className="btn btn-secondary">Discover artists</Link>
        </div>
      ) : (
        <>
          <ul className="following-page-list" aria-label="Following">
            {users.map((u) => (
              <li key={u.id}>
                <Link to={paths.profile(u.id)}>
                  <Avatar src={u.image} alt="" size={44} />
                  <span>{u.username}</span>
                </Link>
              </li>
            ))}
          </ul>
          {query.isFetchNextPageError && <Alert>{messageFor(query.error, followingErrors)}</Alert>}
          {query.hasNextPage && (
            <Button variant="ghost" block onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
