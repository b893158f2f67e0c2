import { serverMessageOr, type ErrorCatalogue } from '@/lib/error-message';

/** The answer an admin route gives an admin whom no other admin has approved yet (403). */
export const AWAITING_APPROVAL = 'Awaiting approval';

/**
 * Spec §8 admin, login: the server's message or 'Login failed' (a 4xx the table does not name
 * shows the server's message already).
 */
export const adminLoginErrors: ErrorCatalogue = {
  byStatus: { 500: serverMessageOr('Login failed') },
  network: 'Login failed',
  fallback: 'Login failed',
};

/** Spec §8 admin, signup. */
export const adminSignupErrors: ErrorCatalogue = {
  byStatus: {
    400: (e) =>
      e.fieldErrors.length ? `Validation errors: ${e.fieldErrors.map((f) => f.msg).join(', ')}` : 'Invalid input data',
    // The API says which of the two is taken; the catalogue's text when it says nothing.
    406: serverMessageOr('Email already exists'),
    500: 'Server error - please try again later',
  },
  network: 'Network error - could not connect to the server',
  fallback: 'An unexpected error occurred',
};

/** Spec §8 admin, verify. */
export const adminVerifyErrors: ErrorCatalogue = {
  byStatus: {
    400: 'Invalid OTP - please check and try again',
    500: 'Server error - please try again later',
  },
  network: 'Network error - could not connect to the server',
  fallback: 'Verification failed - please try again',
};

/**
 * 'Resend OTP' (the spec shows no call; ours asks POST /admin/auth/resend-otp): the server's
 * words for a refusal (already verified, unknown email, asked too soon), the verify texts otherwise.
 */
export const adminResendErrors: ErrorCatalogue = {
  byStatus: { 500: 'Server error - please try again later' },
  network: 'Network error - could not connect to the server',
  fallback: 'Could not resend the code - please try again',
};

/**
 * Spec §8 admin, user list and deactivate, which every admin screen shares; `fallback` is the
 * screen's "other" text ('Failed to fetch users' for the user list). A 400 prefers the server's
 * words (a reject without a reason says which field); a 403 for an admin not yet approved says so.
 */
export function adminCallErrors(fallback: string): ErrorCatalogue {
  return {
    byStatus: {
      400: serverMessageOr('Validation error: Invalid request'),
      401: 'Unauthorized - Please login again',
      403: (e) => (e.message === AWAITING_APPROVAL ? AWAITING_APPROVAL : 'Forbidden - You lack necessary permissions'),
      500: 'Server error - Please try again later',
    },
    network: 'Network error - Could not connect to server',
    fallback,
  };
}

/** The user list and deactivation, whose "other" text the catalogue gives. */
export const usersErrors = adminCallErrors('Failed to fetch users');
