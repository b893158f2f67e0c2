import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ErrorCatalogue } from '@/lib/error-message';
import type { ApiAnswer } from '@/types/api';

/** `unread` counts the unread notifications of this page; pagination.total counts them all. */
export type NotificationPage = ApiAnswer<'/notifications', 'get'>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /notifications (session): newest first, paged by cursor. */
export function getNotifications(cursor?: string): Promise<NotificationPage> {
  return api.get('/notifications', { query: { limit: NOTIFICATIONS_PAGE_SIZE, ...(cursor && { cursor }) } });
}

export const notificationsQueryKey = ['notifications'] as const;

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next) || undefined,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

/** Spec part 1 §8, notifications. */
export const notificationErrors: ErrorCatalogue = {
  byStatus: { 500: 'Server error: Please try again later' },
  fallback: 'An unexpected error occurred',
};
