import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';
import { ADMIN_KEY } from './admin-session';

export type LedgerHealth = ApiAnswer<'/admin/ledger', 'get'>;

/** GET /admin/ledger: the sum of every balance (0 when healthy), platform accounts, unbalanced transactions. */
export function ledgerQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_KEY, 'ledger'],
    queryFn: ({ signal }) => api.get('/admin/ledger', { signal }),
  });
}

export function useLedger() {
  return useQuery(ledgerQueryOptions());
}
