import { describe, expect, it } from 'vitest';
import { formatNaira, newIdempotencyKey, parseNaira } from './money';

describe('formatNaira', () => {
  it.each([
    [999, '₦999.00'],
    [1234.5, '₦1,234.50'],
    [0.01, '₦0.01'],
    [1500000, '₦1,500,000.00'],
    [0, '₦0.00'],
  ])('shows %s naira as %s (en-NG)', (amount, text) => {
    expect(formatNaira(amount)).toBe(text);
  });

  it('shows a missing or broken amount as ₦0.00, never NaN', () => {
    expect(formatNaira(undefined)).toBe('₦0.00');
    expect(formatNaira(Number.NaN)).toBe('₦0.00');
  });
});

describe('parseNaira', () => {
  it.each([
    ['999', 999],
    [' 12.5 ', 12.5],
    ['0.01', 0.01],
    ['1000.99', 1000.99],
    ['1,500', 1500],
    [' 12,000.50 ', 12000.5],
    ['1,234,567.89', 1234567.89],
  ])('reads %j as %s', (text, value) => {
    expect(parseNaira(text)).toBe(value);
  });

  it.each(['', '12.345', '-5', '1e3', '12,00', '1,5000', ',500', '1,,500', '1.500,00', 'abc', '.5', '5.'])('refuses %j', (text) => {
    expect(parseNaira(text)).toBeNull();
  });

  it('keeps two decimals exact on the wire', () => {
    expect(JSON.stringify({ amount: parseNaira('19.99') })).toBe('{"amount":19.99}');
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh UUID each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
