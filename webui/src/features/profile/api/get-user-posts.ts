import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ErrorCatalogue } from '@/lib/error-message';
import type { AudioPost, Pagination, VideoPost } from '@/types/api';

export type PostKind = 'audio' | 'video';
type PostOf<K extends PostKind> = K extends 'audio' ? AudioPost : VideoPost;
export type UserPostsPage<K extends PostKind> = { posts: PostOf<K>[]; pagination: Pagination | null };

export const USER_POSTS_PAGE_SIZE = 12;

/**
 * GET /{audio|video}/user (own, private videos included) or /{audio|video}/user/{userId}.
 * The contract answers {posts, pagination}; spec part 2 §7 also allows a bare array or a
 * `data` field, so all three are read.
 */
export async function getUserPosts<K extends PostKind>(kind: K, userId: string | null, cursor?: string): Promise<UserPostsPage<K>> {
  const body: unknown = await fetchUserPosts(kind, userId, cursor);
  if (Array.isArray(body)) return { posts: body, pagination: null };
  const record = (body ?? {}) as { posts?: unknown; data?: unknown; pagination?: Pagination };
  const posts = Array.isArray(record.posts) ? record.posts : Array.isArray(record.data) ? record.data : [];
  return { posts: posts as PostOf<K>[], pagination: record.pagination ?? null };
}

function fetchUserPosts(kind: PostKind, userId: string | null, cursor?: string) {
  const query = { limit: USER_POSTS_PAGE_SIZE, ...(cursor && { cursor }) };
  return userId === null ? api.get(`/${kind}/user`, { query }) : api.get(`/${kind}/user/{userId}`, { path: { userId }, query });
}

/** `userId` null means the signed-in user's own posts. */
export function userPostsQueryOptions<K extends PostKind>(kind: K, userId: string | null) {
  return infiniteQueryOptions({
    queryKey: ['posts', kind, 'user', userId ?? 'me'],
    queryFn: ({ pageParam }) => getUserPosts(kind, userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next) || undefined,
  });
}

export function useUserPosts<K extends PostKind>(kind: K, userId: string | null, enabled = true) {
  return useInfiniteQuery({ ...userPostsQueryOptions(kind, userId), enabled });
}

/** Spec part 1 §8, audio list and video list. */
export const userPostsErrors: Record<PostKind, ErrorCatalogue> = {
  audio: {
    byStatus: { 401: 'Unauthorized: Please log in', 404: 'Post not found' },
    network: 'Network error: No response from server',
    fallback: 'An unexpected error occurred',
  },
  video: {
    byStatus: { 401: 'Unauthorized: Please log in', 404: 'Video post not found' },
    network: 'Network error: No response from server',
    fallback: 'An unexpected error occurred',
  },
};
