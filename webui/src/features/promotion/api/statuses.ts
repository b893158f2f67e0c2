/** What My Promotions and Active Promotions show of a promotion's status and category. */

/** Spec part 2 §4: the statuses of My Promotions. */
export const STATUSES = ['active', 'pending', 'completed', 'expired', 'failed', 'rejected'] as const;

export type PromotionStatus = (typeof STATUSES)[number];

/** A status as the list and its filter name it: "Rejected". */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The categories a promotion can have: in-app ones, then the mass ones of /global. */
export const CATEGORIES = [
  { value: 'in_app', label: 'In-App' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'national', label: 'Print Media' },
  { value: 'tv', label: 'TV' },
  { value: 'radio', label: 'Radio' },
  { value: 'digital', label: 'Digital' },
  { value: 'chart', label: 'Charts' },
  { value: 'playlist', label: 'Playlist' },
  { value: 'international', label: 'International' },
] as const;

/** Spec part 2 §4: green for active, completed and success; amber for pending; red for the failed ends (rejected included); grey otherwise. */
export function badgeTone(status: string): 'green' | 'amber' | 'red' | 'grey' {
  if (status === 'active' || status === 'completed' || status === 'success') return 'green';
  if (status === 'pending') return 'amber';
  if (status === 'expired' || status === 'failed' || status === 'rejected') return 'red';
  return 'grey';
}

/** Spec part 2 §9: Previous is off at offset 0; Next once offset + limit reaches the total. */
export function pageState(offset: number, limit: number, total: number) {
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  return { from, to, hasPrevious: offset > 0, hasNext: offset + limit < total };
}
