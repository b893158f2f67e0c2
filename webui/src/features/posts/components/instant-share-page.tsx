import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import type { AudioPost, VideoPost } from '@/types/api';
import { usePostList } from '../api/list-posts';
import { ShareSheet } from './share-sheet';
import './posts.css';

/**
 * /jet, Instant Share (the home's top-left icon and the side menu's "Instant Share"): your own
 * tracks and videos, newest first, each one tap from the share sheet (its link, copy, the
 * networks; a share is recorded when it is handed out).
 */
export function InstantSharePage() {
  const { data: me } = useCurrentProfile();
  const audio = usePostList('audio', me?.id);
  const video = usePostList('video', me?.id);
  const [sharing, setSharing] = useState<AudioPost | VideoPost | null>(null);
  const posts = useMemo(
    () =>
      [...(audio.data?.pages.flatMap((p) => p.posts) ?? []), ...(video.data?.pages.flatMap((p) => p.posts) ?? [])].sort((a, b) =>
        b.created_at.localeCompare(a.created_at),
      ),
    [audio.data, video.data],
  );
  const pending = audio.isPending || video.isPending;
  const failed = audio.isError && video.isError;

  return (
    <section className="instant-share">
      <h1>Instant Share</h1>
      <p className="muted">Share your music and videos in one tap.</p>
      {pending && <Spinner label="Loading your posts..." />}
      {failed && (
        <div className="empty-state">
          <p role="alert">Your posts could not be loaded.</p>
          <Button variant="secondary" onClick={() => void Promise.all([audio.refetch(), video.refetch()])}>
            Try Again
          </Button>
        </div>
      )}
      {!pending && !failed && posts.length === 0 && (
        <div className="empty-state">
          <p className="muted">You have nothing to share yet.</p>
          <Link to={paths.add} className="btn btn-primary">
            Upload
          </Link>
        </div>
      )}
      {posts.length > 0 && (
        <ul className="instant-share-list" aria-label="Your posts">
          {posts.map((p) => {
            const title = p.caption || p.title || 'Untitled';
            return (
              <li key={`${p.kind}-${p.id}`} className="instant-share-item">
                <div>
                  <p className="instant-share-title">{title}</p>
                  <p className="muted">{p.kind === 'video' ? 'Video' : 'Track'} · {p.shares} shares</p>
                </div>
                <Button className="btn-small" aria-label={`Share ${title}`} onClick={() => setSharing(p)}>
                  Share
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {sharing && <ShareSheet post={sharing} onClose={() => setSharing(null)} />}
    </section>
  );
}
