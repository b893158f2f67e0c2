import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  clearRecentSearches,
  listRecentSearches,
  RECENT_SEARCHES_LIMIT,
  recentSearchesKey,
  removeRecentSearch,
  useRecentSearches,
} from './recent-searches';

describe('recent searches, kept on the device', () => {
  it('keeps searches newest first, tidied, and ignores blanks', () => {
    addRecentSearch('u-1', 'ada');
    addRecentSearch('u-1', '  tems   new ');
    addRecentSearch('u-1', '   ');

    expect(listRecentSearches('u-1')).toEqual(['tems new', 'ada']);
    expect(JSON.parse(localStorage.getItem(recentSearchesKey('u-1')) ?? '')).toEqual(['tems new', 'ada']);
  });

  it('moves a repeated search to the top, one entry for spellings that differ in case or marks', () => {
    addRecentSearch('u-1', 'Ọlá');
    addRecentSearch('u-1', 'ada');
    addRecentSearch('u-1', 'OLA');

    expect(listRecentSearches('u-1')).toEqual(['OLA', 'ada']);
  });

  it(`keeps the ${RECENT_SEARCHES_LIMIT} newest`, () => {
    for (let i = 1; i <= RECENT_SEARCHES_LIMIT + 2; i++) addRecentSearch('u-1', `search ${i}`);

    const list = listRecentSearches('u-1');
    expect(list).toHaveLength(RECENT_SEARCHES_LIMIT);
    expect(list[0]).toBe(`search ${RECENT_SEARCHES_LIMIT + 2}`);
    expect(list).not.toContain('search 2');
  });

  it('removes exactly the one asked and clears them all', () => {
    ['ada', 'tems', 'kel'].forEach((s) => addRecentSearch('u-1', s));

    removeRecentSearch('u-1', 'tems');
    expect(listRecentSearches('u-1')).toEqual(['kel', 'ada']);

    clearRecentSearches('u-1');
    expect(listRecentSearches('u-1')).toEqual([]);
    expect(localStorage.getItem(recentSearchesKey('u-1'))).toBeNull();
  });

  it('keeps one list per account', () => {
    addRecentSearch('u-1', 'ada');
    addRecentSearch('u-2', 'tems');

    expect(listRecentSearches('u-1')).toEqual(['ada']);
    expect(listRecentSearches('u-2')).toEqual(['tems']);
  });

  it('reads a damaged entry as no searches, and starts over when one is added', () => {
    localStorage.setItem(recentSearchesKey('u-1'), '{not json');
    expect(listRecentSearches('u-1')).toEqual([]);
    localStorage.setItem(recentSearchesKey('u-1'), JSON.stringify(['ada', 7, null, '']));
    expect(listRecentSearches('u-1')).toEqual(['ada']);

    addRecentSearch('u-1', 'tems');
    expect(listRecentSearches('u-1')).toEqual(['tems', 'ada']);
  });

  it('gives React the list and renders again on each change, here or in another tab', () => {
    const { result } = renderHook(() => useRecentSearches('u-1'));
    expect(result.current.items).toEqual([]);

    act(() => result.current.add('ada'));
    expect(result.current.items).toEqual(['ada']);
    const before = result.current.items;

    act(() => {
      localStorage.setItem(recentSearchesKey('u-1'), JSON.stringify(['tems', 'ada']));
      window.dispatchEvent(new StorageEvent('storage', { key: recentSearchesKey('u-1') }));
    });
    expect(result.current.items).toEqual(['tems', 'ada']);
    expect(result.current.items).not.toBe(before);

    act(() => result.current.remove('ada'));
    expect(result.current.items).toEqual(['tems']);
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
  });
});
