import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toApiError } from '@/lib/api-client';
import { permanentAccountSchema } from '@/lib/api-schemas';
import type { ErrorCatalogue } from '@/lib/error-message';
import { serverMessageOr } from '@/lib/error-message';
import { z } from '@/lib/validation';
import type { PermanentAccount } from '@/types/api';
import { walletKeys } from './wallet';

/** GET /payment/deposit-account/permanent: the user's static account, or null before it is opened (404). */
export async function getPermanentAccount(): Promise<PermanentAccount | null> {
  try {
    return (await api.get('/payment/deposit-account/permanent', { schema: permanentAccountSchema })).data;
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}

export const permanentAccountQuery = queryOptions({ queryKey: walletKeys.permanent, queryFn: getPermanentAccount, staleTime: 5 * 60_000 });
export const usePermanentAccount = () => useQuery(permanentAccountQuery);

export const BVN_DIGITS = 'BVN must be exactly 11 digits';

/** The BVN field's check: exactly 11 digits (what the provider requires). */
export function checkBvn(text: string): { bvn: string } | { error: string } {
  const result = z.string().check(z.trim(), z.regex(/^\d{11}$/, BVN_DIGITS)).safeParse(text);
  return result.success ? { bvn: result.data } : { error: BVN_DIGITS };
}

/**
 * POST /payment/deposit-account/permanent {bvn}: opens the static account once (201), or answers
 * the one the user has (200). The BVN is only this request's body: callers keep it in no cache.
 */
export async function openPermanentAccount(bvn: string): Promise<PermanentAccount> {
  return (await api.post('/payment/deposit-account/permanent', { body: { bvn }, schema: permanentAccountSchema })).data;
}

export const permanentErrors: ErrorCatalogue = {
  byStatus: { 400: serverMessageOr(BVN_DIGITS), 401: 'Authentication token missing' },
  network: 'No response from server',
  fallback: 'Failed to open the permanent account',
};
