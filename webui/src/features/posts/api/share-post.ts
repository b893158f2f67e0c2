import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { postKeys, updatePostInCaches, type PostKind } from './post-cache';

/** POST /{kind}/share {post_id}: records one share and answers the link to hand out. */
export function sharePost(kind: PostKind, postId: string) {
  return api.post(`/${kind}/share`, { body: { post_id: String(postId) } });
}

/** The post's own page: the link shown before anything is shared, and when the call fails. */
export function fallbackShareUrl(kind: PostKind, postId: string): string {
  const path = { audio: paths.music, video: paths.video, beat: paths.beat }[kind](postId);
  return new URL(path, window.location.origin).href;
}

/**
 * Records a share of a post. Only a deliberate share calls it (a copied link, a chosen network),
 * never opening the sheet. The post's share count follows the server's answer everywhere, and
 * the link it answers is kept so the sheet shows it next time.
 */
export function useSharePost(kind: PostKind, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sharePost(kind, postId),
    onSuccess: (answer) => {
      const shares = answer?.shares;
      if (typeof shares === 'number') {
        updatePostInCaches(queryClient, kind, postId, (p) => ({ ...p, shares }));
      }
      if (answer?.url) queryClient.setQueryData(postKeys.shareLink(kind, postId), answer.url);
    },
  });
}
