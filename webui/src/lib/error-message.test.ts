import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messageFor, serverMessageOr, type ErrorCatalogue } from './error-message';

const catalogue: ErrorCatalogue = {
  byStatus: { 401: 'Listed text', 400: serverMessageOr('Fallback 400') },
  network: 'Network text',
  fallback: 'Other text',
};

describe('messageFor', () => {
  it.each([
    ['a listed status', new ApiError(401, 'server words'), 'Listed text'],
    ['a rule preferring the server message', new ApiError(400, 'Server 400'), 'Server 400'],
    ['that rule without a server message', new ApiError(400, ''), 'Fallback 400'],
    ['no response', new ApiError(0, 'Failed to fetch'), 'Network text'],
    ['an unlisted 5xx', new ApiError(503, 'down'), 'Other text'],
    ['an unlisted 4xx with a message', new ApiError(429, 'Slow down.'), 'Slow down.'],
    ['an unlisted 4xx without a message', new ApiError(413, ''), 'Other text'],
    ['a non-API error', new Error('boom'), 'Network text'],
  ])('%s', (_, error, expected) => {
    expect(messageFor(error, catalogue)).toBe(expected);
  });

  it('uses the fallback for no response when the catalogue has no network row', () => {
    expect(messageFor(new ApiError(0, ''), { fallback: 'Other text' })).toBe('Other text');
  });
});
