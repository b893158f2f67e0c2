import { lazy, Suspense, useState } from 'react';
import type { PlayablePost } from '../api/post-cache';
import { LikeButton } from './like-button';
import { PostIcon, type PostIconName } from './post-icons';

// The sheets (and the calls only they make) load when one is first opened: every slide of every
// feed draws these buttons, and a listener opens a sheet far less often than they scroll past.
const CommentsSheet = lazy(() => import('./comments-sheet').then((m) => ({ default: m.CommentsSheet })));
const ShareSheet = lazy(() => import('./share-sheet').then((m) => ({ default: m.ShareSheet })));
const PlatformsSheet = lazy(() => import('./platforms-sheet').then((m) => ({ default: m.PlatformsSheet })));

type SheetName = 'comments' | 'share' | 'platforms';

function ActionButton(props: { label: string; icon: PostIconName; count?: number; onClick: () => void }) {
  return (
    <div className="action">
      <button
        type="button"
        className="action-button"
        aria-label={props.label}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.stopPropagation();
          props.onClick();
        }}
      >
        <PostIcon name={props.icon} />
      </button>
      {props.count !== undefined && (
        <span className="action-count" data-testid={`${props.label.toLowerCase()}-count`}>
          {props.count}
        </span>
      )}
    </div>
  );
}

/** The slide's column of controls (like, comments, platforms for audio, share) and their sheets. */
export function PostActions({ post, className = 'slide-actions' }: { post: PlayablePost; className?: string }) {
  const [sheet, setSheet] = useState<SheetName | null>(null);
  const close = () => setSheet(null);
  return (
    <div className={className}>
      <LikeButton post={post} />
      <ActionButton label="Comments" icon="comment" count={post.comments ?? 0} onClick={() => setSheet('comments')} />
      {post.kind === 'audio' && (
        <ActionButton label="Streaming platforms" icon="music" onClick={() => setSheet('platforms')} />
      )}
      <ActionButton label="Share" icon="share" count={post.shares ?? 0} onClick={() => setSheet('share')} />
      <Suspense fallback={null}>
        {sheet === 'comments' && <CommentsSheet post={post} onClose={close} />}
        {sheet === 'share' && <ShareSheet post={post} onClose={close} />}
        {sheet === 'platforms' && post.kind === 'audio' && <PlatformsSheet post={post} onClose={close} />}
      </Suspense>
    </div>
  );
}
