import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import type { ReviewWithdrawal } from '../api/withdrawals-queue';
import { QueuesPage } from './queues-page';

const routes = [{ path: '/admin/queues', element: <QueuesPage /> }];

const lost: ReviewWithdrawal = {
  id: 'wd-1',
  user_id: 'u-1',
  username: 'ada_sings',
  amount: 1000,
  fee: 25,
  account_number: '0123456789',
  bank_code: '058',
  bank_name: 'Guaranty Trust Bank',
  status: 'pending',
  transfer_id: null,
  message: null,
  created_at: '2026-11-20T10:00:00Z',
};

const queued: ReviewWithdrawal = { ...lost, id: 'wd-2', amount: 5000, transfer_id: '42' };

const name = '₦1,000.00 to Guaranty Trust Bank 0123456789';

describe('withdrawals review queue', () => {
  it('lists withdrawals in review with what the provider knows, and looks again', async () => {
    const { calls } = mockApi({
      'GET /admin/withdrawals': { status: 200, body: { withdrawals: [lost, queued], total: 2 } },
      'POST /admin/withdrawals/wd-1/recheck': {
        status: 200,
        body: { message: "Still pending: the provider's transfers list does not show this reference.", withdrawal: lost },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=withdrawals');
    const row = (await screen.findByText(name)).closest('tr')!;
    expect(within(row).getByText('ada_sings')).toBeInTheDocument();
    expect(within(row).getByText('Not found at the provider')).toBeInTheDocument();
    expect(screen.getByText('Transfer 42')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Look again' }));
    expect(
      await screen.findByText(`${name}: Still pending: the provider's transfers list does not show this reference.`),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/withdrawals/wd-1/recheck')).toHaveLength(1);
  });

  it('marks one failed only after a confirmation with a reason, and shows the refund', async () => {
    let pending = [lost];
    const { calls } = mockApi({
      'GET /admin/withdrawals': () => ({ status: 200, body: { withdrawals: pending, total: pending.length } }),
      'POST /admin/withdrawals/wd-1/fail': () => {
        pending = [];
        return {
          status: 200,
          body: { message: 'Withdrawal marked failed: ₦1,025.00 refunded to ada_sings.', withdrawal: { ...lost, status: 'failed' } },
        };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=withdrawals');
    const row = (await screen.findByText(name)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Mark failed' }));
    const dialog = screen.getByRole('dialog', { name: `Mark failed: ${name}` });
    expect(within(dialog).getByText(/₦1,025.00 goes back to ada_sings's wallet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/withdrawals/wd-1/fail')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Dashboard shows it failed');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByText('Withdrawal marked failed: ₦1,025.00 refunded to ada_sings.')).toBeInTheDocument();
    expect(await screen.findByText('No withdrawals need review.')).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/admin/withdrawals/wd-1/fail');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0].init.body))).toEqual({ reason: 'Dashboard shows it failed' });
  });

  it('marks one completed, and shows the 409 when the provider says otherwise', async () => {
    mockApi({
      'GET /admin/withdrawals': { status: 200, body: { withdrawals: [queued], total: 1 } },
      'POST /admin/withdrawals/wd-2/complete': {
        status: 409,
        body: { message: 'The payment provider reports this transfer FAILED: it cannot be marked completed' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=withdrawals');
    const row = (await screen.findByText('₦5,000.00 to Guaranty Trust Bank 0123456789')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Mark completed' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Mark completed' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Reason'), 'The bank confirmed it');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark completed' }));
    expect(
      await screen.findByText('The payment provider reports this transfer FAILED: it cannot be marked completed'),
    ).toBeInTheDocument();
  });

  it('says when none need review', async () => {
    mockApi({ 'GET /admin/withdrawals': { status: 200, body: { withdrawals: [], total: 0 } } });
    renderRoutes(routes, '/admin/queues?tab=withdrawals');
    expect(await screen.findByText('No withdrawals need review.')).toBeInTheDocument();
  });
});
