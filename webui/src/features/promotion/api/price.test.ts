import { describe, expect, it } from 'vitest';
import { TEST_TERMS } from '@/testing/terms';
import { durationLabel, formatPrice, priceKobo, timelineFor } from './price';

const perWeek = TEST_TERMS.promotion.price_per_7_days;

describe('promotion price', () => {
  it.each([
    [7, 500_000, '₦5,000.00'],
    [14, 1_000_000, '₦10,000.00'],
    [30, 2_142_857, '₦21,428.57'],
  ])('%i days cost %i kobo, shown as %s', (days, kobo, text) => {
    expect(priceKobo(days, perWeek)).toBe(kobo);
    expect(formatPrice(days, perWeek)).toBe(text);
  });

  it('rounds half a kobo up', () => {
    // 500,000 × 1 / 7 = 71,428.57… → 71,429; 500,000 × 3 / 7 = 214,285.71… → 214,286.
    expect(priceKobo(1, perWeek)).toBe(71_429);
    expect(priceKobo(3, perWeek)).toBe(214_286);
    expect(Number.isInteger(priceKobo(30, perWeek))).toBe(true);
  });

  it('follows the price per week it is given, to the kobo', () => {
    expect(priceKobo(7, 6000.5)).toBe(600_050);
    expect(formatPrice(30, 7000)).toBe('₦30,000.00');
  });

  it('is nothing for a duration that is not whole days', () => {
    expect(priceKobo(0, perWeek)).toBe(0);
    expect(priceKobo(-7, perWeek)).toBe(0);
    expect(priceKobo(1.5, perWeek)).toBe(0);
  });

  it('names 7, 14 and 30 days 1 Week, 2 Weeks and 1 Month', () => {
    expect(TEST_TERMS.promotion.days.map(durationLabel)).toEqual(['1 Week', '2 Weeks', '1 Month']);
    expect(durationLabel(21)).toBe('3 Weeks');
    expect(durationLabel(10)).toBe('10 Days');
  });

  it('ends the promotion the chosen days from now', () => {
    expect(timelineFor(30, new Date('2026-11-23T21:00:00Z'))).toBe('2026-12-23T21:00:00.000Z');
  });
});
