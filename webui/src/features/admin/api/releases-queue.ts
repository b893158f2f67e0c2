import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';
import { ADMIN_KEY } from './admin-session';
import { queueKey, type Decision } from './review';

export type PendingRelease = ApiAnswer<'/admin/releases', 'get'>['releases'][number];
export type ReleaseDetail = ApiAnswer<'/admin/releases/{id}', 'get'>['release'];

/** The releases an admin can act on: pending (submitted or in review) and approved (to deliver). */
export type ReleaseFilter = 'pending' | 'approved';

/** Releases per page of the queue. */
export const RELEASES_PAGE_SIZE = 20;

/** GET /admin/releases?status&page&limit, oldest first: the order to review them in. */
export function releasesOptions(status: ReleaseFilter, page: number) {
  return queryOptions({
    queryKey: [...queueKey('releases'), status, page],
    queryFn: ({ signal }) => api.get('/admin/releases', { query: { status, page, limit: RELEASES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useReleases = (status: ReleaseFilter, page: number) => useQuery(releasesOptions(status, page));

/** GET /admin/releases/{id}: the release with its cover and playable files. */
export function useRelease(id: string) {
  return useQuery({
    queryKey: [ADMIN_KEY, 'release', id],
    queryFn: ({ signal }) => api.get('/admin/releases/{id}', { path: { id }, signal }),
  });
}

/** A release's decisions, and its steps that need no reason: submitted → in review, approved → delivered. */
export type ReleaseDecision = Decision | { id: string; action: 'review' | 'deliver' };

export function decideRelease(d: ReleaseDecision) {
  const path = { id: d.id };
  switch (d.action) {
    case 'reject':
      return api.post('/admin/releases/{id}/reject', { path, body: { reason: d.reason } });
    case 'review':
      return api.post('/admin/releases/{id}/review', { path });
    case 'deliver':
      return api.post('/admin/releases/{id}/deliver', { path });
    default:
      return api.post('/admin/releases/{id}/approve', { path });
  }
}
