/** The longest link a form takes, in bytes, as the server (shared/text MaxURL). */
export const MAX_URL = 2048;

/** What a link field that holds no web link says (the server's text). */
export const URL_TEXT = 'Please enter a valid URL';

/**
 * Whether `value` is a link a browser can open, by the server's rule (shared/text WebURL): an
 * absolute http or https URL with a host, at most 2,048 bytes, without spaces or control
 * characters.
 */
export function isWebUrl(value: string): boolean {
  if (!value || new TextEncoder().encode(value).length > MAX_URL || /[\s\p{Cc}]/u.test(value)) return false;
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
