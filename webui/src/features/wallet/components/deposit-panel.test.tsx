import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, headersOf, mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { termsRoute } from '@/testing/terms';
import { DepositPanel } from './deposit-panel';

const routes = [{ path: '/dashboard', element: <DepositPanel /> }];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;
const noAccount = { status: 404, body: { message: 'No Account Details' } };
const emptyWallet: Answer<'GET /wallet'> = { balance: 0, currency: 'NGN', recent: [], totals: { purchases: 0, sales: 0, deposits: 0 } };
const details = (amount: number, minutesLeft = 60) => ({
  accountNumber: '7824822527',
  bankName: 'WEMA BANK',
  reference: 'zuum-dep-1',
  amount,
  expiresAt: new Date(Date.now() + minutesLeft * 60_000).toISOString(),
});
const deposit = (reference: string, amount: number): Answer<'GET /wallet'>['recent'][number] => ({
  id: 'e1',
  type: 'deposit',
  amount,
  direction: 'in',
  counterparty: 'Bank transfer',
  date: '2026-03-01T12:00:00Z',
  status: 'completed',
  reference,
  link: null,
});

describe('Deposit Funds', () => {
  afterEach(() => vi.useRealTimers());

  it('asks how much first, then shows a fresh account for that amount as a Temporary Account (not Expiring Soon)', async () => {
    const { calls } = mockApi({
      ...me,
      ...termsRoute(),
      'GET /wallet': { status: 200, body: emptyWallet },
      'GET /payment/deposit-account': noAccount,
      'GET /payment/deposit-account/permanent': noAccount,
      'POST /payment/deposit-account': { status: 201, body: { data: details(2500) } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('No Account Details')).toBeInTheDocument();
    expect(await screen.findByText('Minimum deposit: ₦100.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount to deposit (₦)'), '50');
    await user.click(screen.getByRole('button', { name: 'Get Account Details' }));
    expect(screen.getByText('Minimum deposit: ₦100.00', { selector: '.field-error' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Amount to deposit (₦)'));
    await user.type(screen.getByLabelText('Amount to deposit (₦)'), '2500');
    await user.click(screen.getByRole('button', { name: 'Get Account Details' }));
    expect(await screen.findByText('7824822527')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-state')).toHaveTextContent('Temporary Account');
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent('₦2,500.00');
    const post = calls.find((c) => c.method === 'POST' && c.path === '/payment/deposit-account');
    expect(JSON.parse(String(post?.init.body))).toEqual({ amount: 2500 });
    expect(headersOf(post!)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's minimum when the terms are not loaded yet", async () => {
    mockApi({
      ...me,
      'GET /terms': 'pending',
      'GET /wallet': { status: 200, body: emptyWallet },
      'GET /payment/deposit-account': noAccount,
      'GET /payment/deposit-account/permanent': noAccount,
      'POST /payment/deposit-account': {
        status: 400,
        body: { message: 'Minimum deposit: ₦100', errors: [{ field: 'amount', msg: 'Minimum deposit: ₦100' }] },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await user.type(await screen.findByLabelText('Amount to deposit (₦)'), '20');
    await user.click(screen.getByRole('button', { name: 'Get Account Details' }));
    expect(await screen.findByText('Minimum deposit: ₦100')).toBeInTheDocument();
  });

  it('turns Paid when the wallet shows the deposit with the account reference, and lets the user open a new one', async () => {
    let paid = false;
    mockApi({
      ...me,
      ...termsRoute(),
      'GET /wallet': () => ({ status: 200, body: paid ? { ...emptyWallet, balance: 2500, recent: [deposit('zuum-dep-1', 2500)] } : emptyWallet }),
      'GET /payment/deposit-account': () => (paid ? noAccount : { status: 200, body: { data: details(2500) } }),
      'GET /payment/deposit-account/permanent': noAccount,
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('deposit-state')).toHaveTextContent('Temporary Account');
    paid = true;
    await vi.advanceTimersByTimeAsync(5100);
    await waitFor(() => expect(screen.getByTestId('deposit-state')).toHaveTextContent('Paid'));
    expect(screen.queryByText('7824822527')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open a New Account' }));
    expect(screen.getByLabelText('Amount to deposit (₦)')).toBeInTheDocument();
  });

  it('reads Expiring Soon with under 10 minutes left', async () => {
    mockApi({
      ...me,
      ...termsRoute(),
      'GET /wallet': { status: 200, body: emptyWallet },
      'GET /payment/deposit-account': { status: 200, body: { data: details(1000, 9) } },
      'GET /payment/deposit-account/permanent': noAccount,
    });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('deposit-state')).toHaveTextContent('Expiring Soon');
  });

  it('opens the permanent account with a BVN, then shows only its last 4 digits', async () => {
    const { calls } = mockApi({
      ...me,
      ...termsRoute(),
      'GET /wallet': { status: 200, body: emptyWallet },
      'GET /payment/deposit-account': noAccount,
      'GET /payment/deposit-account/permanent': noAccount,
      'POST /payment/deposit-account/permanent': { status: 201, body: { data: { accountNumber: '7899999999', bankName: 'WEMA BANK', bvnLast4: '4455' } } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Get a Permanent Account Number' }));
    await user.type(screen.getByLabelText('BVN'), '2223334445');
    await user.click(screen.getByRole('button', { name: 'Open Permanent Account' }));
    expect(screen.getByText('BVN must be exactly 11 digits')).toBeInTheDocument();
    await user.type(screen.getByLabelText('BVN'), '5');
    await user.click(screen.getByRole('button', { name: 'Open Permanent Account' }));
    const section = await screen.findByRole('region', { name: 'Permanent Account' });
    expect(within(section).getByTestId('permanent-number')).toHaveTextContent('7899999999');
    expect(section).toHaveTextContent('ending 4455');
    expect(document.body).not.toHaveTextContent('22233344455');
    const posts = calls.filter((c) => c.path === '/payment/deposit-account/permanent' && c.method === 'POST');
    expect(posts.map((c) => JSON.parse(String(c.init.body)))).toEqual([{ bvn: '22233344455' }]);
  });
});
