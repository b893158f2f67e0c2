import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PaymentDetails } from '@/types/api';

/** GET /payment/create: loaded after the profile; the app keeps working when it fails. */
export async function getPaymentDetails(): Promise<PaymentDetails | null> {
  const details = await api.get<PaymentDetails | null>('/payment/create');
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
