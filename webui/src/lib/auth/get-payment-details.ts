import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentDetailsSchema } from '@/lib/api-schemas';
import type { ApiAnswer } from '@/types/api';

/** The subscription plan and its status (spec part 1 §3's payment details). */
export type PaymentDetails = ApiAnswer<'/payment/create', 'get'>;

/** GET /payment/create: loaded after the profile; the app keeps working when it fails. Money: checked. */
export function getPaymentDetails(): Promise<PaymentDetails> {
  return api.get('/payment/create', { schema: paymentDetailsSchema });
}

export const paymentDetailsQueryKey = ['payment-details'] as const;

/**
 * A failure is final for the session (the banner says so): without retryOnMount: false every
 * new observer (guard, then shell) would refetch the failed query and flip it back to pending.
 */
export function paymentDetailsQueryOptions() {
  return queryOptions({
    queryKey: paymentDetailsQueryKey,
    queryFn: getPaymentDetails,
    retryOnMount: false,
    staleTime: 5 * 60 * 1000,
  });
}

export function usePaymentDetails(enabled: boolean) {
  return useQuery({ ...paymentDetailsQueryOptions(), enabled });
}
