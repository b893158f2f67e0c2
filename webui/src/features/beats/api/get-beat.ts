import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/post-cache';
import { api } from '@/lib/api-client';
import { beatEnvelopeSchema, beatListSchema } from '@/lib/api-schemas';

/** Spec part 2 §9: 20 beats a page on the lists (the feed asks its own 10). */
export const BEAT_PAGE_SIZE = 20;

/** GET /beat/{id}: one beat for sale (checked: it carries the price a purchase sends back). */
export function getBeat(id: string) {
  return api.get('/beat/{id}', { path: { id }, schema: beatEnvelopeSchema });
}

/**
 * The beat lives under the posts' cache keys, so a like, comment or share made anywhere (the
 * feed's slide, this page) moves the same counters everywhere.
 */
export const beatQueryOptions = (id: string) => queryOptions({ queryKey: postKeys.post('beat', id), queryFn: () => getBeat(id) });

export const useBeat = (id: string) => useQuery(beatQueryOptions(id));

/** GET /beat (everyone's, for sale) or /beat/user/{userId}, one page; follow pagination.next. */
export function listBeats(cursor: string | null, userId?: string) {
  const query = { limit: BEAT_PAGE_SIZE, ...(cursor && { cursor }) };
  return userId
    ? api.get('/beat/user/{userId}', { path: { userId }, query, schema: beatListSchema })
    : api.get('/beat', { query, schema: beatListSchema });
}

export function beatListQueryOptions(userId?: string) {
  return infiniteQueryOptions({
    queryKey: postKeys.list('beat', userId),
    queryFn: ({ pageParam }) => listBeats(pageParam, userId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next ? last.pagination.next : undefined),
  });
}

export const useBeatList = (userId?: string) => useInfiniteQuery(beatListQueryOptions(userId));
