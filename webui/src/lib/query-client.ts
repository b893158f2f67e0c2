import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';
import { currentProfileQueryKey } from '@/lib/auth/session-keys';

/**
 * Retries stay off: every spec error has a text to show at once, and 4xx never heal.
 *
 * A 401 from any user call while the app holds a profile means the session ended under the open
 * page (logout elsewhere, a password reset, an admin's deactivation): the profile is asked again,
 * so the signed-in guard sees the 401 and goes to /login at once instead of leaving the page
 * showing "Unauthorized". The profile query's own 401 is the guard's to handle, and the admin
 * area has its own session and guard.
 */
export function createQueryClient(): QueryClient {
  const sessionEnded = (error: unknown, key?: QueryKey) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (key && (sameKey(key, currentProfileQueryKey) || key[0] === 'admin')) return;
    if (client.getQueryData(currentProfileQueryKey) === undefined) return;
    void client.resetQueries({ queryKey: currentProfileQueryKey, exact: true });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => sessionEnded(error, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.options.mutationKey?.[0] !== 'admin') sessionEnded(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

function sameKey(a: QueryKey, b: QueryKey): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}
