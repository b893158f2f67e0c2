import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { CoverImage } from '@/lib/cover-image';
import { useDataSaver } from '@/lib/data-saver';
import { messageFor } from '@/lib/error-message';
import { userPostsErrors, useUserPosts, type PostKind } from '../api/get-user-posts';

const EMPTY: Record<PostKind, string> = { audio: 'No audio posts found.', video: 'No video posts found.' };

/** A tile is a third of the column (at most 414 px wide, so about 130 px). */
const TILE_BOX = { width: 138, sizes: 'min(33vw, 138px)' };

/** A user's audio or video posts as a grid of covers with captions ("Untitled" when blank). */
export function PostGrid({ kind, userId }: { kind: PostKind; userId: string | null }) {
  const query = useUserPosts(kind, userId);
  const dataSaver = useDataSaver();
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
          return (
            <li key={post.id}>
              <Link to={kind === 'audio' ? paths.music(post.id) : paths.videos(post.id)} className="post-tile">
                <span className={`post-tile-cover post-tile-${kind}`} aria-hidden="true">
                  {post.cover_photo && <CoverImage post={post} box={TILE_BOX} alt="" dataSaver={dataSaver} />}
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
