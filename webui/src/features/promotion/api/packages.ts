import { useQuery } from '@tanstack/react-query';
import { api, toApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';

/** The /global tabs (spec part 2 §2), TikTok first and chosen first. `national` is print media. */
export const GLOBAL_TABS = [
  { category: 'tiktok', label: 'TikTok' },
  { category: 'youtube', label: 'YouTube' },
  { category: 'national', label: 'Print Media' },
  { category: 'tv', label: 'TV Promotion' },
  { category: 'radio', label: 'Radio' },
  { category: 'digital', label: 'Digital' },
  { category: 'chart', label: 'Charts' },
  { category: 'playlist', label: 'Playlist' },
  { category: 'international', label: 'International' },
] as const;

export type GlobalCategory = (typeof GLOBAL_TABS)[number]['category'];

/** A promotion package as GET /packages lists it (price and total in naira). */
export type Package = { id: string; name: string; description: string; category: string; price: number; total: number; currency: string; duration: string; features: string[] };

/** GET /packages: every promotion package, each with its category. */
export const usePackages = () =>
  useQuery({ queryKey: ['promotion', 'packages'], queryFn: ({ signal }) => api.get('/packages', { signal }), staleTime: 5 * 60_000 });

/** Whether a package belongs on a tab (print packages sit on the Print Media tab). */
export const onTab = (packageCategory: string, tab: GlobalCategory) =>
  packageCategory === tab || (tab === 'national' && packageCategory === 'print');

/** Spec part 2 §8: mass promotion failure shows the server's message or error, else this. */
export function massErrorText(error: unknown): string {
  const { message, status } = toApiError(error);
  if (status >= 400 && status < 500 && message) return message;
  return messageFor(error, { fallback: 'Failed to create promotion' });
}
