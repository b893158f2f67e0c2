import { formatNaira } from '@/lib/money';

/**
 * A promotion length as the picker names it (spec part 2 §9: 1 Week, 2 Weeks, 1 Month); the
 * lengths on offer are the terms' (GET /terms, promotion.days).
 */
export function durationLabel(days: number): string {
  if (days === 30) return '1 Month';
  if (days % 7 === 0) return days === 7 ? '1 Week' : `${days / 7} Weeks`;
  return days === 1 ? '1 Day' : `${days} Days`;
}

/**
 * The price of `days` in kobo: the terms' price per 7 days (naira) scaled by days, rounded half
 * up to the kobo in integers (the server's rule): 30 days cost 30/7 of a week's price.
 */
export function priceKobo(days: number, perWeek: number): number {
  if (!Number.isInteger(days) || days <= 0) return 0;
  // round(a / b) half up for positive integers: floor((2a + b) / 2b).
  const a = Math.round(perWeek * 100) * days;
  return Math.floor((2 * a + 7) / 14);
}

/** The price of `days` as the summary shows it (lib/money's formatNaira). */
export function formatPrice(days: number, perWeek: number): string {
  return formatNaira(priceKobo(days, perWeek) / 100);
}

/**
 * The promotion's end (the request's `timeline`): `days` after `now`, as an ISO time. The server
 * takes a length on offer from its own clock, give or take a day.
 */
export function timelineFor(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}
