import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';
import { queueKey, type Decision } from './review';

export type PendingAdmin = ApiAnswer<'/admin/admins', 'get'>['admins'][number];

/** GET /admin/admins?status=pending: verified admins awaiting approval, oldest first. */
export function pendingAdminsOptions() {
  return queryOptions({
    queryKey: queueKey('admins'),
    queryFn: ({ signal }) => api.get('/admin/admins', { query: { status: 'pending', limit: 50 }, signal }),
  });
}

export const usePendingAdmins = () => useQuery(pendingAdminsOptions());

/** POST /admin/admins/{id}/approve, or /reject {reason}. */
export function decideAdmin(d: Decision) {
  const path = { id: d.id };
  return d.action === 'reject'
    ? api.post('/admin/admins/{id}/reject', { path, body: { reason: d.reason } })
    : api.post('/admin/admins/{id}/approve', { path });
}
