import { apiUrlFor } from '@/lib/api-client';

export const GOOGLE_REDIRECT_FAILED = 'An unexpected error occurred while redirecting to Google.';

/**
 * What the sign-up wizard already knows when the user picks Google on step 3: the server
 * keeps them for the account it creates, so nothing typed before is lost.
 */
export type GoogleSignup = { identity?: string; username?: string; phonenumber?: string };

/** GET /auth/google?identity=&username=&phonenumber= (empty values left out). */
export function googleAuthUrl({ identity, username, phonenumber }: GoogleSignup = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ identity, username, phonenumber })) {
    const trimmed = value?.trim();
    if (trimmed) query.set(name, trimmed);
  }
  const search = query.toString();
  return apiUrlFor(`/auth/google${search ? `?${search}` : ''}`);
}

/** Full-page navigation, kept apart so tests can watch it (jsdom's location cannot be spied on). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Sends the whole browser to Google (spec §4); returns an error text if that could not start. */
export function redirectToGoogle(signup?: GoogleSignup): string | null {
  try {
    browser.assign(googleAuthUrl(signup));
    return null;
  } catch {
    return GOOGLE_REDIRECT_FAILED;
  }
}
