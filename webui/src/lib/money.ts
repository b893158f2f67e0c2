/**
 * Naira on the screen. The API sends amounts as naira JSON numbers with at most two decimals
 * (kobo stay inside the server); every screen shows them through this one formatter, Intl en-NG
 * (spec part 2 §1: "₦, en-NG formatting"), so ₦1,234.50 reads the same on every page.
 */
const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.5 → "₦1,234.50"; a missing or non-finite amount shows as ₦0.00 rather than "NaN". */
export function formatNaira(amount: number | null | undefined): string {
  return NAIRA.format(typeof amount === 'number' && Number.isFinite(amount) ? amount : 0);
}

const WHOLE_NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * A figure as a message names it: whole naira without kobo, "₦100", "₦1,000", and kobo when there
 * are some, "₦1.50" (the server's money.Label).
 */
export function nairaLabel(amount: number): string {
  return Number.isInteger(amount) ? WHOLE_NAIRA.format(amount) : formatNaira(amount);
}

/** "12", "12.5", "12.50": naira with at most two decimals, no sign or exponent. */
/** Naira as people type it: 1500, 1500.5, or with thousands separators, 1,500 or 1,500.50. */
const NAIRA_TEXT = /^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/;

/**
 * Reads a naira amount typed into a form. Answers the number to send (JSON keeps "12.34" exact:
 * a number with two decimals prints back as the same text), or null when the text is not naira
 * with at most two decimals. Thousands separators are read ("1,500" is 1500) when every group
 * after the first has three digits. The server converts to kobo; the app never computes with amounts.
 */
export function parseNaira(text: string): number | null {
  const trimmed = text.trim();
  if (!NAIRA_TEXT.test(trimmed)) return null;
  const value = Number(trimmed.replaceAll(',', ''));
  return Number.isFinite(value) ? value : null;
}

/**
 * A new Idempotency-Key (a UUID v4) for one money call attempt. crypto.randomUUID needs a
 * secure context; 127.0.0.1 and https are, but the fallback keeps an http preview working.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
