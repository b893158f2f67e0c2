import { describe, expect, it } from 'vitest';
import { ApiError, UnexpectedAnswerError } from '@/lib/api-client';
import { errorCases } from '@/testing/cases';
import { purchaseFailure } from './purchase-errors';

describe('purchaseFailure', () => {
  it.each(
    errorCases([
      [new ApiError(400, ''), 'Validation error or insufficient balance'],
      [new ApiError(400, 'Validation error or insufficient balance', [{ field: 'amount', msg: 'Insufficient balance' }]), 'Validation error or insufficient balance'],
      [new ApiError(404, ''), 'Beat not found or sold out'],
      [new ApiError(404, 'Beat not found or sold out'), 'Beat not found or sold out'],
      [new ApiError(409, 'You already own this beat'), 'You already own this beat'],
      [new ApiError(409, ''), 'Error: 409'],
      [new ApiError(500, 'Server error. Please try again later.'), 'Server error'],
      [new ApiError(503, ''), 'Error: 503'],
      [new ApiError(0, 'Failed to fetch'), 'Failed to purchase beat'],
    ]),
  )('%s → %s', (_name, error, text) => {
    expect(purchaseFailure(error).text).toBe(text);
  });

  it('says which field failed and whether a deposit would help', () => {
    const f = purchaseFailure(new ApiError(400, 'Validation error or insufficient balance', [{ field: 'amount', msg: 'Insufficient balance' }]));
    expect(f.detail).toBe('Insufficient balance');
    expect(f.insufficient).toBe(true);
    expect(purchaseFailure(new ApiError(400, 'x', [{ field: 'amount', msg: 'amount must be a number of naira with at most two decimals' }])).insufficient).toBe(false);
  });

  it('offers no Try Again when trying again cannot change the answer', () => {
    const failure = (status: number, message: string, errors?: { field: string; msg: string }[]) =>
      purchaseFailure(new ApiError(status, message, errors));
    expect(failure(400, 'Validation error or insufficient balance', [{ field: 'amount', msg: 'Insufficient balance' }]).final).toBe(true);
    expect(failure(409, 'You already own this beat').final).toBe(true);
    expect(failure(404, 'Beat not found or sold out').final).toBe(true);
    expect(failure(400, 'You cannot buy your own beat').final).toBe(true);
    expect(failure(409, 'The price of this beat is ₦1,200.00, not the amount you sent').final).toBe(false);
    expect(failure(500, 'Server error').final).toBe(false);
  });

  it('retries the same attempt only when no answer came or the server failed', () => {
    expect(purchaseFailure(new ApiError(0, '')).retrySameAttempt).toBe(true);
    expect(purchaseFailure(new ApiError(502, '')).retrySameAttempt).toBe(true);
    expect(purchaseFailure(new ApiError(400, '')).retrySameAttempt).toBe(false);
    expect(purchaseFailure(new ApiError(409, '')).retrySameAttempt).toBe(false);
  });

  it('treats a malformed success as a failure worth resending with the same key (never the console text)', () => {
    const f = purchaseFailure(new UnexpectedAnswerError(201, 'POST /beat/purchase', []));
    expect(f.text).toBe('Failed to purchase beat');
    expect(f.retrySameAttempt).toBe(true);
  });
});
