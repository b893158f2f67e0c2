import { describe, expect, it } from 'vitest';
import { DURATIONS, formatPrice, priceKobo, timelineFor } from './price';

describe('promotion price', () => {
  it.each([
    [7, 500_000, '₦5,000.00'],
    [14, 1_000_000, '₦10,000.00'],
    [30, 2_142_857, '₦21,428.57'],
  ])('%i days cost %i kobo, shown as %s', (days, kobo, text) => {
    expect(priceKobo(days)).toBe(kobo);
    expect(formatPrice(days)).toBe(text);
  });

  it('rounds half a kobo up', () => {
    // 500,000 × 1 / 7 = 71,428.57… → 71,429; 500,000 × 3 / 7 = 214,285.71… → 214,286.
    expect(priceKobo(1)).toBe(71_429);
    expect(priceKobo(3)).toBe(214_286);
    expect(Number.isInteger(priceKobo(30))).toBe(true);
  });

  it('is nothing for a duration that is not whole days', () => {
    expect(priceKobo(0)).toBe(0);
    expect(priceKobo(-7)).toBe(0);
    expect(priceKobo(1.5)).toBe(0);
  });

  it('offers 1 Week, 2 Weeks and 1 Month', () => {
    expect(DURATIONS.map((d) => [d.label, d.days])).toEqual([['1 Week', 7], ['2 Weeks', 14], ['1 Month', 30]]);
  });

  it('ends the promotion the chosen days from now', () => {
    expect(timelineFor(30, new Date('2026-11-23T21:00:00Z'))).toBe('2026-12-23T21:00:00.000Z');
  });
});
