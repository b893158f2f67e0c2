import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { beatOwnershipSchema } from '@/lib/api-schemas';
import { purchaseKeys } from './purchase-beat';

/** GET /beat/{id}/purchase: your purchase of the beat (with its full audio), or null. */
export function getMyPurchase(beatId: string) {
  return api.get('/beat/{id}/purchase', { path: { id: beatId }, schema: beatOwnershipSchema });
}

/** Under the library's key, so a purchase or a download refreshes it with the library. */
export const myPurchaseQueryOptions = (beatId: string) =>
  queryOptions({ queryKey: [...purchaseKeys.library, 'beat', beatId], queryFn: () => getMyPurchase(beatId) });

/** Your purchase of the beat; undefined while unknown, null when you have not bought it. */
export function useMyPurchase(beatId: string, enabled = true) {
  return useQuery({ ...myPurchaseQueryOptions(beatId), enabled });
}
