import { useId } from 'react';
import { messageFor } from '@/lib/error-message';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { reactErrors } from '../api/errors';
import { likedOf, type PlayablePost } from '../api/post-cache';
import { useReactToPost } from '../api/react-to-post';
import { PostIcon } from './post-icons';

/**
 * Spec §4 like control: optimistic toggle, count ±1, disabled while the call runs or without a
 * profile, never lets its click reach the slide, reverted on failure with the spec's text.
 */
export function LikeButton({ post }: { post: PlayablePost }) {
  const { data: me } = useCurrentProfile();
  const react = useReactToPost(post);
  const countId = useId();
  const liked = likedOf(post);

  return (
    <div className="action">
      <button
        type="button"
        className={liked ? 'action-button liked' : 'action-button'}
        aria-label="Like"
        aria-pressed={liked}
        aria-describedby={countId}
        disabled={!me?.id || react.isPending}
        onClick={(e) => {
          e.stopPropagation();
          react.mutate(!liked);
        }}
      >
        <PostIcon name="heart" filled={liked} />
      </button>
      <span id={countId} className="action-count" data-testid="like-count">
        {post.reactions ?? 0}
      </span>
      {react.isError && (
        <p className="action-error" role="alert">
          {messageFor(react.error, reactErrors(post.kind))}
        </p>
      )}
    </div>
  );
}
