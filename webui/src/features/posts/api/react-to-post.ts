import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { likedOf, updatePostInCaches, type PlayablePost, type PostKind } from './post-cache';

/** POST /{kind}/react {post_id: string, like, unlike}: like or remove the like. */
export function reactToPost(kind: PostKind, postId: string, like: boolean) {
  return api.post(`/${kind}/react`, { body: { post_id: String(postId), like, unlike: !like } });
}

/**
 * Spec §4 like: toggles at once (count ±1) in every cache that shows the post, then sends the
 * reaction; a failure puts the previous state back. The server's count wins when it answers.
 */
export function useReactToPost(post: Pick<PlayablePost, 'kind' | 'id'>) {
  const queryClient = useQueryClient();
  const { kind, id } = post;
  return useMutation({
    mutationKey: ['react', kind, id],
    mutationFn: (like: boolean) => reactToPost(kind, id, like),
    onMutate: (like) => {
      updatePostInCaches(queryClient, kind, id, (p) =>
        likedOf(p) === like ? p : { ...p, isLiked: like, is_liked: like, reactions: Math.max(0, (p.reactions ?? 0) + (like ? 1 : -1)) },
      );
    },
    onError: (_error, like) => {
      updatePostInCaches(queryClient, kind, id, (p) =>
        likedOf(p) !== like ? p : { ...p, isLiked: !like, is_liked: !like, reactions: Math.max(0, (p.reactions ?? 0) + (like ? -1 : 1)) },
      );
    },
    onSuccess: (answer) => {
      if (typeof answer?.reactions !== 'number') return;
      const reactions = answer.reactions;
      updatePostInCaches(queryClient, kind, id, (p) => ({
        ...p,
        reactions,
        ...(typeof answer.isLiked === 'boolean' && { isLiked: answer.isLiked, is_liked: answer.isLiked }),
      }));
    },
  });
}
