import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';

/** GET /auth/session: whether the session cookie is a working session. Never a 401. */
export type SessionState = ApiAnswer<'/auth/session', 'get'>;

/**
 * Checked, not cast: a malformed answer is an error, never a signed-in visitor. The check (zod)
 * loads while the request travels, so /login's own code carries no zod.
 */
export function getSession(): Promise<SessionState> {
  return api.get('/auth/session', { schema: () => import('@/lib/api-schemas').then((m) => m.sessionSchema) });
}

/**
 * For pages anyone may open (/login): asking the profile instead would answer 401 to every
 * signed-out visitor, which the browser logs as an error. Always fresh: a logout or login in
 * another tab, or a session that expired since, must count at once, so nothing is kept.
 */
export function sessionQueryOptions() {
  return queryOptions({ queryKey: ['session'] as const, queryFn: getSession, staleTime: 0, gcTime: 0, retry: false });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
