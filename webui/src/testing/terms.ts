import type { Terms } from '@/lib/terms';

/** The terms the server serves today (shared/terms), for tests that show figures. */
export const TEST_TERMS: Terms = {
  currency: 'NGN',
  deposit: { minimum: 100 },
  withdrawal: { minimum: 100, fee: 25 },
  transfer: { minimum: 1 },
  beat: { commission_percent: 10, default_price: 999 },
  promotion: { price_per_7_days: 5000, days: [7, 14, 30] },
  subscription: { artist: 15000, producer: 20000, record_label: 30000, dev: 200 },
  release_packages: [
    { id: 'none', name: 'None', price: 0 },
    { id: 'basic', name: 'Basic', price: 20000 },
    { id: 'standard', name: 'Standard', price: 50000 },
    { id: 'premium', name: 'Premium', price: 100000 },
  ],
};

/** A mockApi route serving `terms` (the current ones unless given) at GET /terms. */
export const termsRoute = (terms: Terms = TEST_TERMS) => ({ 'GET /terms': { status: 200 as const, body: terms } });
