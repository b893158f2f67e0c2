import { describe, expect, it } from 'vitest';
import { checkStatementRange, defaultStatementRange } from './statement-range';

describe('the statement range', () => {
  it.each([
    ['2026-11-01', '2026-11-23', null],
    ['2026-11-23', '2026-11-23', null],
    ['2025-11-24', '2026-11-23', null],
    ['2025-11-22', '2026-11-23', 'A statement covers at most 366 days'],
    ['2026-11-24', '2026-11-23', 'The start date must not be after the end date'],
    ['', '2026-11-23', 'Choose both dates'],
  ])('%s to %s → %s', (from, to, message) => {
    expect(checkStatementRange(from, to)).toBe(message);
  });

  it('starts on the first of this month and ends today', () => {
    expect(defaultStatementRange(new Date('2026-11-23T10:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });
});
