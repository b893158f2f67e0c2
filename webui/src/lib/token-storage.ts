/**
 * The session is the HttpOnly `zuum_session` cookie alone: a token in localStorage would hand
 * it to any script that runs on the page, which is what HttpOnly exists to prevent. Builds
 * before that kept the login token under this key; nothing writes it any more.
 */
export const LEGACY_TOKEN_KEY = 'token';

/**
 * Removes a token an older build stored. Runs at start (for users upgrading) and at logout
 * (a tab still running an older build may have written it since).
 */
export function forgetLegacyToken(): void {
  try {
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    // Storage blocked (private mode, policy): then nothing was stored either.
  }
}
