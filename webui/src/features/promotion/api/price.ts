import { formatNaira } from '@/lib/money';

/** The durations a promotion runs for (spec part 2 §9), in the picker's order. */
export const DURATIONS = [
  { days: 7, label: '1 Week' },
  { days: 14, label: '2 Weeks' },
  { days: 30, label: '1 Month' },
] as const;

export type PromotionDays = (typeof DURATIONS)[number]['days'];

/** ₦5,000 per 7 days (spec part 2 §9), in kobo. */
const KOBO_PER_WEEK = 500_000;

/**
 * The price of `days` in kobo: ₦5,000 per 7 days scaled by days, rounded half up to the kobo
 * in integers (the server's rule), so 30 days is 2,142,857 kobo, ₦21,428.57.
 */
export function priceKobo(days: number): number {
  if (!Number.isInteger(days) || days <= 0) return 0;
  // round(a / b) half up for positive integers: floor((2a + b) / 2b).
  const a = KOBO_PER_WEEK * days;
  return Math.floor((2 * a + 7) / 14);
}

/** The price of `days` as the summary shows it: "₦21,428.57". */
export function formatPrice(days: number): string {
  return formatNaira(priceKobo(days) / 100);
}

/**
 * The promotion's end (the request's `timeline`): `days` after `now`, as an ISO time. The server
 * takes 7, 14 or 30 days from its own clock, give or take a day.
 */
export function timelineFor(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}
