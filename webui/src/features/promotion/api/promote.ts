import { api, toApiError } from '@/lib/api-client';
import type { PromotableType } from './own-uploads';
import { timelineFor } from './price';

/** The text of spec part 2 §4: every promotion waits for an admin. */
export const APPROVAL_NOTE = 'Promotion requires admin approval (24-48 hours).';

/**
 * POST /payment/promote: promote one of the caller's posts for `days`, paid from the wallet,
 * with the attempt's Idempotency-Key (a retry after no answer moves the money once).
 */
export function requestPromotion(input: { postId: string; type: PromotableType; days: number }, idempotencyKey: string) {
  return api.post('/payment/promote', {
    body: { postId: input.postId, type: input.type, timeline: timelineFor(input.days) },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Spec part 2 §8, in-app promotion: the text for each way the request can fail. */
export function promoteErrorText(error: unknown): string {
  const { status, message } = toApiError(error);
  if (status === 0) return 'Network error: Could not connect to server';
  if (status === 400) return message || 'Invalid request';
  if (status === 404) return 'Post not found';
  if (status === 406) return 'Insufficient funds';
  if (status === 500) return `Server error: ${message || 'Please try again later'}`;
  if (status > 0) return `Error ${status}: ${message || 'Unknown error'}`;
  return `Request failed: ${message}`;
}
