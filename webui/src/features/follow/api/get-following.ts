import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ErrorCatalogue } from '@/lib/error-message';
import type { Pagination, ProfileSummary } from '@/types/api';

export type FollowPage = { users: ProfileSummary[]; pagination: Pagination | null };

export const FOLLOWING_PAGE_SIZE = 20;

/** GET /user/{id}/following: the profiles `userId` follows, in follow order, paged by cursor. */
export async function getFollowing(userId: string, cursor?: string): Promise<FollowPage> {
  const query = { limit: FOLLOWING_PAGE_SIZE, ...(cursor && { cursor }) };
  const body = await api.get('/user/{id}/following', { path: { id: userId }, query });
  return { users: body?.users ?? [], pagination: body?.pagination ?? null };
}

export function followingQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: ['following', userId],
    queryFn: ({ pageParam }) => getFollowing(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next) || undefined,
  });
}

export function useFollowing(userId: string) {
  return useInfiniteQuery({ ...followingQueryOptions(userId), enabled: userId !== '' });
}

/** The contract's 404; other texts follow the profile-by-id row of spec part 1 §8. */
export const followingErrors: ErrorCatalogue = {
  byStatus: { 404: 'Profile not found', 500: 'Server error. Please try again later.' },
  network: 'Network error. Please check your connection.',
  fallback: 'An unexpected error occurred',
};
