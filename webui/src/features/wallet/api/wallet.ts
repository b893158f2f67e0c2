import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletSchema, walletTransactionsSchema } from '@/lib/api-schemas';
import type { ErrorCatalogue } from '@/lib/error-message';
import type { WalletEntryType } from '@/types/api';

/**
 * Every wallet entry of the cache sits under "wallet": a purchase made anywhere (the beats
 * feature invalidates ['wallet']) refreshes the balance and the history together.
 */
export const walletKeys = {
  wallet: ['wallet'] as const,
  history: (type: WalletEntryType | 'all') => ['wallet', 'history', type] as const,
  deposit: ['wallet', 'deposit-account'] as const,
  permanent: ['wallet', 'deposit-account', 'permanent'] as const,
};

export const HISTORY_PAGE_SIZE = 20;

/** GET /wallet: balance, the 3 newest entries and the totals per type. */
export function getWallet() {
  return api.get('/wallet', { schema: walletSchema });
}

/**
 * `watch`: while the deposit account is shown, ask every 5 s so a transfer shows up as it lands;
 * also while a recent entry is pending, so it turns completed or failed on the screen.
 */
export const useWallet = (watch = false) =>
  useQuery(
    queryOptions({
      queryKey: walletKeys.wallet,
      queryFn: getWallet,
      refetchInterval: (query) => (watch || query.state.data?.recent.some((t) => t.status === 'pending') ? PENDING_POLL_MS : false),
    }),
  );

/** GET /wallet/transactions?type=&cursor=: one page of the history, newest first. */
export function listTransactions(type: WalletEntryType | 'all', cursor: string | null) {
  return api.get('/wallet/transactions', {
    query: { limit: HISTORY_PAGE_SIZE, ...(type !== 'all' && { type }), ...(cursor && { cursor }) },
    schema: walletTransactionsSchema,
  });
}

/** How often the history asks again while an entry shown is pending (a withdrawal the bank has not settled). */
export const PENDING_POLL_MS = 5000;

/**
 * The history. While any entry loaded is pending it asks again every 5 s, so a withdrawal turns
 * completed or failed on the screen without a reload; with nothing pending it does not poll.
 */
export function useTransactions(type: WalletEntryType | 'all') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: walletKeys.history(type),
      queryFn: ({ pageParam }) => listTransactions(type, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next ? last.pagination.next : undefined),
      refetchInterval: (query) =>
        query.state.data?.pages.some((p) => p.transactions.some((t) => t.status === 'pending')) ? PENDING_POLL_MS : false,
    }),
  );
}

/** The wallet's own reads (no catalogue row in the spec: the wallet there was sample data). */
export const walletErrors: ErrorCatalogue = {
  byStatus: { 401: 'Authentication token missing' },
  network: 'No response from server',
  fallback: 'Failed to load your wallet',
};
