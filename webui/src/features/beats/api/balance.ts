import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletSchema } from '@/lib/api-schemas';

/**
 * GET /wallet, read for its balance before a purchase is confirmed. It shares the wallet's cache
 * key (['wallet']), so a purchase's invalidation refreshes both, and a balance already read on
 * the dashboard shows at once.
 */
export const balanceQueryOptions = () => queryOptions({ queryKey: ['wallet'] as const, queryFn: () => api.get('/wallet', { schema: walletSchema }) });

/** The caller's wallet balance in naira; undefined until read (or when it cannot be). */
export function useBalance(enabled: boolean) {
  return useQuery({ ...balanceQueryOptions(), enabled }).data?.balance;
}
