import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ErrorCatalogue } from '@/lib/error-message';

/** GET /licences/{number}: anyone, signed in or not, may check a licence. */
export function verifyLicence(number: string) {
  return api.get('/licences/{number}', { path: { number } });
}

/** An unknown or malformed number is 404 "Licence not found"; asking again will not change it. */
export const licenceQueryOptions = (number: string) =>
  queryOptions({ queryKey: ['licence', number], queryFn: () => verifyLicence(number), retry: false });

export const useLicence = (number: string) => useQuery(licenceQueryOptions(number));

export const licenceErrors: ErrorCatalogue = {
  byStatus: { 404: 'Licence not found' },
  network: 'Network error: No response from server',
  fallback: 'An unexpected error occurred',
};
