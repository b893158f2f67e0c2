import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { LedgerPage } from './ledger-page';

const routes = [{ path: '/admin/ledger', element: <LedgerPage /> }];

const healthy = {
  sum: 0,
  accounts: { 'platform#fees': 5000, 'platform#held': 21428.57, 'platform#provider-clearing': -26428.57 },
  unbalanced: [],
  drifted: [],
  negative: [],
  movements: 12,
  healthy: true,
  provider: { balance: 26428.57, clearing: 26428.57, drift: 0 },
};

describe('ledger health', () => {
  it('says the ledger is balanced and lists the platform accounts', async () => {
    mockApi({ 'GET /admin/ledger': { status: 200, body: healthy } });
    renderRoutes(routes, '/admin/ledger');
    expect(await screen.findByText('The ledger is balanced: all balances sum to ₦0.00 over 12 movements.')).toBeInTheDocument();
    expect(within(screen.getByText('platform#held').closest('tr')!).getByText('₦21,428.57')).toBeInTheDocument();
    expect(within(screen.getByText('platform#provider-clearing').closest('tr')!).getByText('-₦26,428.57')).toBeInTheDocument();
    expect(screen.getByText('No movement is unbalanced.')).toBeInTheDocument();
    expect(screen.getByText('Every balance is the sum of its entries.')).toBeInTheDocument();
    expect(screen.getByText('No user account is below zero.')).toBeInTheDocument();
    expect(screen.getByText('The books agree with the payment provider: no drift.')).toBeInTheDocument();
    expect(within(screen.getByText('Provider balance').closest('tr')!).getByText('₦26,428.57')).toBeInTheDocument();
    expect(within(screen.getByText('Drift').closest('tr')!).getByText('₦0.00')).toBeInTheDocument();
  });

  it('flags a drift from the payment provider', async () => {
    mockApi({ 'GET /admin/ledger': { status: 200, body: { ...healthy, provider: { balance: 26414.57, clearing: 26428.57, drift: -14 } } } });
    renderRoutes(routes, '/admin/ledger');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The books drift from the payment provider by -₦14.00: it holds ₦26,414.57, the books say ₦26,428.57.',
    );
    expect(within(screen.getByText('Drift').closest('tr')!).getByText('-₦14.00')).toBeInTheDocument();
  });

  it('says when the payment provider could not be asked', async () => {
    const provider = { balance: null, clearing: 26428.57, drift: null, error: 'The payment provider could not be asked for its balance.' };
    mockApi({ 'GET /admin/ledger': { status: 200, body: { ...healthy, provider } } });
    renderRoutes(routes, '/admin/ledger');
    expect(await screen.findByText('The payment provider could not be asked for its balance.')).toBeInTheDocument();
    expect(within(screen.getByText('Provider balance').closest('tr')!).getByText('Unknown')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an unhealthy ledger in red with what is wrong', async () => {
    mockApi({
      'GET /admin/ledger': {
        status: 200,
        body: { ...healthy, sum: 10, accounts: {}, unbalanced: ['mv-9'], drifted: ['user#u-1'], negative: ['user#u-2'], healthy: false },
      },
    });
    renderRoutes(routes, '/admin/ledger');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The ledger is not healthy: all balances sum to ₦10.00; 1 unbalanced movement(s), 1 drifted account(s), 1 negative account(s).',
    );
    expect(screen.getByText('mv-9')).toBeInTheDocument();
    expect(screen.getByText('user#u-1')).toBeInTheDocument();
    expect(screen.getByText('user#u-2')).toBeInTheDocument();
    expect(screen.getByText('No platform account has moved money yet.')).toBeInTheDocument();
  });

  it('shows the catalogue text for a 500', async () => {
    mockApi({ 'GET /admin/ledger': { status: 500, body: {} } });
    renderRoutes(routes, '/admin/ledger');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error - Please try again later');
  });
});
