import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AudioPost, PostList, VideoPost } from '@/types/api';
import { postKeys, type PostKind } from './post-cache';

/** Spec §9: page size 10 for audio and video. */
export const PAGE_SIZE = 10;

type Posts<K extends PostKind> = PostList<K extends 'audio' ? AudioPost : VideoPost>;

/**
 * GET /{kind} (everyone's) or /{kind}/user/{userId}, one page. Pages are reached by following
 * `pagination.next`; the first page has no cursor.
 */
export function listPosts<K extends PostKind>(kind: K, cursor: string | null, userId?: string): Promise<Posts<K>> {
  const path = userId ? `/${kind}/user/${encodeURIComponent(userId)}` : `/${kind}`;
  const query: Record<string, string> = { limit: String(PAGE_SIZE) };
  if (cursor) query.cursor = cursor;
  return api.get<Posts<K>>(path, { query });
}

export function postListQueryOptions<K extends PostKind>(kind: K, userId?: string) {
  return infiniteQueryOptions({
    queryKey: postKeys.list(kind, userId),
    queryFn: ({ pageParam }) => listPosts(kind, pageParam, userId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next ? last.pagination.next : undefined),
  });
}

export function usePostList<K extends PostKind>(kind: K, userId?: string) {
  return useInfiniteQuery(postListQueryOptions(kind, userId));
}
