import { useRef } from 'react';
import { toApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/money';

/**
 * One Idempotency-Key per money attempt. `key()` answers the attempt's key, making one when none
 * is open; `settle(error)` closes the attempt after an answer the server stored or refused (a
 * success, a 4xx), and keeps it open after no answer or a 5xx, so Try Again resends the same key
 * and the server answers the first result instead of moving the money twice.
 */
export function useAttemptKey() {
  const current = useRef<string | null>(null);
  return {
    key(): string {
      current.current ??= newIdempotencyKey();
      return current.current;
    },
    settle(error?: unknown) {
      if (error !== undefined) {
        const { status } = toApiError(error);
        if (status === 0 || status >= 500) return;
      }
      current.current = null;
    },
  };
}
