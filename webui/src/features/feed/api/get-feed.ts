import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postListErrors } from '@/features/posts/api/errors';
import { PAGE_SIZE } from '@/features/posts/api/list-posts';
import { postKeys, type MediaKind } from '@/features/posts/api/post-cache';

/** The audio tab mixes audio posts and beats for sale; the video tab is videos. */
export type FeedTab = MediaKind;

/** GET /feed?tab=audio|video: one page of the home feed, newest first. */
export function getFeed(tab: FeedTab, cursor: string | null) {
  return api.get('/feed', { query: { tab, limit: PAGE_SIZE, ...(cursor && { cursor }) } });
}

export function feedQueryOptions(tab: FeedTab) {
  return infiniteQueryOptions({
    queryKey: postKeys.feed(tab),
    // The app asks for the first page at start, beside the profile (app/signed-in-layout): the
    // feed mounting a moment later uses that page instead of asking again.
    staleTime: 30_000,
    queryFn: ({ pageParam }) => getFeed(tab, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last?.pagination?.hasNext && last.pagination.next ? last.pagination.next : undefined),
  });
}

export function useFeed(tab: FeedTab) {
  return useInfiniteQuery(feedQueryOptions(tab));
}

/** Spec §8: the audio tab reads as the audio list, the video tab as the video list. */
export const feedErrors = (tab: FeedTab) => postListErrors(tab);
