import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiAnswer } from '@/types/api';

/**
 * Every price, fee, commission and minimum, in naira, as GET /terms serves them from the server's
 * one list (shared/terms). Screens show and check figures through this and copy none, so a price
 * change on the server is the only change.
 */
export type Terms = ApiAnswer<'/terms', 'get'>;

/** GET /terms: public, and the same for everyone until the next deployment. */
export function getTerms(signal?: AbortSignal): Promise<Terms> {
  return api.get('/terms', { signal, schema: () => import('@/lib/api-schemas').then((m) => m.termsSchema) });
}

export const termsQuery = queryOptions({
  queryKey: ['terms'],
  queryFn: ({ signal }) => getTerms(signal),
  staleTime: 5 * 60_000,
});

/** The terms; `data` is undefined while they load (show no figure rather than a guessed one). */
export const useTerms = () => useQuery(termsQuery);
