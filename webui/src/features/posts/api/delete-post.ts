import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { removePostFromCaches, type PostKind } from './post-cache';

/** DELETE /{kind}/{id}: only the owner may. */
export function deletePost(kind: PostKind, postId: string): Promise<void> {
  return api.del(`/${kind}/{id}`, { path: { id: postId } });
}

export function useDeletePost(kind: PostKind, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(kind, postId),
    onSuccess: () => {
      removePostFromCaches(queryClient, kind, postId);
      return queryClient.invalidateQueries({ predicate: (q) => ['feed', 'posts'].includes(String(q.queryKey[0])) });
    },
  });
}
