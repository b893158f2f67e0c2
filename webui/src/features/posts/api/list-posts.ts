import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AudioPost, Pagination, VideoPost } from '@/types/api';
import { postKeys, type MediaKind } from './post-cache';

/** Spec §9: page size 10 for audio and video. */
export const PAGE_SIZE = 10;

type Posts<K extends MediaKind> = { posts: Array<K extends 'audio' ? AudioPost : VideoPost>; pagination: Pagination };

/**
 * GET /{kind} (everyone's) or /{kind}/user/{userId}, one page. Pages are reached by following
 * `pagination.next`; the first page has no cursor.
 */
export function listPosts<K extends MediaKind>(kind: K, cursor: string | null, userId?: string): Promise<Posts<K>> {
  return fetchPosts(kind, cursor, userId) as Promise<Posts<K>>;
}

function fetchPosts(kind: MediaKind, cursor: string | null, userId?: string) {
  const query = { limit: PAGE_SIZE, ...(cursor && { cursor }) };
  return userId ? api.get(`/${kind}/user/{userId}`, { path: { userId }, query }) : api.get(`/${kind}`, { query });
}

export function postListQueryOptions<K extends MediaKind>(kind: K, userId?: string) {
  return infiniteQueryOptions({
    queryKey: postKeys.list(kind, userId),
    queryFn: ({ pageParam }) => listPosts(kind, pageParam, userId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next ? last.pagination.next : undefined),
  });
}

export function usePostList<K extends MediaKind>(kind: K, userId?: string) {
  return useInfiniteQuery(postListQueryOptions(kind, userId));
}
