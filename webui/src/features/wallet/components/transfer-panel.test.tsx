import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headersOf, mockApi, type ReplyTo } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { termsRoute } from '@/testing/terms';
import { TransferPanel } from './transfer-panel';

const routes = [{ path: '/dashboard', element: <TransferPanel onClose={() => {}} /> }];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile }, ...termsRoute() } as const;
const done = { message: 'Transfer successful', data: { id: 't1', amount: 1250.5, recipient: { id: 'u2', username: 'bola_beats' }, status: 'completed' } };

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, amount: string, note = '') {
  await user.type(screen.getByLabelText('Recipient email'), email);
  if (amount) await user.type(screen.getByLabelText('Amount (₦)'), amount);
  if (note) await user.type(screen.getByLabelText('Note (optional)'), note);
}

describe('Transfer Money', () => {
  it('keeps Continue disabled while the email is invalid or the amount empty', async () => {
    mockApi(me);
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user, 'not-an-email', '50');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Recipient email'));
    await user.clear(screen.getByLabelText('Amount (₦)'));
    await fill(user, 'bola@example.com', '');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.type(screen.getByLabelText('Amount (₦)'), '50');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('says "Please enter a valid email address" when the recipient email is not one', async () => {
    mockApi(me);
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user, 'bola@', '50');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Recipient email'), 'example.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('accepts thousands separators: "1,500" sends 1500', async () => {
    const { calls } = mockApi({ ...me, 'POST /wallet/transfer': { status: 201, body: done } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user, 'bola@example.com', '1,500');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByText('Enter an amount in naira with at most two decimals')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Confirm|Send/ }));
    await screen.findByText(/sent to bola_beats/);
    expect(JSON.parse(String(calls.find((c) => c.path === '/wallet/transfer')!.init.body)).amount).toBe(1500);
  });

  it('refuses an amount below ₦1 or with three decimals, sending nothing', async () => {
    const { calls } = mockApi(me);
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user, 'bola@example.com', '0.5');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Minimum transfer: ₦1')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount (₦)'));
    await user.type(screen.getByLabelText('Amount (₦)'), '1.005');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter an amount in naira with at most two decimals')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/wallet/transfer')).toHaveLength(0);
  });

  it('confirms, then sends once with an Idempotency-Key and shows the success', async () => {
    const { calls } = mockApi({ ...me, 'POST /wallet/transfer': { status: 201, body: done } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user, 'bola@example.com', '1250.50', 'For the session');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { name: 'Confirm Transfer' })).toBeInTheDocument();
    expect(screen.getByText('₦1,250.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Transfer' }));
    expect(await screen.findByRole('heading', { name: 'Transfer Successful' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('₦1,250.50 sent to bola_beats.');
    const sent = calls.filter((c) => c.path === '/wallet/transfer');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0].init.body))).toEqual({ email: 'bola@example.com', amount: 1250.5, note: 'For the session' });
    expect(headersOf(sent[0])['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('resends the same key after no answer, and a new one after a refusal', async () => {
    const replies: ReplyTo<'POST /wallet/transfer'>[] = [
      'network-error',
      { status: 404, body: { message: 'Recipient not found' } },
      { status: 201, body: done },
    ];
    const { calls } = mockApi({ ...me, 'POST /wallet/transfer': () => replies.shift() ?? 'network-error' });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user, 'bola@example.com', '10');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Transfer' }));
    expect(await screen.findByText('No response from server')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Recipient not found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'Transfer Successful' });
    const keys = calls.filter((c) => c.path === '/wallet/transfer').map((c) => headersOf(c)['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('says "Insufficient funds" on 406', async () => {
    mockApi({ ...me, 'POST /wallet/transfer': { status: 406, body: { message: 'Insufficient funds' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard');
    await fill(user, 'bola@example.com', '10');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Transfer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient funds');
  });
});
