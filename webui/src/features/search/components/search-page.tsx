import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Icon } from '@/components/ui/icons';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import type { SearchType } from '../api/search';
import { useRecentSearches } from '../recent-searches';
import { isSearchable } from '../search-text';
import { RecentSearchList } from './recent-search-list';
import { SearchResults } from './search-results';
import './search.css';

const TABS: { type: SearchType; label: string }[] = [
  { type: 'all', label: 'All' },
  { type: 'people', label: 'People' },
  { type: 'tracks', label: 'Tracks' },
  { type: 'videos', label: 'Videos' },
  { type: 'beats', label: 'Beats' },
];

/** The server refuses longer searches ("Search text must be at most 100 characters."). */
const MAX_LENGTH = 100;

function tabOf(value: string | null): SearchType {
  return TABS.find((t) => t.type === value)?.type ?? 'all';
}

/**
 * /search (spec part 1 §2 Search, issue 15): with an empty box, the recent searches kept on
 * this device; as the user types, results from GET /api/search in tabs All / People / Tracks /
 * Videos / Beats. The words and the tab live in the address (?q=&type=, replaced, not pushed),
 * so coming back from a result shows the same results. A search is remembered when it is
 * submitted or one of its results is opened.
 */
export function SearchPage() {
  const { data: profile } = useCurrentProfile();
  const recent = useRecentSearches(profile?.id ?? '');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const type = tabOf(params.get('type'));
  const box = useRef<HTMLInputElement>(null);

  // The address follows the box; the box is the source while the page is open.
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text) next.set('q', text);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [text, setParams]);

  const chooseTab = (t: SearchType) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (t === 'all') next.delete('type');
        else next.set('type', t);
        return next;
      },
      { replace: true },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isSearchable(text)) recent.add(text);
  };

  const pick = (search: string) => {
    setText(search);
    recent.add(search);
  };

  return (
    <section className="search-page">
      <form role="search" className="search-form" onSubmit={submit}>
        <label htmlFor="search-input" className="visually-hidden">
          Search
        </label>
        <input
          id="search-input"
          ref={box}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search people, tracks, videos and beats"
          maxLength={MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          autoFocus
        />
        {text && (
          <button
            type="button"
            className="icon-button"
            aria-label="Clear search text"
            onClick={() => {
              setText('');
              box.current?.focus();
            }}
          >
            <Icon name="close" />
          </button>
        )}
      </form>
      {text.trim() === '' ? (
        <RecentSearchList items={recent.items} onPick={pick} onRemove={recent.remove} onClear={recent.clear} />
      ) : (
        <>
          <div role="tablist" aria-label="Search results" className="tab-row search-tabs">
            {TABS.map((t) => (
              <button
                key={t.type}
                id={`search-tab-${t.type}`}
                type="button"
                role="tab"
                aria-selected={type === t.type}
                aria-controls="search-tabpanel"
                className={type === t.type ? 'active' : undefined}
                onClick={() => chooseTab(t.type)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="search-tabpanel" aria-labelledby={`search-tab-${type}`} className="search-tabpanel">
            <SearchResults text={text} type={type} onOpen={recent.add} />
          </div>
        </>
      )}
    </section>
  );
}
