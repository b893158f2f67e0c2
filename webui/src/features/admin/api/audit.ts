import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';
import { ADMIN_KEY } from './admin-session';

export type AuditEntry = ApiAnswer<'/admin/audit', 'get'>['entries'][number];

/** Entries per page of the audit list. */
export const AUDIT_PAGE_SIZE = 20;

/** GET /admin/audit?page&limit: every admin action, newest first. */
export function auditQueryOptions(page: number) {
  return queryOptions({
    queryKey: [ADMIN_KEY, 'audit', page],
    queryFn: ({ signal }) => api.get('/admin/audit', { query: { page, limit: AUDIT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(page: number) {
  return useQuery(auditQueryOptions(page));
}
