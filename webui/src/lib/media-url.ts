import { currentAppConfig } from '@/config/runtime-config';

/** Origin serving the API; relative media paths such as /public/... resolve against it. */
export function apiOrigin(): string {
  const config = currentAppConfig();
  return config ? new URL(config.apiUrl).origin : window.location.origin;
}

/**
 * Profile images come back as paths such as /public/profiles/<id>/<uuid>.jpg. They are served
 * by the same origin as the API, which is not the page's origin when the runtime configuration
 * names an absolute API URL, so they are resolved against the API origin. Read from the
 * configuration, not the API client, so a picture brings no Amplify with it.
 */
export function mediaUrl(path: string | undefined | null): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return new URL(path, apiOrigin()).href;
}
