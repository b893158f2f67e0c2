import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, headersOf, mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { SubscribePage } from './subscribe-page';
import { SubscriptionPage } from './subscription-page';

const routes = [
  { path: '/subscribe', element: <SubscribePage /> },
  { path: '/subscription', element: <SubscriptionPage /> },
];
const me = { 'GET /user/profile': { status: 200, body: { ...sampleProfile, identity: 'artist' } } } as const;
const plan = (over: Partial<Answer<'GET /payment/create'>> = {}): Answer<'GET /payment/create'> => ({
  name: 'Artist Premium',
  amount: 15000,
  frequency: 'monthly',
  description: 'Everything an artist needs',
  features: ['Unlimited searches', 'Priority support'],
  paymentLink: null,
  expiresAt: null,
  status: 'none',
  ...over,
});
const link = { status: 'pending', message: 'ok', paymentLink: 'https://pay.example/x', expiresAt: '2026-11-23T20:00:00Z', paymentDetails: { name: 'Artist Premium', amount: 15000, frequency: 'monthly' } };
const changed = (status: string) => ({ message: 'ok', subscription: { status, plan: 'Artist Premium', amount: 15000, expiresAt: '2026-12-23T19:00:00Z', renews: status === 'active' } });

afterEach(() => vi.unstubAllGlobals());

function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('/subscribe', () => {
  it('shows step 2 of 3 with the plan, 1 Month, Monthly, the account type, the total and the features', async () => {
    mockApi({ ...me, 'GET /payment/create': { status: 200, body: plan() } });
    renderRoutes(routes, '/subscribe');
    expect(await screen.findByRole('list', { name: 'Step 2 of 3' })).toBeInTheDocument();
    const details = Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(details).toMatchObject({ Plan: 'Artist Premium', Duration: '1 Month', 'Billing Cycle': 'Monthly', Total: '₦15,000.00/month' });
    expect(await screen.findByText('Artist')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Features' })).toHaveTextContent('Priority support');
  });

  it('Proceed to Payment fetches a link when the plan has none and opens it', async () => {
    const assign = stubAssign();
    const { calls } = mockApi({ ...me, 'GET /payment/create': { status: 200, body: plan() }, 'GET /payment/subscription': { status: 200, body: link } });
    const user = userEvent.setup();
    renderRoutes(routes, '/subscribe');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/x'));
    expect(calls.filter((c) => c.path === '/payment/subscription')).toHaveLength(1);
  });

  it('uses the plan\'s link as it is, asking for no other', async () => {
    const assign = stubAssign();
    const { calls } = mockApi({ ...me, 'GET /payment/create': { status: 200, body: plan({ paymentLink: 'https://pay.example/kept' }) } });
    const user = userEvent.setup();
    renderRoutes(routes, '/subscribe');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/kept'));
    expect(calls.filter((c) => c.path === '/payment/subscription')).toHaveLength(0);
  });

  it('shows the 409 text with Try again', async () => {
    mockApi({ ...me, 'GET /payment/create': { status: 200, body: plan() }, 'GET /payment/subscription': { status: 409, body: { message: 'x' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/subscribe');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an active subscription');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('pays from the wallet with an Idempotency-Key and then shows Premium', async () => {
    let status: Answer<'GET /payment/create'>['status'] = 'none';
    const { calls } = mockApi({
      ...me,
      'GET /payment/create': () => ({ status: 200, body: plan({ status, expiresAt: status === 'active' ? '2026-12-23T19:00:00Z' : null }) }),
      'POST /payment/subscription/wallet': () => {
        status = 'active';
        return { status: 201, body: changed('active') };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/subscribe');
    await user.click(await screen.findByRole('button', { name: 'Pay ₦15,000.00 from Wallet' }));
    // Nothing is charged on the first tap: the confirmation says the amount, the renewal and how to stop it.
    const ask = screen.getByRole('alertdialog', { name: 'Pay from Wallet' });
    expect(calls.filter((c) => c.path === '/payment/subscription/wallet')).toHaveLength(0);
    expect(ask).toHaveTextContent('₦15,000.00 is taken from your wallet now for Artist Premium.');
    expect(ask).toHaveTextContent('It renews every month: ₦15,000.00 is taken from your wallet when each period ends.');
    expect(ask).toHaveTextContent('To stop it, cancel your subscription under Manage Subscription');
    await user.click(within(ask).getByRole('button', { name: 'Pay ₦15,000.00' }));
    expect(await screen.findByTestId('premium-status')).toHaveTextContent('Premium · Active until');
    expect(screen.getByRole('list', { name: 'Step 3 of 3' })).toBeInTheDocument();
    expect(headersOf(calls.find((c) => c.path === '/payment/subscription/wallet')!)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the amount from the plan the server serves and charges nothing when the confirmation is cancelled', async () => {
    const { calls } = mockApi({ ...me, 'GET /payment/create': { status: 200, body: plan({ name: 'Producer Premium', amount: 20000 }) } });
    const user = userEvent.setup();
    renderRoutes(routes, '/subscribe');
    await user.click(await screen.findByRole('button', { name: 'Pay ₦20,000.00 from Wallet' }));
    const ask = screen.getByRole('alertdialog', { name: 'Pay from Wallet' });
    expect(ask).toHaveTextContent('₦20,000.00 is taken from your wallet now for Producer Premium.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/payment/subscription/wallet')).toHaveLength(0);
  });

  it('back from the payment page, waits for the activation and shows Premium', async () => {
    const answers = [plan(), plan({ status: 'active', expiresAt: '2026-12-23T19:00:00Z' })];
    mockApi({ ...me, 'GET /payment/create': () => ({ status: 200, body: answers.length > 1 ? answers.shift() : answers[0] }) });
    renderRoutes(routes, '/subscribe?status=successful&tx_ref=sub-1');
    expect(await screen.findByText('Confirming your payment...')).toBeInTheDocument();
    expect(await screen.findByTestId('premium-status', {}, { timeout: 5000 })).toHaveTextContent('Premium · Active');
  });
});

describe('subscription management', () => {
  it('shows the current plan and cancels at period end after a confirmation', async () => {
    let status: Answer<'GET /payment/create'>['status'] = 'active';
    const { calls } = mockApi({
      ...me,
      'GET /payment/create': () => ({ status: 200, body: plan({ status, expiresAt: '2026-12-23T19:00:00Z' }) }),
      'POST /payment/subscription/cancel': () => {
        status = 'cancelled';
        return { status: 200, body: changed('cancelled') };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/subscription');
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Active');
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Cancel at Period End' }));
    expect(await screen.findByText('Cancelled (ends at period end)')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/payment/subscription/cancel')).toHaveLength(1);
  });

  it('lists the billing history the API gives, and says so when there is none', async () => {
    const history: Answer<'GET /payment/subscription/history'>['history'] = [{ id: 'h1', date: '2026-11-23T19:00:00Z', amount: 15000, plan: 'Artist Premium', method: 'card', status: 'completed', reference: 'sub-1' }];
    const pages = [{ history, pagination: { total: 1, totalPages: 1, currentPage: 1, hasNext: false, hasPrev: false, next: null } }];
    mockApi({ ...me, 'GET /payment/create': { status: 200, body: plan() }, 'GET /payment/subscription/history': () => ({ status: 200, body: pages[0] }) });
    const user = userEvent.setup();
    renderRoutes(routes, '/subscription');
    await user.click(await screen.findByRole('tab', { name: 'Billing History' }));
    const list = await screen.findByRole('list', { name: 'Billing history' });
    expect(list).toHaveTextContent('Artist Premium');
    expect(list).toHaveTextContent('Card');
    expect(list).toHaveTextContent('₦15,000.00');
  });
});
