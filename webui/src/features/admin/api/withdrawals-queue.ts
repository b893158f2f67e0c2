import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';
import { queueKey } from './review';

export type ReviewWithdrawal = ApiAnswer<'/admin/withdrawals', 'get'>['withdrawals'][number];

/** GET /admin/withdrawals?status=review: withdrawals pending over a day, their transfer's fate unknown. */
export function withdrawalsInReviewOptions() {
  return queryOptions({
    queryKey: queueKey('withdrawals'),
    queryFn: ({ signal }) => api.get('/admin/withdrawals', { query: { status: 'review' }, signal }),
  });
}

export const useWithdrawalsInReview = () => useQuery(withdrawalsInReviewOptions());

/** What an admin does with a withdrawal in review. */
export type WithdrawalAction = { id: string } & ({ action: 'recheck' } | { action: 'fail' | 'complete'; reason: string });

/**
 * POST /admin/withdrawals/{id}/recheck (the provider asked again; settles only by its word), or
 * /fail {reason} (refunds amount and fee), or /complete {reason}. Each answers what happened.
 */
export function actOnWithdrawal(a: WithdrawalAction) {
  const path = { id: a.id };
  switch (a.action) {
    case 'recheck':
      return api.post('/admin/withdrawals/{id}/recheck', { path });
    case 'fail':
      return api.post('/admin/withdrawals/{id}/fail', { path, body: { reason: a.reason } });
    default:
      return api.post('/admin/withdrawals/{id}/complete', { path, body: { reason: a.reason } });
  }
}
