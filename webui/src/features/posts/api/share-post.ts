import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postKeys, updatePostInCaches, type PostKind } from './post-cache';

export type ShareAnswer = { shareId?: string; url?: string; shares?: number };

/** POST /{kind}/share {post_id}: records a share and answers the link to hand out. */
export function sharePost(kind: PostKind, postId: string): Promise<ShareAnswer> {
  return api.post<ShareAnswer>(`/${kind}/share`, { post_id: String(postId) });
}

/** The link to show when the share call gives none: the post's own page. */
export function fallbackShareUrl(kind: PostKind, postId: string): string {
  const path = kind === 'audio' ? `/music/${postId}` : `/video/${postId}`;
  return new URL(path, window.location.origin).href;
}

/**
 * The share link of a post, created once per post and session when the share sheet first opens
 * (the call counts a share), then reused. The post's share count follows the server's.
 */
export function useShareLink(kind: PostKind, postId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    ...queryOptions({
      queryKey: postKeys.shareLink(kind, postId),
      queryFn: async () => {
        const answer = await sharePost(kind, postId);
        const shares = answer?.shares;
        if (typeof shares === 'number') {
          updatePostInCaches(queryClient, kind, postId, (p) => ({ ...p, shares }));
        }
        return { ...answer, url: answer?.url || fallbackShareUrl(kind, postId) };
      },
      staleTime: Infinity,
    }),
    enabled,
  });
}
