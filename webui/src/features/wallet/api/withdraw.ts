import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withdrawalAnswerSchema } from '@/lib/api-schemas';
import type { ErrorCatalogue } from '@/lib/error-message';
import { serverMessageOr } from '@/lib/error-message';
import { nairaLabel, parseNaira } from '@/lib/money';
import type { Terms } from '@/lib/terms';
import { z } from '@/lib/validation';

/** The minimum and the fee of a withdrawal, as GET /terms serves them (naira). */
export type WithdrawalTerms = Terms['withdrawal'];

/** Spec part 2 §5's "Minimum withdrawal: …", with the terms' minimum. */
export const minWithdrawalText = (t: WithdrawalTerms) => `Minimum withdrawal: ${nairaLabel(t.minimum)}`;
export const BANK_REQUIRED = 'Please select a bank';
export const ACCOUNT_DIGITS = 'Account number must be exactly 10 digits';
export const AMOUNT_REQUIRED = 'Amount is required';

export type WithdrawInput = { amount: string; bankCode: string; accountNumber: string; save: boolean };
export type WithdrawBody = { amount: number; bankCode: string; accountNumber: string; save: boolean; otp?: string };

/** The form's rules (spec part 2 §5), at the terms' minimum (10-digit account numbers). */
export const withdrawSchema = (t: WithdrawalTerms) =>
  z.object({
    amount: z.string().check(
      z.trim(),
      z.minLength(1, AMOUNT_REQUIRED),
      z.refine((s) => parseNaira(s) !== null, 'Enter an amount in naira with at most two decimals'),
      z.refine((s) => (parseNaira(s) ?? 0) >= t.minimum, minWithdrawalText(t)),
    ),
    bankCode: z.string().check(z.minLength(1, BANK_REQUIRED)),
    accountNumber: z.string().check(z.trim(), z.regex(/^\d{10}$/, ACCOUNT_DIGITS)),
    save: z.boolean(),
  });

/** Before the terms load nothing can be checked: the form says so on the amount. */
export const withdrawWithoutTerms = z.object({
  amount: z.string().check(z.refine(() => false, 'Could not load the fee. Try again in a moment.')),
  bankCode: z.string(),
  accountNumber: z.string(),
  save: z.boolean(),
});

/** The request of checked (trimmed) form values. */
export function withdrawBody({ amount, bankCode, accountNumber, save }: WithdrawInput): WithdrawBody {
  return { amount: parseNaira(amount) as number, bankCode, accountNumber, save };
}

/**
 * The total that leaves the balance: the amount plus the terms' fee, added in kobo (integers) so
 * no float rounding shows; null while the amount is not naira.
 */
export function withdrawalTotal(amountText: string, terms: WithdrawalTerms): number | null {
  const amount = parseNaira(amountText);
  if (amount === null) return null;
  return (Math.round(amount * 100) + Math.round(terms.fee * 100)) / 100;
}

/** GET /payment/banks: every Nigerian bank, sorted by name; rarely changes. */
export const banksQuery = queryOptions({
  queryKey: ['payment', 'banks'],
  queryFn: () => api.get('/payment/banks'),
  staleTime: 60 * 60 * 1000,
});
export const useBanks = () => useQuery(banksQuery);

/** POST /payment/resolve-account: whose account it is, before anything is sent. */
export function resolveAccount(accountNumber: string, bankCode: string) {
  return api.post('/payment/resolve-account', { body: { accountNumber, bankCode } });
}

export function useResolvedAccount(accountNumber: string, bankCode: string) {
  const ready = /^\d{10}$/.test(accountNumber) && bankCode !== '';
  return useQuery({
    queryKey: ['payment', 'resolve', bankCode, accountNumber],
    queryFn: () => resolveAccount(accountNumber, bankCode),
    enabled: ready,
    retry: false,
    staleTime: 10 * 60 * 1000,
  });
}

/** POST /payment/withdrawal: 201 pending withdrawal, or 202 step-up (send again with `otp`). */
export function requestWithdrawal(body: WithdrawBody, idempotencyKey: string) {
  return api.post('/payment/withdrawal', { body, headers: { 'Idempotency-Key': idempotencyKey }, schema: withdrawalAnswerSchema });
}

/** Spec part 2 §8 withdrawal. */
export const withdrawErrors: ErrorCatalogue = {
  byStatus: {
    400: serverMessageOr('Invalid request data'),
    401: 'Authentication failed - please login again',
    406: serverMessageOr('Insufficient funds'),
    500: 'Server error',
  },
  network: 'No response from server',
  fallback: 'Server error',
};

export const resolveErrors: ErrorCatalogue = {
  byStatus: { 400: serverMessageOr('Could not find that account'), 401: 'Authentication failed - please login again' },
  network: 'No response from server',
  fallback: 'Could not check the account right now',
};
