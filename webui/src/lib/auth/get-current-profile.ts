import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileSchema } from '@/lib/api-schemas';
import type { ErrorCatalogue } from '@/lib/error-message';
import type { OwnProfile } from '@/types/api';
import { currentProfileQueryKey } from './session-keys';

/**
 * GET /user/profile: the signed-in user's own profile (session cookie). Checked, not cast: the
 * signed-in guard and shell rest on it, so a malformed answer is the catalogue's "unexpected" error.
 */
export function getCurrentProfile(): Promise<OwnProfile> {
  return api.get('/user/profile', { schema: profileSchema });
}

export { currentProfileQueryKey };

/** Fresh for 30 s so the guard, shell and page mounting together ask only once. */
export function currentProfileQueryOptions() {
  return queryOptions({ queryKey: currentProfileQueryKey, queryFn: getCurrentProfile, staleTime: 30_000 });
}

export function useCurrentProfile() {
  return useQuery(currentProfileQueryOptions());
}

/** Spec §8, profile fetch. */
export const profileFetchErrors: ErrorCatalogue = {
  byStatus: {
    401: 'Unauthorized: Invalid or missing token',
    404: 'Profile not found',
  },
  network: 'Network error: No response from server',
  fallback: 'An unexpected error occurred',
};
