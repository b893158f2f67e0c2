import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NETWORK_ERROR, SERVER_ERROR, serverMessageOr, UNEXPECTED_ERROR, type ErrorCatalogue } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { ApiAnswer, ApiQuery } from '@/types/api';
import { isSearchable, tidySearch, TOO_SHORT } from '../search-text';

/** One page of GET /search: people and posts, each list continuing from `pagination.next`. */
export type SearchPage = ApiAnswer<'/search', 'get'>;
export type SearchPerson = SearchPage['people'][number];
export type SearchPost = SearchPage['posts'][number];
export type SearchType = NonNullable<ApiQuery<'/search', 'get'>['type']>;

export const SEARCH_PAGE_SIZE = 10;

/** How long typing must pause before the words are sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * GET /search (session). `signal` is TanStack Query's: it aborts when nobody wants this query
 * any more (the words or the tab changed, the page closed), which cancels the request in flight.
 */
export function searchPage(q: string, type: SearchType, cursor?: string, signal?: AbortSignal): Promise<SearchPage> {
  return api.get('/search', { query: { q, type, limit: SEARCH_PAGE_SIZE, ...(cursor && { cursor }) }, signal });
}

export function searchQueryOptions(q: string, type: SearchType) {
  return infiniteQueryOptions({
    queryKey: ['search', type, q] as const,
    queryFn: ({ pageParam, signal }) => searchPage(q, type, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
  });
}

/**
 * Results as the user types: the text is tidied and sent once it has settled for
 * SEARCH_DEBOUNCE_MS, and only when the server would search it (a word of 3 letters).
 * While new words load, the previous results of the same tab stay on screen (`isPlaceholderData`).
 */
export function useSearch(text: string, type: SearchType) {
  const settled = useDebouncedValue(tidySearch(text), SEARCH_DEBOUNCE_MS);
  const searchable = isSearchable(settled);
  const query = useInfiniteQuery({
    ...searchQueryOptions(settled, type),
    enabled: searchable,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === type ? previous : undefined),
  });
  return { query, settled, searchable };
}

/** The texts of a failed search: the server's own words for a 400 ("Type at least 3 letters to search."). */
export const searchErrors: ErrorCatalogue = {
  byStatus: { 400: serverMessageOr(TOO_SHORT), 500: SERVER_ERROR },
  network: NETWORK_ERROR,
  fallback: UNEXPECTED_ERROR,
};
