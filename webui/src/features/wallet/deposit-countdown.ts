import { useEffect, useState } from 'react';

/**
 * The deposit account reads "Expiring Soon" under 10 minutes before it expires. Spec part 2 §9
 * says under an hour, but the provider's temporary accounts live about an hour, so a fresh one
 * would already read Expiring Soon (issue 21 sets 10 minutes).
 */
export const EXPIRING_SOON_MS = 10 * 60 * 1000;

export type DepositState = 'temporary' | 'expiring' | 'expired' | 'paid';

/** Labels of the deposit account's states (spec part 2 §4's three, and Paid once credited). */
export const DEPOSIT_STATE_LABEL: Record<DepositState, string> = {
  temporary: 'Temporary Account',
  expiring: 'Expiring Soon',
  expired: 'Expired',
  paid: 'Paid',
};

export const EXPIRED_TEXT = 'This account has expired. Please generate a new one.';

export type DepositCountdown = { state: DepositState; remainingMs: number; remaining: string };

/** "1h 05m 09s" / "59m 59s" / "0s": what is left, whole seconds, rounded down. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/**
 * Where the deposit account stands at `now` (ms): Paid once its deposit was credited (whatever
 * the clock says); else expired at or after expiresAt, Expiring Soon under 10 minutes before, a
 * plain Temporary Account before that; null (the provider says it never expires) stays a
 * Temporary Account with no countdown (remaining ""). An expiry that cannot be read counts as
 * expired: an account number must never be shown as usable when it may not be.
 */
export function depositCountdown(expiresAt: string | null, now: number, paid = false): DepositCountdown {
  if (paid) return { state: 'paid', remainingMs: 0, remaining: '' };
  if (expiresAt === null) return { state: 'temporary', remainingMs: Infinity, remaining: '' };
  const end = Date.parse(expiresAt);
  const remainingMs = Number.isFinite(end) ? Math.max(0, end - now) : 0;
  const state: DepositState = remainingMs <= 0 ? 'expired' : remainingMs < EXPIRING_SOON_MS ? 'expiring' : 'temporary';
  return { state, remainingMs, remaining: formatRemaining(remainingMs) };
}

/** The clock, ticking every `everyMs` while the component is shown. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
