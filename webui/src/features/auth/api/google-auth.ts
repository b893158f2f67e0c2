import { apiUrlFor } from '@/lib/api-client';

export const GOOGLE_REDIRECT_FAILED = 'An unexpected error occurred while redirecting to Google.';

/** GET /auth/google is a full-browser redirect, not an API call (spec §4). */
export function googleAuthUrl(identity?: string): string {
  const query = identity ? `?identity=${encodeURIComponent(identity)}` : '';
  return apiUrlFor(`/auth/google${query}`);
}

/** Sends the whole browser to Google; returns an error text if that could not start. */
export function redirectToGoogle(identity?: string): string | null {
  try {
    window.location.assign(googleAuthUrl(identity));
    return null;
  } catch {
    return GOOGLE_REDIRECT_FAILED;
  }
}
