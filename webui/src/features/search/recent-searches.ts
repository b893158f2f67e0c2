import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { foldSearch, tidySearch } from './search-text';

/**
 * Recent searches (spec part 1 §2 Search): kept on this device only, never sent to the server,
 * newest first, one list per account so a shared device does not show one user's searches to
 * the next. A search differing only in case or diacritics ("Ọlá", "ola") replaces the older one.
 */
export const RECENT_SEARCHES_LIMIT = 10;

const KEY_PREFIX = 'zuum.recent-searches.';

export function recentSearchesKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

const listeners = new Set<() => void>();

function readRaw(userId: string): string | null {
  try {
    return localStorage.getItem(recentSearchesKey(userId));
  } catch {
    return null; // storage blocked (private mode, policy): nothing was kept
  }
}

/** The stored list, or [] when there is none or it is not a list of texts. */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
  } catch {
    return [];
  }
}

function write(userId: string, list: string[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(recentSearchesKey(userId));
    else localStorage.setItem(recentSearchesKey(userId), JSON.stringify(list));
  } catch {
    // storage full or blocked: the search still ran, it is just not remembered
  }
  listeners.forEach((listener) => listener());
}

/** The account's recent searches, newest first. */
export function listRecentSearches(userId: string): string[] {
  return parseRecentSearches(readRaw(userId));
}

/** Puts `text` first (tidied), dropping an older entry that folds the same, keeping at most the limit. */
export function addRecentSearch(userId: string, text: string): void {
  const search = tidySearch(text);
  if (!search) return;
  const folded = foldSearch(search);
  const rest = listRecentSearches(userId).filter((s) => foldSearch(s) !== folded);
  write(userId, [search, ...rest].slice(0, RECENT_SEARCHES_LIMIT));
}

/** Removes exactly this entry. */
export function removeRecentSearch(userId: string, text: string): void {
  write(userId, listRecentSearches(userId).filter((s) => s !== text));
}

/** Forgets every recent search of the account. */
export function clearRecentSearches(userId: string): void {
  write(userId, []);
}

/** Calls `listener` on every change, in this tab or (through the storage event) in another. */
export function subscribeRecentSearches(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(KEY_PREFIX)) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The account's recent searches as React state, with the three ways to change them. */
export function useRecentSearches(userId: string) {
  // The stored text is the snapshot: a string compares by value, so React re-renders only on change.
  const raw = useSyncExternalStore(subscribeRecentSearches, () => readRaw(userId));
  const items = useMemo(() => parseRecentSearches(raw), [raw]);
  return {
    items,
    add: useCallback((text: string) => addRecentSearch(userId, text), [userId]),
    remove: useCallback((text: string) => removeRecentSearch(userId, text), [userId]),
    clear: useCallback(() => clearRecentSearches(userId), [userId]),
  };
}
