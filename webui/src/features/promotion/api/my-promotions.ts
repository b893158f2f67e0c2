import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import type { PromotionStatus } from './statuses';

/** The applied filters; '' is all. */
export type PromotionFilter = { category: string; status: PromotionStatus | '' };
export type PromotionQuery = PromotionFilter & { limit: number; offset: number };

/** GET /packages/myPromotions: one page of the caller's promotions, in-app and mass together. */
export const useMyPromotions = (q: PromotionQuery) =>
  useQuery({
    queryKey: ['promotion', 'mine', q],
    queryFn: ({ signal }) =>
      api.get('/packages/myPromotions', {
        query: { limit: q.limit, offset: q.offset, ...(q.category && { category: q.category }), ...(q.status && { status: q.status }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Spec part 2 §8: the server's error or message, else "Failed to fetch promotions". */
export const promotionsErrorText = (error: unknown) => messageFor(error, { fallback: 'Failed to fetch promotions' });
