import { api } from '@/lib/api-client';
import { transferAnswerSchema } from '@/lib/api-schemas';
import type { ErrorCatalogue } from '@/lib/error-message';
import { serverMessageOr } from '@/lib/error-message';
import { nairaLabel, parseNaira } from '@/lib/money';
import { firstErrors, z } from '@/lib/validation';

export type TransferInput = { email: string; amount: string; note: string };
export type TransferBody = { email: string; amount: number; note: string };

/**
 * Spec part 2 §5 Transfer: a valid email, an amount of at least the terms' minimum (GET /terms,
 * transfer.minimum; two decimals at most), an optional note.
 */
export const EMAIL_ERROR = 'Please enter a valid email address';
export const AMOUNT_REQUIRED = 'Amount is required';
export const transferMinText = (minimum: number) => `Minimum transfer: ${nairaLabel(minimum)}`;
export const NOTE_MAX = 140;

const transferSchema = (minimum: number) =>
  z.object({
    email: z.string().check(z.trim(), z.email(EMAIL_ERROR)),
    amount: z.string().check(
      z.trim(),
      z.minLength(1, AMOUNT_REQUIRED),
      z.refine((s) => parseNaira(s) !== null, 'Enter an amount in naira with at most two decimals'),
      z.refine((s) => (parseNaira(s) ?? 0) >= minimum, transferMinText(minimum)),
    ),
    note: z.string().check(z.trim(), z.maxLength(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`)),
  });

/** The body to send, or the first message per field; `minimum` is the terms' transfer minimum. */
export function checkTransfer(
  input: TransferInput,
  minimum: number,
): { body: TransferBody } | { errors: Partial<Record<keyof TransferInput | '_form', string>> } {
  const result = transferSchema(minimum).safeParse(input);
  if (!result.success) return { errors: firstErrors<keyof TransferInput>(result.error.issues) };
  return { body: { email: result.data.email, amount: parseNaira(result.data.amount) as number, note: result.data.note } };
}

/** Whether text is an email address (the recipient field says EMAIL_ERROR when it is not). */
export const isEmail = (text: string) => z.string().check(z.trim(), z.email()).safeParse(text).success;

/** Submit stays disabled while the email is invalid or the amount is empty (spec part 2 §5). */
export function canSubmitTransfer(input: TransferInput): boolean {
  return isEmail(input.email) && input.amount.trim() !== '';
}

/** POST /wallet/transfer with the attempt's Idempotency-Key. */
export function sendTransfer(body: TransferBody, idempotencyKey: string) {
  return api.post('/wallet/transfer', { body, headers: { 'Idempotency-Key': idempotencyKey }, schema: transferAnswerSchema });
}

export const transferErrors: ErrorCatalogue = {
  byStatus: {
    400: serverMessageOr('Invalid request data'),
    401: 'Authentication failed - please login again',
    404: 'Recipient not found',
    406: 'Insufficient funds',
    500: 'Server error',
  },
  network: 'No response from server',
  fallback: 'Transfer failed. Please try again.',
};
