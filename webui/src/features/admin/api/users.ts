import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';
import { ADMIN_KEY } from './admin-session';

export type AdminUserPage = ApiAnswer<'/admin/users', 'get'>;
export type AdminUser = AdminUserPage['users'][number];

/** Users per page of the admin table. */
export const USERS_PAGE_SIZE = 10;

/** Spec §4: the list refreshes this long after a deactivation. */
export const REFRESH_AFTER_MS = 2000;

export const USER_DEACTIVATED = 'User deactivated successfully!';
export const USER_REACTIVATED = 'User reactivated successfully!';

export const usersKey = [ADMIN_KEY, 'users'] as const;

/** GET /admin/users?page&limit&search: search matches the start of a username or email. */
export function usersQueryOptions(page: number, search: string) {
  return queryOptions({
    queryKey: [...usersKey, { page, search }],
    queryFn: ({ signal }) =>
      api.get('/admin/users', { query: { page, limit: USERS_PAGE_SIZE, ...(search && { search }) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(page: number, search: string) {
  return useQuery(usersQueryOptions(page, search));
}

/** POST /admin/auth/deactivate: the user is logged out everywhere and can no longer log in. */
export function useDeactivateUser() {
  return useMutation({ mutationFn: (userId: string) => api.post('/admin/auth/deactivate', { body: { userId } }) });
}

/** POST /admin/auth/reactivate: undoes a deactivation. */
export function useReactivateUser() {
  return useMutation({ mutationFn: (userId: string) => api.post('/admin/auth/reactivate', { body: { userId } }) });
}
