import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { promotionsErrorText, useMyPromotions, type PromotionFilter } from '../api/my-promotions';
import { CATEGORIES, STATUSES, badgeTone, pageState, statusLabel } from '../api/statuses';
import './promotion.css';

/** Spec part 2 §9: page sizes, 10 first. */
const PAGE_SIZES = [5, 10, 25, 50] as const;
const NO_FILTER: PromotionFilter = { category: '', status: '' };

const DATE = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
const formatDate = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? DATE.format(t) : '';
};
const categoryLabel = (value: string) => CATEGORIES.find((c) => c.value === value)?.label ?? value;

/** The Category and Status filters, applied only on Apply; Reset clears them. */
function Filters({ applied, onApply }: { applied: PromotionFilter; onApply: (f: PromotionFilter) => void }) {
  const [draft, setDraft] = useState(applied);
  return (
    <form
      className="promo-filters promo-form"
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <label>
        Category
        <select value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.target.value })}>
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>{c.label}</option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as PromotionFilter['status'] })}>
          <option value="">All statuses</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>{statusLabel(s)}</option>
          ))}
        </select>
      </label>
      <div className="promo-durations">
        <Button type="submit">Apply</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(NO_FILTER);
            onApply(NO_FILTER);
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}

/** /user/promotions (spec part 2 §2): the caller's promotions, filtered and paged. */
export function MyPromotionsPage() {
  const [filter, setFilter] = useState<PromotionFilter>(NO_FILTER);
  const [showFilters, setShowFilters] = useState(false);
  const [limit, setLimit] = useState(10);
  const [offset, setOffset] = useState(0);
  const list = useMyPromotions({ ...filter, limit, offset });
  const total = list.data?.total ?? 0;
  const rows = list.data?.data ?? [];
  const paging = pageState(offset, limit, total);

  return (
    <div className="promo-page">
      <h1>My Promotions</h1>
      <Button variant="secondary" aria-expanded={showFilters} onClick={() => setShowFilters(!showFilters)}>
        {showFilters ? 'Hide Filters' : 'Filters'}
      </Button>
      {showFilters && (
        <Filters
          applied={filter}
          onApply={(f) => {
            setFilter(f);
            setOffset(0);
          }}
        />
      )}
      {list.isPending && <Spinner label="Loading promotions..." />}
      {list.isError && <p role="alert" className="error-text">{promotionsErrorText(list.error)}</p>}
      {list.data && rows.length === 0 && <p className="muted">No promotions found. Create your first promotion to get started!</p>}
      {rows.length > 0 && (
        <div className="promo-table-wrap">
          <table className="promo-table">
            <thead>
              <tr>
                <th scope="col">Promotion</th>
                <th scope="col">Category</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td>
                    <strong>{p.title || 'Untitled Promotion'}</strong>
                    {p.package_name && <div className="muted">{p.package_name}</div>}
                    {p.impressions !== null && p.plays !== null && (
                      <div className="muted">{p.impressions} impressions · {p.plays} plays</div>
                    )}
                  </td>
                  <td>{categoryLabel(p.category)}</td>
                  <td>
                    <span className={`status-badge status-${badgeTone(p.status)}`}>{statusLabel(p.status)}</span>
                    {p.status === 'rejected' && p.reason && <div className="muted">Reason: {p.reason}</div>}
                  </td>
                  <td>{formatDate(p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && (
        <div className="promo-pager">
          <span>Showing {paging.from} to {paging.to} of {total} results</span>
          <label>
            Per page{' '}
            <select
              value={limit}
              onChange={(e) => {
                setLimit(Number(e.target.value));
                setOffset(0);
              }}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </select>
          </label>
          <span className="promo-durations">
            <Button variant="secondary" disabled={!paging.hasPrevious} onClick={() => setOffset(Math.max(0, offset - limit))}>Previous</Button>
            <Button variant="secondary" disabled={!paging.hasNext} onClick={() => setOffset(offset + limit)}>Next</Button>
          </span>
        </div>
      )}
    </div>
  );
}
