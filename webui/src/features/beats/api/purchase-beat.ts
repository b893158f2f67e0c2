import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { postKeys, updatePostInCaches } from '@/features/posts/api/post-cache';
import { api, toApiError } from '@/lib/api-client';
import { purchaseAnswerSchema } from '@/lib/api-schemas';
import { newIdempotencyKey } from '@/lib/money';
import type { BeatPost } from '@/types/api';
import { purchaseFailure } from './purchase-errors';

/**
 * POST /beat/purchase {postId, amount} with its Idempotency-Key: the amount is the price the
 * buyer saw (409 when it changed), and the key makes a resend of the same attempt answer the
 * first result instead of buying twice.
 */
export function purchaseBeat(postId: string, amount: number, idempotencyKey: string) {
  return api.post('/beat/purchase', {
    body: { postId, amount },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: purchaseAnswerSchema,
  });
}

export const purchaseKeys = { library: ['purchases'] as const, wallet: ['wallet'] as const };

/**
 * Buying a licence. One Idempotency-Key per purchase attempt: `buy()` starts an attempt with a
 * new key; `retry()` sends the same attempt again with the same key when the last try got no
 * answer or a server fault (so a purchase that went through is answered, not repeated), and
 * starts a new attempt after a refusal. A success moves the beat's buyers and availability in
 * every cached list and page, and refreshes the library and the wallet. A 409 (the price changed,
 * or it is already yours) and a 404 (sold out) refresh the beat, so the button shows what is true.
 */
export function usePurchaseBeat(beat: Pick<BeatPost, 'id' | 'amount'>) {
  const queryClient = useQueryClient();
  const attempt = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: (key: string) => purchaseBeat(beat.id, beat.amount, key),
    onSuccess: () => {
      attempt.current = null;
      updatePostInCaches(queryClient, 'beat', beat.id, (p) =>
        p.kind === 'beat' ? { ...p, total_buyers: p.total_buyers + 1, available: Math.max(0, p.available - 1) } : p,
      );
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.library });
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.wallet });
    },
    onError: (error) => {
      const { status } = toApiError(error);
      if (status === 404 || status === 409) {
        void queryClient.invalidateQueries({ queryKey: postKeys.post('beat', beat.id) });
        void queryClient.invalidateQueries({ queryKey: ['feed'] });
        void queryClient.invalidateQueries({ queryKey: ['posts', 'beat'] });
        // "You already own this beat": the page then shows the purchase instead of the offer.
        if (status === 409) void queryClient.invalidateQueries({ queryKey: purchaseKeys.library });
      }
    },
  });
  return {
    ...mutation,
    failure: mutation.isError ? purchaseFailure(mutation.error) : null,
    buy() {
      attempt.current = newIdempotencyKey();
      mutation.mutate(attempt.current);
    },
    retry() {
      const same = attempt.current && mutation.isError && purchaseFailure(mutation.error).retrySameAttempt;
      if (!same) attempt.current = newIdempotencyKey();
      mutation.mutate(attempt.current as string);
    },
  };
}
