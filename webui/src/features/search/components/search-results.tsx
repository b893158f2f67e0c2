import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { CoverImage } from '@/lib/cover-image';
import { useDataSaver } from '@/lib/data-saver';
import { messageFor } from '@/lib/error-message';
import { searchErrors, useSearch, type SearchPerson, type SearchPost, type SearchType } from '../api/search';
import { TOO_SHORT } from '../search-text';

/** Where a result opens: the profile, the track, the video or the beat. */
export function personPath(person: SearchPerson): string {
  return paths.profile(person.id);
}

export function postPath(post: SearchPost): string {
  return paths.post(post.kind, post.id);
}

const KIND_LABEL: Record<SearchPost['kind'], string> = { audio: 'Track', video: 'Video', beat: 'Beat' };

const POSTS_LABEL: Record<SearchType, string> = { all: 'Posts', people: 'Posts', tracks: 'Tracks', videos: 'Videos', beats: 'Beats' };

const EMPTY_HINT: Record<SearchType, string> = {
  all: 'Check the spelling, or try fewer words.',
  people: 'No one by that name or username.',
  tracks: 'No track with those words in its caption or artist.',
  videos: 'No video with those words in its caption or artist.',
  beats: 'No beat with those words in its title or producer.',
};

function PersonRow({ person, onOpen }: { person: SearchPerson; onOpen: () => void }) {
  const name = [person.firstname, person.lastname].filter(Boolean).join(' ');
  const followers = `${person.followers_count} ${person.followers_count === 1 ? 'follower' : 'followers'}`;
  return (
    <li>
      <Link to={personPath(person)} className="search-result" onClick={onOpen}>
        <Avatar src={person.image} alt="" size={44} />
        <span className="search-result-text">
          <strong>{person.username}</strong>
          <span className="muted">{[name, person.identity.replace(/[_-]/g, ' '), followers].filter(Boolean).join(' · ')}</span>
        </span>
      </Link>
    </li>
  );
}

/** A result's cover is a small square beside its text. */
const RESULT_BOX = { width: 44, sizes: '44px' };

function PostRow({ post, onOpen }: { post: SearchPost; onOpen: () => void }) {
  const dataSaver = useDataSaver();
  return (
    <li>
      <Link to={postPath(post)} className="search-result" onClick={onOpen}>
        <span className={`search-result-cover search-result-${post.kind}`} aria-hidden="true">
          {post.cover_photo && <CoverImage post={post} box={RESULT_BOX} alt="" dataSaver={dataSaver} />}
        </span>
        <span className="search-result-text">
          <strong>{post.caption.trim() || 'Untitled'}</strong>
          <span className="muted">
            {KIND_LABEL[post.kind]} · {post.username}
          </span>
        </span>
      </Link>
    </li>
  );
}

type Props = { text: string; type: SearchType; onOpen: (search: string) => void };

/**
 * The results of one tab for what the user typed: asked once typing pauses, the previous
 * request cancelled when the words change, "Load more" following the cursor.
 */
export function SearchResults({ text, type, onOpen }: Props) {
  const { query, settled, searchable } = useSearch(text, type);
  if (!searchable) return <p className="muted search-hint">{TOO_SHORT}</p>;
  if (query.isPending) return <Spinner label="Searching..." />;
  if (!query.data) {
    return (
      <div className="search-error">
        <Alert>{messageFor(query.error, searchErrors)}</Alert>
        <Button variant="secondary" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const people = query.data.pages.flatMap((p) => p.people);
  const posts = query.data.pages.flatMap((p) => p.posts);
  const open = () => onOpen(settled);
  const stale = query.isPlaceholderData;

  if (people.length === 0 && posts.length === 0 && !query.hasNextPage) {
    return (
      <div className="empty-state" aria-busy={stale}>
        <h2>No results for “{settled}”</h2>
        <p className="muted">{EMPTY_HINT[type]}</p>
      </div>
    );
  }
  return (
    <div className={stale ? 'search-results stale' : 'search-results'} aria-busy={stale}>
      {people.length > 0 && (
        <section aria-label="People">
          {type === 'all' && <h2>People</h2>}
          <ul className="search-result-list">
            {people.map((person) => (
              <PersonRow key={person.id} person={person} onOpen={open} />
            ))}
          </ul>
        </section>
      )}
      {posts.length > 0 && (
        <section aria-label={POSTS_LABEL[type]}>
          {type === 'all' && <h2>Tracks, videos and beats</h2>}
          <ul className="search-result-list">
            {posts.map((post) => (
              <PostRow key={post.id} post={post} onOpen={open} />
            ))}
          </ul>
        </section>
      )}
      {query.isFetchNextPageError && <Alert>{messageFor(query.error, searchErrors)}</Alert>}
      {query.hasNextPage && (
        <Button variant="ghost" block onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
