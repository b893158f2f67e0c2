import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { termsRoute } from '@/testing/terms';
import { DashboardPage } from './dashboard-page';

const routes = [{ path: '/dashboard', element: <DashboardPage /> }];
const page = (overrides = {}) => ({ total: 1, totalPages: 1, currentPage: 1, hasNext: false, hasPrev: false, next: null, ...overrides });
const me = { 'GET /user/profile': { status: 200, body: sampleProfile }, ...termsRoute() } as const;

const entry = (id: string, type: 'purchase' | 'sale' | 'deposit', amount: number, counterparty = ''): Answer<'GET /wallet'>['recent'][number] => ({
  id,
  type,
  amount,
  direction: type === 'purchase' ? 'out' : 'in',
  counterparty,
  date: '2026-03-01T12:00:00Z',
  status: 'completed',
  reference: `ref-${id}`,
  link: null,
});

const wallet: Answer<'GET /wallet'> = {
  balance: 4001.5,
  currency: 'NGN',
  recent: [entry('e3', 'sale', 899.1, 'ada_sings'), entry('e2', 'purchase', 999, 'kel_on_the_beat'), entry('e1', 'deposit', 5000, 'Bank transfer')],
  totals: { purchases: 999, sales: 899.1, deposits: 5000 },
};
const account = (expiresAt: string | null) => ({
  data: { accountNumber: '7824822527', bankName: 'WEMA BANK', reference: 'zuum-dep-1', amount: 5000, expiresAt },
});

describe('/dashboard', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the balance, the totals and the 3 most recent entries in naira (en-NG)', async () => {
    mockApi({ ...me, 'GET /wallet': { status: 200, body: wallet } });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦4,001.50');
    const tiles = Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(tiles).toMatchObject({ Purchases: '₦999.00', Sales: '₦899.10', Deposits: '₦5,000.00' });
    const recent = within(screen.getByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem');
    expect(recent.map((li) => li.querySelector('.wallet-entry-title')?.textContent)).toEqual([
      'Sold a beat to ada_sings',
      'Bought a beat from kel_on_the_beat',
      'Deposit by bank transfer',
    ]);
    expect(recent[1]).toHaveTextContent('−₦999.00');
  });

  it('Send opens Transfer Money and Withdraw opens Withdraw Funds, one panel at a time', async () => {
    mockApi({ ...me, 'GET /wallet': { status: 200, body: wallet }, 'GET /payment/banks': { status: 200, body: { banks: [] } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await screen.findByTestId('wallet-balance');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('form', { name: 'Transfer Money' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    // Withdraw Funds loads with its first opening.
    expect(await screen.findByRole('form', { name: 'Withdraw Funds' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Transfer Money' })).not.toBeInTheDocument();
  });

  it('asks the history again while an entry is pending, and stops once it settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = { ...entry('w1', 'deposit', 500), type: 'withdrawal', direction: 'out', status: 'pending' } as const;
    const answers = [pending, { ...pending, status: 'completed' as const }];
    const { calls } = mockApi({
      ...me,
      'GET /wallet': { status: 200, body: wallet },
      'GET /wallet/transactions': () => ({ status: 200, body: { transactions: [answers.length > 1 ? answers.shift()! : answers[0]], pagination: page() } }),
    });
    renderRoutes(routes, '/dashboard?view=history');
    expect(await screen.findByText('pending')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5100);
    expect(await screen.findByText('completed')).toBeInTheDocument();
    const asked = calls.filter((c) => c.path === '/wallet/transactions').length;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls.filter((c) => c.path === '/wallet/transactions')).toHaveLength(asked);
  });

  it('opens Deposit Funds with the open temporary account and its countdown', async () => {
    const expiresAt = new Date(Date.now() + 50 * 60_000 + 30_000).toISOString();
    const { calls } = mockApi({
      ...me,
      'GET /wallet': { status: 200, body: wallet },
      'GET /payment/deposit-account': { status: 200, body: account(expiresAt) },
      'GET /payment/deposit-account/permanent': { status: 404, body: { message: 'No Account Details' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Deposit' }));
    const panel = await screen.findByRole('region', { name: 'Deposit Funds' });
    expect(await within(panel).findByText('7824822527')).toBeInTheDocument();
    expect(panel).toHaveTextContent('WEMA BANK');
    expect(panel).toHaveTextContent('zuum-dep-1');
    expect(panel).toHaveTextContent('Temporary Account');
    expect(panel).toHaveTextContent(/Expires in 50m \d\ds/);
    expect(calls.filter((c) => c.path === '/payment/deposit-account')).toHaveLength(1);
  });

  it('View All opens the history; a filter asks for that type; Load more follows the cursor', async () => {
    const { fetchMock } = mockApi({
      ...me,
      'GET /wallet': { status: 200, body: wallet },
      'GET /wallet/transactions': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]));
        const type = url.searchParams.get('type');
        if (type === 'sale' && !url.searchParams.get('cursor')) {
          return { status: 200, body: { transactions: [entry('s2', 'sale', 100, 'tunde_flows')], pagination: page({ hasNext: true, next: 'k2' }) } };
        }
        if (type === 'sale') return { status: 200, body: { transactions: [entry('s1', 'sale', 50, 'ada_sings')], pagination: page() } };
        return { status: 200, body: { transactions: wallet.recent, pagination: page() } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'View All' }));
    expect(await screen.findByRole('heading', { name: 'Transaction History' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByText('Deposit by bank transfer');
    await user.click(screen.getByRole('button', { name: 'Sale' }));
    expect(await screen.findByText('Sold a beat to tunde_flows')).toBeInTheDocument();
    expect(screen.queryByText('Deposit by bank transfer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Sold a beat to ada_sings')).toBeInTheDocument();
    const queries = fetchMock.mock.calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname.endsWith('/wallet/transactions'))
      .map((u) => Object.fromEntries(u.searchParams));
    expect(queries).toEqual([{ limit: '20' }, { limit: '20', type: 'sale' }, { limit: '20', type: 'sale', cursor: 'k2' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });
});
