import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import type { AudioPost } from '@/types/api';
import { useDeletePost } from '../api/delete-post';
import { postCallErrors, postFetchErrors, postNotFound } from '../api/errors';
import { useAudioPost } from '../api/get-post';
import { AudioSlide } from './audio-slide';
import { BackButton, PlayerMessage } from './player-parts';
import { PostIcon } from './post-icons';
import { useFillHeight } from './use-fill-height';
import './posts.css';

export const DELETE_CONFIRM = 'Are you sure you want to delete this audio post?';

/** /music/{postId}: one audio post with the slide's controls; its owner may delete it. */
export function AudioPostPage() {
  const { postId = '' } = useParams();
  const query = useAudioPost(postId);
  const post = query.data?.post;

  if (query.isPending) return <Spinner label="Loading audio..." />;
  if (query.isError) return <PlayerMessage message={messageFor(query.error, postFetchErrors('audio'))} home={paths.home} />;
  if (!post) return <PlayerMessage message={postNotFound('audio')} home={paths.home} />;
  return (
    <div className="post-page">
      <header className="post-page-bar">
        <BackButton />
        <DeleteControl post={post} />
      </header>
      <PostPlayer post={post} />
    </div>
  );
}

function PostPlayer({ post }: { post: AudioPost }) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  useFillHeight(box);
  return (
    <div ref={setBox} className="post-page-player">
      <AudioSlide post={post} active />
    </div>
  );
}

function DeleteControl({ post }: { post: AudioPost }) {
  const { data: me } = useCurrentProfile();
  const navigate = useNavigate();
  const remove = useDeletePost('audio', post.id);
  if (!me?.id || me.id !== post.profile_id) return null;
  return (
    <div className="delete-control">
      <button
        type="button"
        className="icon-button"
        aria-label="Delete post"
        disabled={remove.isPending}
        onClick={() => {
          if (!window.confirm(DELETE_CONFIRM)) return;
          remove.mutate(undefined, { onSuccess: () => navigate(paths.ownProfile, { replace: true }) });
        }}
      >
        <PostIcon name="trash" />
      </button>
      {remove.isError && (
        <p className="action-error" role="alert">
          {messageFor(remove.error, postCallErrors('audio'))}
        </p>
      )}
    </div>
  );
}
