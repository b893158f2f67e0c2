import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionChangedSchema, subscriptionHistorySchema, subscriptionLinkSchema } from '@/lib/api-schemas';
import { paymentDetailsQueryOptions } from '@/lib/auth/get-payment-details';
import type { ErrorCatalogue } from '@/lib/error-message';
import { serverMessageOr } from '@/lib/error-message';

export const NO_LINK = 'No payment link available.';

/**
 * The plan and its status (GET /payment/create, the shell's own query). `watch`: ask every 3 s,
 * while a payment made at the provider waits for its webhook to activate the subscription.
 */
export const usePlan = (watch = false) =>
  useQuery({
    ...paymentDetailsQueryOptions(),
    refetchInterval: (query) => (watch && !isPremium(query.state.data?.status) ? 3000 : false),
    ...(watch && { staleTime: 0 }),
  });

/** GET /payment/subscription: a new payment link for a month of the plan (valid 30 minutes). */
export function getPaymentLink() {
  return api.get('/payment/subscription', { schema: subscriptionLinkSchema });
}

/** POST /payment/subscription/wallet: the month paid from the wallet, with the attempt's key. */
export function payFromWallet(idempotencyKey: string) {
  return api.post('/payment/subscription/wallet', { headers: { 'Idempotency-Key': idempotencyKey }, schema: subscriptionChangedSchema });
}

/** POST /payment/subscription/cancel: the period runs to its end and does not renew. */
export function cancelSubscription() {
  return api.post('/payment/subscription/cancel', { schema: subscriptionChangedSchema });
}

/** GET /payment/subscription/history: the billing history (from the ledger), newest first. */
export const billingHistoryQuery = queryOptions({
  queryKey: ['subscription', 'history'],
  queryFn: () => api.get('/payment/subscription/history', { query: { limit: 50 }, schema: subscriptionHistorySchema }),
});

/** Spec part 2 §8 subscription. */
export const subscriptionErrors: ErrorCatalogue = {
  byStatus: {
    401: 'Unauthorized - Please login again',
    404: 'Payment plan not found',
    406: 'Insufficient funds',
    409: 'You already have an active subscription',
    500: serverMessageOr('Server error'),
    503: serverMessageOr('Server error'),
  },
  network: 'No response from server',
  fallback: 'Server error',
};

/** A paid period runs (cancelled still runs to its end): the user is Premium. */
export const isPremium = (status: string | undefined) => status === 'active' || status === 'cancelled';

const DAY = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
export const formatDay = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? DAY.format(t) : '';
};
