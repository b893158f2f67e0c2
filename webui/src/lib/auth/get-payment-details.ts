import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentDetailsSchema } from '@/lib/api-schemas';
import type { ApiAnswer } from '@/types/api';

/** Shape not shown at login; later uses read these fields (spec part 1 §3). */
export type PaymentDetails = NonNullable<ApiAnswer<'/payment/create', 'get'>>;

/** GET /payment/create: loaded after the profile; the app keeps working when it fails. Money: checked. */
export async function getPaymentDetails(): Promise<PaymentDetails | null> {
  const details = await api.get('/payment/create', { schema: paymentDetailsSchema });
  return details ?? null;
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
