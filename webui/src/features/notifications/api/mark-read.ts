import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationsQueryKey, type NotificationPage } from './get-notifications';

type Cache = InfiniteData<NotificationPage, string | undefined>;

/** POST /notifications/{id}/read */
export function markNotificationRead(id: string) {
  return api.post('/notifications/{id}/read', { path: { id } });
}

/** POST /notifications/read-all */
export function markAllNotificationsRead() {
  return api.post('/notifications/read-all');
}

/** Marks the matching notifications read in the cached pages; each page's `unread` counts its own. */
function markInCache(cache: Cache | undefined, matches: (id: string) => boolean): Cache | undefined {
  if (!cache) return cache;
  const pages = cache.pages.map((page) => {
    const notifications = page.notifications.map((n) => (n.read || !matches(n.id) ? n : { ...n, read: true }));
    return { ...page, notifications, unread: notifications.filter((n) => !n.read).length };
  });
  return { ...cache, pages };
}

/** Optimistic: shown read at once, put back if the call fails, refetched either way. */
function optimistic<V>(queryClient: QueryClient, matches: (vars: V) => (id: string) => boolean) {
  return {
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<Cache>(notificationsQueryKey);
      queryClient.setQueryData<Cache>(notificationsQueryKey, (cache) => markInCache(cache, matches(vars)));
      return { previous };
    },
    onError: (_error: unknown, _vars: V, context: { previous?: Cache } | undefined) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  };
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    ...optimistic<string>(queryClient, (id) => (other) => other === id),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    ...optimistic<void>(queryClient, () => () => true),
  });
}
