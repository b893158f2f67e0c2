import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Answer, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { MyPromotionsPage } from './my-promotions-page';

const routes = [{ path: '/user/promotions', element: <MyPromotionsPage /> }];
type Promotion = Answer<'GET /packages/myPromotions'>['data'][number];
const promo = (i: number, over: Partial<Promotion> = {}): Promotion => ({
  id: `p-${i}`, title: `Promo ${i}`, package_name: 'In-App Promotion', category: 'in_app', status: 'pending', reason: '', price: 5000, days: 7,
  created_at: '2026-11-20T10:00:00Z', start_date: null, end_date: null, post_id: `a-${i}`, impressions: 12, plays: 3, ...over,
});

/** Serves `total` promotions, sliced by the query's offset and limit; records each query. */
function serve(total: number) {
  const queries: Array<Record<string, string>> = [];
  const all = Array.from({ length: total }, (_, i) => promo(i + 1));
  mockApi({
    // The recorded call drops the query string: read it from the request being answered.
    'GET /packages/myPromotions': (call) => {
      const url = new URL(call.url);
      const q = Object.fromEntries(url.searchParams);
      queries.push(q);
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 10);
      return { status: 200, body: { data: all.slice(offset, offset + limit), total } };
    },
  });
  return queries;
}

describe('/user/promotions', () => {
  it('shows the table, "Showing 1 to 10 of 23 results", and pages with Previous and Next', async () => {
    const queries = serve(23);
    const user = userEvent.setup();
    renderRoutes(routes, '/user/promotions');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Promotion', 'Category', 'Status', 'Date']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21 to 23 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(queries.map((q) => q.offset)).toEqual(['0', '10', '20']);
  });

  it('offers page sizes 5, 10, 25 and 50 and starts again from the first page on a change', async () => {
    const queries = serve(23);
    const user = userEvent.setup();
    renderRoutes(routes, '/user/promotions');
    const size = await screen.findByRole('combobox', { name: 'Per page' });
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '25', '50']);
    expect(size).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 11 to 20 of 23 results');
    await user.selectOptions(size, '25');
    expect(await screen.findByText('Showing 1 to 23 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(queries[queries.length - 1]).toMatchObject({ limit: '25', offset: '0' });
  });

  it('filters by category and status only on Apply, and Reset clears them', async () => {
    const queries = serve(3);
    const user = userEvent.setup();
    renderRoutes(routes, '/user/promotions');
    await screen.findByRole('table');
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'in_app');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
    expect(queries).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(queries[queries.length - 1]).toMatchObject({ category: 'in_app', status: 'active', offset: '0' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await vi.waitFor(() => expect(queries[queries.length - 1]).not.toHaveProperty('category'));
    expect(queries[queries.length - 1]).not.toHaveProperty('status');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  });

  it('colours the badges: green active/completed, amber pending, red expired/failed/rejected, and says why one was rejected', async () => {
    const statuses = ['active', 'completed', 'pending', 'expired', 'failed', 'rejected'] as const;
    const reason = (status: string) => (status === 'rejected' ? 'The song link does not open' : '');
    mockApi({ 'GET /packages/myPromotions': { status: 200, body: { total: 6, data: statuses.map((status, i) => promo(i, { status, reason: reason(status), title: status === 'failed' ? '' : `Promo ${i}` })) } } });
    renderRoutes(routes, '/user/promotions');
    await screen.findByRole('table');
    const label = (status: string) => status[0].toUpperCase() + status.slice(1);
    const tone = (status: string) => screen.getByText(label(status), { selector: '.status-badge' }).className.replace('status-badge ', '');
    expect(screen.getByText('Rejected', { selector: '.status-badge' })).toBeInTheDocument();
    expect(screen.queryByText('Cancelled')).not.toBeInTheDocument();
    expect(screen.getByText('Reason: The song link does not open')).toBeInTheDocument();
    expect(statuses.map(tone)).toEqual(['status-green', 'status-green', 'status-amber', 'status-red', 'status-red', 'status-red']);
    expect(screen.getByText('Untitled Promotion')).toBeInTheDocument();
    expect(screen.getAllByText('12 impressions · 3 plays')).toHaveLength(6);
    expect(screen.getAllByText('In-App').length).toBe(6);
  });

  it('shows the empty text', async () => {
    mockApi({ 'GET /packages/myPromotions': { status: 200, body: { data: [], total: 0 } } });
    renderRoutes(routes, '/user/promotions');
    expect(await screen.findByText('No promotions found. Create your first promotion to get started!')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
  });

  it('shows the error in red', async () => {
    mockApi({ 'GET /packages/myPromotions': { status: 500, body: { message: 'Server error. Please try again later.' } } });
    renderRoutes(routes, '/user/promotions');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch promotions');
    expect(alert).toHaveClass('error-text');
  });
});
