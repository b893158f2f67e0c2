import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Answer, headersOf, mockApi, type ReplyTo } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { TEST_TERMS, termsRoute } from '@/testing/terms';
import { WithdrawPanel } from './withdraw-panel';

const routes = [{ path: '/dashboard', element: <WithdrawPanel onClose={() => {}} /> }];
const base = {
  'GET /user/profile': { status: 200, body: sampleProfile },
  ...termsRoute(),
  'GET /payment/banks': { status: 200, body: { banks: [{ code: '044', name: 'Access Bank' }, { code: '058', name: 'Guaranty Trust Bank' }] } },
  'POST /payment/resolve-account': { status: 200, body: { account_name: 'ADA OKAFOR', account_number: '0123456789', bank_code: '058' } },
} as const;
const created: Answer<'POST /payment/withdrawal', 201> = { data: { tx_ref: 'wd-1', amount: 1000, fee: 25, bank_name: 'Guaranty Trust Bank', status: 'pending' } };

async function fill(user: ReturnType<typeof userEvent.setup>, amount = '1000', account = '0123456789') {
  await user.type(screen.getByLabelText('Amount (₦)'), amount);
  await screen.findByRole('option', { name: 'Guaranty Trust Bank' });
  await user.selectOptions(screen.getByLabelText('Bank'), '058');
  await user.type(screen.getByLabelText('Account number'), account);
}

const wallet = (balance: number): ReplyTo<'GET /wallet'> => ({ status: 200, body: { balance, currency: 'NGN', recent: [], totals: { purchases: 0, sales: 0, deposits: 0 } } });

describe('Withdraw Funds', () => {
  it('tells a ₦0 wallet it cannot withdraw before any field is filled', async () => {
    const { calls } = mockApi({ ...base, 'GET /wallet': wallet(0) });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your balance is ₦0.00. A withdrawal needs at least ₦125.00 in your wallet: the ₦100.00 minimum and the ₦25.00 fee.',
    );
    expect(screen.queryByLabelText('Amount (₦)')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/payment/withdrawal')).toHaveLength(0);
  });

  it('offers the form once the balance covers the minimum and the fee', async () => {
    mockApi({ ...base, 'GET /wallet': wallet(125) });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByLabelText('Amount (₦)')).toBeInTheDocument();
    expect(screen.queryByText(/A withdrawal needs at least/)).not.toBeInTheDocument();
  });

  it('shows and checks the minimum and fee the terms serve', async () => {
    mockApi({ ...base, ...termsRoute({ ...TEST_TERMS, withdrawal: { minimum: 250, fee: 30.5 } }) });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Minimum withdrawal: ₦250')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (₦)'), '200');
    const form = screen.getByRole('form', { name: 'Withdraw Funds' });
    expect(form).toHaveTextContent('Fee₦30.50');
    expect(form).toHaveTextContent('Total₦230.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Minimum withdrawal: ₦250', { selector: '.field-error' })).toBeInTheDocument();
  });

  it('shows the minimum, every bank, the fee and the total as the amount is typed', async () => {
    mockApi(base);
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('Minimum withdrawal: ₦100')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Access Bank' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (₦)'), '1000.50');
    const form = screen.getByRole('form', { name: 'Withdraw Funds' });
    expect(form).toHaveTextContent('Fee₦25.00');
    expect(form).toHaveTextContent('Total₦1,025.50');
  });

  it('refuses less than ₦100, no bank, and an account number that is not 10 digits, sending nothing', async () => {
    const { calls } = mockApi(base);
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await screen.findByText('Minimum withdrawal: ₦100');
    await user.type(screen.getByLabelText('Amount (₦)'), '99.99');
    await user.type(screen.getByLabelText('Account number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Minimum withdrawal: ₦100', { selector: '.field-error' })).toBeInTheDocument();
    expect(screen.getByText('Please select a bank')).toBeInTheDocument();
    expect(screen.getByText('Account number must be exactly 10 digits')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/payment/withdrawal' || c.path === '/payment/resolve-account')).toHaveLength(0);
  });

  it('shows the resolved account name, confirms with fee and total, and ends on Withdrawal Successful', async () => {
    const { calls } = mockApi({ ...base, 'POST /payment/withdrawal': { status: 201, body: created } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user);
    expect(await screen.findByTestId('account-name')).toHaveTextContent('ADA OKAFOR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = screen.getByRole('region', { name: 'Confirm Withdrawal' });
    expect(within(confirm).getByTestId('withdraw-total')).toHaveTextContent('₦1,025.00');
    expect(confirm).toHaveTextContent('0123456789 · ADA OKAFOR');
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByRole('heading', { name: 'Withdrawal Successful' })).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/payment/withdrawal');
    expect(JSON.parse(String(sent[0].init.body))).toEqual({ amount: 1000, bankCode: '058', accountNumber: '0123456789', save: false });
    expect(headersOf(sent[0])['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await user.click(screen.getByRole('button', { name: 'Make Another Withdrawal' }));
    expect(screen.getByLabelText('Amount (₦)')).toHaveValue('');
  });

  it('asks for the mailed code for a new account and sends the same request again with otp', async () => {
    const replies: ReplyTo<'POST /payment/withdrawal'>[] = [{ status: 202, body: { step_up: true, message: 'We sent a code to your email' } }, { status: 201, body: created }];
    const { calls } = mockApi({ ...base, 'POST /payment/withdrawal': () => replies.shift() ?? { status: 500 } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user);
    await screen.findByTestId('account-name');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByText('We sent a code to your email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Code' })).toBeDisabled();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm Code' }));
    await screen.findByRole('heading', { name: 'Withdrawal Successful' });
    const bodies = calls.filter((c) => c.path === '/payment/withdrawal').map((c) => JSON.parse(String(c.init.body)));
    expect(bodies[1]).toEqual({ ...bodies[0], otp: '123456' });
  });

  it('shows the spec texts for 406 and 401', async () => {
    const replies: ReplyTo<'POST /payment/withdrawal'>[] = [
      { status: 406, body: { message: 'Insufficient funds' } },
      { status: 401, body: { message: 'Unauthorized' } },
    ];
    mockApi({ ...base, 'POST /payment/withdrawal': () => replies.shift() ?? { status: 500 } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user);
    await screen.findByTestId('account-name');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient funds');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Authentication failed - please login again')).toBeInTheDocument();
  });
});
