import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SERVER_ERROR, type ErrorCatalogue } from '@/lib/error-message';
import type { PublicProfile } from '@/types/api';

/** GET /user/profile/{id}: someone's public profile (no e-mail or phone). */
export function getProfile(id: string): Promise<PublicProfile> {
  return api.get('/user/profile/{id}', { path: { id } });
}

export function profileQueryOptions(id: string) {
  return queryOptions({ queryKey: ['profile', 'id', id], queryFn: () => getProfile(id) });
}

export function useProfile(id: string, enabled = true) {
  return useQuery({ ...profileQueryOptions(id), enabled: enabled && id !== '' });
}

/** Spec §8, profile by id (404 from the profile fetch row). */
export const profileByIdErrors: ErrorCatalogue = {
  byStatus: { 404: 'Profile not found', 500: SERVER_ERROR },
  network: 'Network error. Please check your connection.',
  fallback: 'An unexpected error occurred',
};
