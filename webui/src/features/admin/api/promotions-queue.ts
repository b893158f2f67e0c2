import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';
import { queueKey, type Decision } from './review';

export type PendingPromotion = ApiAnswer<'/admin/promotions', 'get'>['promotions'][number];

/** GET /admin/promotions?status=pending: paid promotions, in-app and mass, awaiting review. */
export function pendingPromotionsOptions() {
  return queryOptions({
    queryKey: queueKey('promotions'),
    queryFn: ({ signal }) => api.get('/admin/promotions', { query: { status: 'pending' }, signal }),
  });
}

export const usePendingPromotions = () => useQuery(pendingPromotionsOptions());

/** POST /admin/promotions/{id}/approve (the money moves, the window starts), or /reject {reason} (refunded). */
export function decidePromotion(d: Decision) {
  const path = { id: d.id };
  return d.action === 'reject'
    ? api.post('/admin/promotions/{id}/reject', { path, body: { reason: d.reason } })
    : api.post('/admin/promotions/{id}/approve', { path });
}
