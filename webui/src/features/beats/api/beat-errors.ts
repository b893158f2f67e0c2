import type { ErrorCatalogue } from '@/lib/error-message';

const UNAUTHORIZED = 'Unauthorized: Please log in';
const SERVER = 'Server error: Please try again later';
const NO_RESPONSE = 'Network error: No response from server';
const UNEXPECTED = 'An unexpected error occurred';

/** Spec part 2 §8 beat fetch: 401 unauthorized; 404 "Beat post not found"; 500 server error. */
export const beatFetchErrors: ErrorCatalogue = {
  byStatus: { 401: UNAUTHORIZED, 404: 'Beat post not found', 500: SERVER },
  network: NO_RESPONSE,
  fallback: UNEXPECTED,
};

/** Spec part 2 §8 beat list: 401 "Unauthorized: Please log in". */
export const beatListErrors: ErrorCatalogue = {
  byStatus: { 401: UNAUTHORIZED, 500: SERVER },
  network: NO_RESPONSE,
  fallback: UNEXPECTED,
};

/** Spec part 2 §8 purchased list: "Failed to fetch purchased beats" unless the server said why. */
export const purchasedListErrors: ErrorCatalogue = {
  byStatus: { 401: 'Authentication token missing' },
  network: 'Failed to fetch purchased beats',
  fallback: 'Failed to fetch purchased beats',
};

/** A download: none left is 403 "No downloads left"; another user's purchase is 404. */
export const downloadErrors: ErrorCatalogue = {
  byStatus: { 403: (e) => e.message || 'No downloads left', 404: (e) => e.message || 'Purchase not found', 500: SERVER },
  network: NO_RESPONSE,
  fallback: 'Download failed. Please try again.',
};
