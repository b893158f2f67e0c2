import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/error-message';
import { mediaUrl } from '@/lib/media-url';
import { userPostsErrors, useUserPosts, type PostKind } from '../api/get-user-posts';

const EMPTY: Record<PostKind, string> = { audio: 'No audio posts found.', video: 'No video posts found.' };

/** A user's audio or video posts as a grid of covers with captions ("Untitled" when blank). */
export function PostGrid({ kind, userId }: { kind: PostKind; userId: string | null }) {
  const query = useUserPosts(kind, userId);
  if (query.isPending) return <Spinner label={kind === 'audio' ? 'Loading audio posts...' : 'Loading video posts...'} />;
  if (!query.data) return <Alert>{messageFor(query.error, userPostsErrors[kind])}</Alert>;
  const posts = query.data.pages.flatMap((p) => p.posts);
  if (posts.length === 0) {
    return (
      <div className="empty-state">
        <p className="muted">{EMPTY[kind]}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="post-grid" aria-label={kind === 'audio' ? 'Audio posts' : 'Video posts'}>
        {posts.map((post) => {
          const caption = post.caption?.trim() || 'Untitled';
          const cover = mediaUrl(post.cover_photo);
          return (
            <li key={post.id}>
              <Link to={`/${kind === 'audio' ? 'music' : 'videos'}/${encodeURIComponent(post.id)}`} className="post-tile">
                <span className={`post-tile-cover post-tile-${kind}`} aria-hidden="true">
                  {cover && <img src={cover} alt="" loading="lazy" />}
                </span>
                <span className="post-tile-caption">{caption}</span>
                {kind === 'video' && 'public' in post && post.public === false && <span className="post-tile-badge">Private</span>}
              </Link>
            </li>
          );
        })}
      </ul>
      {query.isFetchNextPageError && <Alert>{messageFor(query.error, userPostsErrors[kind])}</Alert>}
      {query.hasNextPage && (
        <Button variant="ghost" block onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </>
  );
}
