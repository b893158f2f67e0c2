import { useState, type FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import { useCommentThread, type LocalComment } from '../api/comments';
import { postCallErrors } from '../api/errors';
import type { PlayablePost } from '../api/post-cache';
import { commentAge } from '../comment-age';
import { PostIcon } from './post-icons';
import { Sheet } from './sheet';

/** Spec §2 comments sheet (70vh): heading with the count, the list, the composer. */
export function CommentsSheet({ post, onClose }: { post: PlayablePost; onClose: () => void }) {
  const { data: me } = useCurrentProfile();
  const thread = useCommentThread(post.kind, post.id, me && { id: me.id, username: me.username, image: me.image });
  const [draft, setDraft] = useState('');
  const { server } = thread;
  const count = Math.max(post.comments ?? 0, thread.comments.filter((c) => !c.failed).length);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (thread.submit(draft)) setDraft('');
  };

  return (
    <Sheet title={`Comments (${count})`} size="comments" onClose={onClose}>
      <div className="comments-scroll">
        {server.isPending && <Spinner label="Loading comments..." />}
        {server.isError && thread.comments.length === 0 && (
          <div className="sheet-message" role="alert">
            <p>{messageFor(server.error, postCallErrors(post.kind))}</p>
            <Button variant="secondary" onClick={() => server.refetch()}>
              Try Again
            </Button>
          </div>
        )}
        {server.isSuccess && thread.comments.length === 0 && (
          <p className="sheet-message muted">No comments yet. Be the first to comment!</p>
        )}
        {thread.comments.length > 0 && (
          <ul className="comment-list" aria-label="Comments">
            {thread.comments.map((c) => (
              <CommentItem key={c.id} comment={c} />
            ))}
          </ul>
        )}
        {server.hasNextPage && (
          <Button variant="ghost" block disabled={server.isFetchingNextPage} onClick={() => server.fetchNextPage()}>
            {server.isFetchingNextPage ? 'Loading...' : 'Load more comments'}
          </Button>
        )}
      </div>
      <form className="comment-form" onSubmit={onSubmit}>
        <label htmlFor={`comment-${post.kind}-${post.id}`} className="visually-hidden">
          Add a comment
        </label>
        <input
          id={`comment-${post.kind}-${post.id}`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Add a comment..."
          maxLength={1000}
          autoComplete="off"
        />
        <button
          type="submit"
          className="icon-button comment-send"
          aria-label="Send comment"
          disabled={!draft.trim() || thread.sending}
        >
          <PostIcon name="send" />
        </button>
      </form>
    </Sheet>
  );
}

function CommentItem({ comment }: { comment: LocalComment }) {
  const classes = ['comment', comment.pending && 'comment-pending', comment.failed && 'comment-failed'].filter(Boolean);
  return (
    <li className={classes.join(' ')} aria-busy={comment.pending || undefined}>
      <Avatar src={comment.profile_picture} alt="" size={32} />
      <div className="comment-body">
        <p className="comment-meta">
          <strong>{comment.username}</strong>
          {!comment.failed && <span className="muted"> · {commentAge(comment.created_at)}</span>}
        </p>
        <p className="comment-text">{comment.comment}</p>
        {comment.failed && (
          <p className="comment-error" role="alert">
            Failed to send
            {comment.failureReason && <span className="comment-error-reason">{comment.failureReason}</span>}
          </p>
        )}
      </div>
    </li>
  );
}
