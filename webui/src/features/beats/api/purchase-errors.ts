import { ApiError, joinFieldErrors, toApiError, UnexpectedAnswerError } from '@/lib/api-client';

/** Spec part 2 §4 and §8: the texts of a beat purchase. */
export const PURCHASE_TEXTS = {
  success: 'Purchase successful',
  errorTitle: 'Purchase Error',
  failed: 'Failed to purchase beat',
  badRequest: 'Validation error or insufficient balance',
  notFound: 'Beat not found or sold out',
  server: 'Server error',
} as const;

export type PurchaseFailure = {
  /** The dialog's text: the server's words first (spec §8), else the catalogue's. */
  text: string;
  /** The field error saying which (balance or amount), when the server named one. */
  detail?: string;
  /** Not enough naira: the dialog offers the wallet's Deposit. */
  insufficient: boolean;
  /** No answer or a server fault: the same attempt may be sent again with the same key. */
  retrySameAttempt: boolean;
  /**
   * Trying again cannot change the answer (a short balance, a beat you own or cannot buy, one not
   * found or sold out): the dialog offers no Try Again. A changed price (409) can be retried.
   */
  final: boolean;
};

/**
 * Spec part 2 §8 beat purchase: 400 "Validation error or insufficient balance"; 404 "Beat not
 * found or sold out"; 500 "Server error"; any other status "Error: {status}"; the server's
 * message is preferred; "Failed to purchase beat" when nothing came back.
 */
export function purchaseFailure(error: unknown): PurchaseFailure {
  // A success whose body is not the documented one may still have bought the licence: say it
  // failed, and let Try Again resend the same attempt (its key replays the first answer).
  if (error instanceof UnexpectedAnswerError) {
    return { text: PURCHASE_TEXTS.failed, insufficient: false, retrySameAttempt: true, final: false };
  }
  const e = toApiError(error);
  const byStatus: Record<number, string> = { 400: PURCHASE_TEXTS.badRequest, 404: PURCHASE_TEXTS.notFound, 500: PURCHASE_TEXTS.server };
  const text =
    e.status === 0 ? PURCHASE_TEXTS.failed : (e.status < 500 && e.message) || byStatus[e.status] || `Error: ${e.status}`;
  const fields = e instanceof ApiError ? joinFieldErrors(e) : '';
  // The server names the field (amount) and says "Insufficient balance".
  const insufficient = e.fieldErrors.some((f) => /insufficient/i.test(f.msg));
  const retrySameAttempt = e.status === 0 || e.status >= 500;
  const priceChanged = e.status === 409 && !/already own/i.test(text);
  return {
    text,
    detail: fields && fields !== text ? fields : undefined,
    insufficient,
    retrySameAttempt,
    final: !retrySameAttempt && !priceChanged,
  };
}
