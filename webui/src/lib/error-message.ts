import { ApiError, toApiError } from './api-client';

type Rule = string | ((error: ApiError) => string | undefined);

/**
 * One call's rows of the spec §8 error catalogue.
 * - byStatus: the text for each status the catalogue names (a function may prefer the
 *   server's words and fall back to the catalogue's).
 * - network: the text when no response arrived (status 0).
 * - fallback: the catalogue's "other" text.
 * Statuses the catalogue does not name but the API contract added (403, 429...) show the
 * server's message when it sent one, since those texts are written for people.
 */
export type ErrorCatalogue = {
  byStatus?: Record<number, Rule>;
  network?: string;
  fallback: string;
};

export const SERVER_ERROR = 'Server error. Please try again later.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const NETWORK_ERROR = 'Network error. Please check your internet connection.';

/** The text to show for a failed call. */
export function messageFor(error: unknown, catalogue: ErrorCatalogue): string {
  const apiError = toApiError(error);
  const { status } = apiError;
  if (status === 0) return catalogue.network ?? catalogue.fallback;
  const rule = catalogue.byStatus?.[status];
  if (typeof rule === 'string') return rule;
  if (typeof rule === 'function') return rule(apiError) ?? catalogue.fallback;
  if (status >= 400 && status < 500 && apiError.message) return apiError.message;
  return catalogue.fallback;
}

/** Rule: the server's message when it sent one, else the given text. */
export const serverMessageOr =
  (text: string): Rule =>
  (error) =>
    error.message || text;
