import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, apiUrlFor } from '@/lib/api-client';
import { downloadSchema, purchaseListSchema } from '@/lib/api-schemas';
import type { Purchase } from '@/types/api';
import { BEAT_PAGE_SIZE } from './get-beat';
import { purchaseKeys } from './purchase-beat';

type PurchasePage = { purchases: Purchase[]; pagination: { hasNext: boolean; next: string | null } };

/** GET /beat/purchase: the licences you bought, newest first (one page). */
export function listPurchases(cursor: string | null) {
  return api.get('/beat/purchase', { query: { limit: BEAT_PAGE_SIZE, ...(cursor && { cursor }) }, schema: purchaseListSchema });
}

export const purchasesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: purchaseKeys.library,
    queryFn: ({ pageParam }) => listPurchases(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next ? last.pagination.next : undefined),
  });

export const usePurchases = () => useInfiniteQuery(purchasesQueryOptions());

/** The licence PDF of a purchase, opened in the browser (the session cookie goes with it). */
export function licencePdfUrl(purchaseId: string): string {
  return apiUrlFor(`/beat/purchase/${encodeURIComponent(purchaseId)}/licence`);
}

/** "Lagos Drill" → "Lagos Drill.mp3": the file name a download is saved under. */
export function downloadName(caption: string, url: string): string {
  const ext = new URL(url).pathname.match(/\.(mp3|wav)$/i)?.[1]?.toLowerCase() ?? 'mp3';
  const base = caption.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'beat';
  return `${base}.${ext}`;
}

/** Saves a fetched file under `name`: a blob URL clicked as a download, then let go. */
export async function saveFile(url: string, name: string): Promise<void> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Download failed with status ${res.status}`);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * POST /beat/purchase/{id}/download spends one download and answers a presigned URL of the full
 * audio valid a few minutes, which is fetched at once and saved as a file. The library's count
 * (and the beat page's) follows the server's answer.
 */
export function useDownloadPurchase(purchase: Pick<Purchase, 'id' | 'caption' | 'post_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answer = await api.post('/beat/purchase/{id}/download', { path: { id: purchase.id }, schema: downloadSchema });
      queryClient.setQueryData<InfiniteData<PurchasePage>>(purchaseKeys.library, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            purchases: page.purchases.map((p) => (p.id === purchase.id ? { ...p, downloads_remaining: answer.downloads_remaining } : p)),
          })),
        },
      );
      queryClient.setQueryData<{ purchase: Purchase | null }>([...purchaseKeys.library, 'beat', purchase.post_id], (data) =>
        data?.purchase ? { purchase: { ...data.purchase, downloads_remaining: answer.downloads_remaining } } : data,
      );
      await saveFile(answer.url, downloadName(purchase.caption, answer.url));
      return answer;
    },
  });
}
