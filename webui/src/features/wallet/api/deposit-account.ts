import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toApiError } from '@/lib/api-client';
import { depositAccountSchema, openDepositAnswerSchema } from '@/lib/api-schemas';
import type { ErrorCatalogue } from '@/lib/error-message';
import { serverMessageOr } from '@/lib/error-message';
import { formatNaira, parseNaira } from '@/lib/money';
import { z } from '@/lib/validation';
import type { DepositAccount } from '@/types/api';
import { walletKeys } from './wallet';

/** Spec part 2 §8: the deposit page's words when there is no account to show. */
export const NO_ACCOUNT_DETAILS = 'No Account Details';

/**
 * GET /payment/deposit-account: the temporary account the user opened last, while it is open.
 * null when the server has none to show (404 "No Account Details": never opened, paid, expired).
 * The server never opens one on a GET: POST does, for an amount.
 */
export async function getDepositAccount(): Promise<DepositAccount | null> {
  try {
    return (await api.get('/payment/deposit-account', { schema: depositAccountSchema })).data;
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}

export const depositAccountQuery = queryOptions({ queryKey: walletKeys.deposit, queryFn: getDepositAccount, staleTime: 30_000 });
export const useDepositAccount = () => useQuery(depositAccountQuery);

/** POST /payment/deposit-account {amount}: a temporary account for exactly that amount (one attempt, one key). */
export async function openDepositAccount(amount: number, idempotencyKey: string): Promise<DepositAccount> {
  const answer = await api.post('/payment/deposit-account', {
    body: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: openDepositAnswerSchema,
  });
  return answer.data;
}

export const AMOUNT_REQUIRED = 'Amount is required';
export const AMOUNT_FORMAT = 'Enter an amount in naira with at most two decimals';

/** The minimum's words, from the figure the server serves (GET /terms). */
export const minDepositText = (minimum: number) => `Minimum deposit: ${formatNaira(minimum)}`;

/**
 * The amount form's check. `minimum` is the terms' deposit minimum; while the terms are not
 * loaded it is undefined and the server's 400 says it instead (no figure is guessed here).
 */
export function checkDepositAmount(text: string, minimum: number | undefined): { amount: number } | { error: string } {
  const schema = z.string().check(
    z.trim(),
    z.minLength(1, AMOUNT_REQUIRED),
    z.refine((s) => parseNaira(s) !== null, AMOUNT_FORMAT),
    z.refine((s) => minimum === undefined || (parseNaira(s) ?? 0) >= minimum, minimum === undefined ? '' : minDepositText(minimum)),
  );
  const result = schema.safeParse(text);
  if (!result.success) return { error: result.error.issues[0]?.message ?? AMOUNT_FORMAT };
  return { amount: parseNaira(result.data) as number };
}

/** Spec part 2 §8 deposit account; a 400 (the minimum) and a 409 show the server's words. */
export const depositErrors: ErrorCatalogue = {
  byStatus: {
    400: serverMessageOr('Failed to fetch payment details'),
    401: 'Authentication token missing',
    409: serverMessageOr('Please try again.'),
  },
  network: 'No response from server',
  fallback: 'Failed to fetch payment details',
};
