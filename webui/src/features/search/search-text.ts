/**
 * How the server reads a search (GET /api/search): words of letters and digits, matched by
 * prefix with case and diacritics ignored, so "Ọlá", "OLA" and "ola" are one search. The app
 * folds the same way to tell when a query is worth sending and when two recent searches are one.
 */

/** The server answers 400 unless some word has at least this many letters or digits. */
export const MIN_WORD_LENGTH = 3;

/** The server's text for a query too short to search; shown before asking it. */
export const TOO_SHORT = 'Type at least 3 letters to search.';

/** Lower case with diacritics dropped: "Ọlá" → "ola". */
export function foldSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a search, folded. */
export function searchWords(text: string): string[] {
  return foldSearch(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Whether the server would search `text` rather than answer 400. */
export function isSearchable(text: string): boolean {
  return searchWords(text).some((w) => w.length >= MIN_WORD_LENGTH);
}

/** A search as it is kept and sent: outer blanks trimmed, inner runs of blanks made one space. */
export function tidySearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
