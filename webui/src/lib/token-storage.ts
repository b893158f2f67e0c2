/**
 * The login token the spec's Bearer calls carry. The HttpOnly session cookie is what keeps a
 * Google sign-in working without it; the stored token is sent as well when present.
 */
const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}
