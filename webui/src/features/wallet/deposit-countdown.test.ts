import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATE_LABEL, depositCountdown, formatRemaining } from './deposit-countdown';

const at = Date.parse('2026-03-01T12:00:00Z');
const plus = (ms: number) => new Date(at + ms).toISOString();
const H = 60 * 60 * 1000;
const M = 60 * 1000;

describe('depositCountdown', () => {
  it.each([
    ['a fresh account (the provider\'s hour)', plus(H), 'temporary', '1h 00m 00s'],
    ['three hours left', plus(3 * H), 'temporary', '3h 00m 00s'],
    ['exactly ten minutes left', plus(10 * M), 'temporary', '10m 00s'],
    ['just under ten minutes left', plus(10 * M - 1000), 'expiring', '9m 59s'],
    ['one second left', plus(1000), 'expiring', '1s'],
    ['the expiry itself', plus(0), 'expired', '0s'],
    ['a past expiry', plus(-5 * H), 'expired', '0s'],
    ['an unreadable expiry', 'soon', 'expired', '0s'],
  ])('%s reads %s', (_what, expiresAt, state, remaining) => {
    const c = depositCountdown(expiresAt, at);
    expect(c.state).toBe(state);
    expect(c.remaining).toBe(remaining);
  });

  it('reads Paid once the deposit was credited, before or after the expiry', () => {
    expect(depositCountdown(plus(H), at, true).state).toBe('paid');
    expect(depositCountdown(plus(-H), at, true).state).toBe('paid');
  });

  it('keeps an account that never expires a Temporary Account without a countdown', () => {
    expect(depositCountdown(null, at)).toEqual({ state: 'temporary', remainingMs: Infinity, remaining: '' });
  });

  it('names the states as the spec does, and Paid', () => {
    expect(Object.values(DEPOSIT_STATE_LABEL)).toEqual(['Temporary Account', 'Expiring Soon', 'Expired', 'Paid']);
  });
});

describe('formatRemaining', () => {
  it('rounds down to whole seconds and pads minutes and seconds', () => {
    expect(formatRemaining(2 * H + 5 * 60 * 1000 + 9999)).toBe('2h 05m 09s');
    expect(formatRemaining(61_500)).toBe('1m 01s');
    expect(formatRemaining(-1)).toBe('0s');
  });
});
