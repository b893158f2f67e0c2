import { apiOrigin } from './api-client';

/**
 * Profile images come back as paths such as /public/profiles/<id>/<uuid>.jpg. They are served
 * by the same origin as the API, which is not the page's origin when config.json names an
 * absolute API URL, so they are resolved against the API origin.
 */
export function mediaUrl(path: string | undefined | null): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return new URL(path, apiOrigin()).href;
}
