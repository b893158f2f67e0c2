import type { ApiError } from '@/lib/api-client';

/** Names table rows after the error they feed in, e.g. "409 Username is already taken.". */
export function errorCases(rows: Array<[ApiError, string]>): Array<[string, ApiError, string]> {
  return rows.map(([error, expected]) => [`${error.status} ${error.message || '(no message)'}`, error, expected]);
}
