import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, toApiError } from '@/lib/api-client';
import type { Release, ReleaseBody } from './release-form';

export const releasesKey = ['distribution', 'releases'] as const;

/** GET /distribution/releases: your own, newest first, drafts included. */
export const myReleasesQuery = queryOptions({
  queryKey: releasesKey,
  queryFn: ({ signal }) => api.get('/distribution/releases', { query: { limit: 50 }, signal }),
});

export function useMyReleases() {
  return useQuery(myReleasesQuery);
}

/** Your newest draft, which the wizard resumes; null when there is none. */
export async function latestDraft(): Promise<Release | null> {
  const { releases } = await api.get('/distribution/releases', { query: { limit: 50 } });
  return releases.find((r) => r.status === 'draft') ?? null;
}

/** Saves what the wizard holds: a new draft (POST draft) or the same one again (PUT). */
export async function saveDraft(id: string | null, body: ReleaseBody): Promise<Release> {
  if (id) return (await api.put('/distribution/releases/{id}', { path: { id }, body })).release;
  return (await api.post('/distribution/releases', { body: { ...body, draft: true } })).release;
}

/** Submits a saved draft: every rule checked, the package paid. One key per attempt. */
export async function submitRelease(id: string, idempotencyKey: string): Promise<Release> {
  return (await api.post('/distribution/releases/{id}/submit', { path: { id }, headers: { 'Idempotency-Key': idempotencyKey } })).release;
}

/** Whether a failed call was answered (so a new attempt needs a new key) or may be retried as is. */
export function answered(error: unknown): boolean {
  const { status } = error instanceof ApiError ? error : toApiError(error);
  return status > 0 && status < 500;
}

/** What each status reads as in "My releases". */
export const STATUS_LABELS: Record<Release['status'], string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  delivered: 'Delivered',
};
