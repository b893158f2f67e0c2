import { QueryClient } from '@tanstack/react-query';

/** Retries stay off: every spec error has a text to show at once, and 4xx never heal. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
