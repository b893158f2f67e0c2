import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePaymentDetails } from '@/lib/auth/get-payment-details';
import { type Answer, mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { roleBenefit, SubscriptionPopup } from './subscription-popup';

/** Shows the plan's status once loaded, so a test knows the popup had its data. */
function Loaded() {
  const plan = usePaymentDetails(true);
  return plan.data ? <p>plan:{plan.data.status}</p> : null;
}

const routes = [
  {
    path: '/home',
    element: (
      <>
        <Loaded />
        <SubscriptionPopup />
      </>
    ),
  },
  { path: '/subscribe', element: <p>Subscribe page</p> },
];
const plan = (status: Answer<'GET /payment/create'>['status']): Answer<'GET /payment/create'> => ({ name: 'Artist Premium', amount: 15000, frequency: 'monthly', description: 'd', features: [], paymentLink: null, expiresAt: null, status });

beforeEach(() => sessionStorage.clear());

describe('the subscription popup on /home', () => {
  it('offers the plan per month with the role benefit and links to /subscribe', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: { ...sampleProfile, identity: 'producer' } }, 'GET /payment/create': { status: 200, body: plan('none') } });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade Your Experience' });
    expect(dialog).toHaveTextContent('₦15,000.00/month');
    expect(await screen.findByText('Beat submission priority')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Premium verification badge');
    await user.click(screen.getByRole('link', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribe page')).toBeInTheDocument();
  });

  it('waits for the browser to be idle after the first paint before it opens', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile }, 'GET /payment/create': { status: 200, body: plan('none') } });
    renderRoutes(routes, '/home');
    await screen.findByText('plan:none');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(idle).toHaveLength(1);
    act(() => idle[0]({ didTimeout: false, timeRemaining: () => 50 }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade Your Experience' })).toBeInTheDocument();
  });

  it('is not shown to a Premium user, nor again in the visit once closed', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile }, 'GET /payment/create': { status: 200, body: plan('active') } });
    const first = renderRoutes(routes, '/home');
    await screen.findByText('plan:active');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();
    sessionStorage.setItem('zuum-subscription-popup', '1');
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile }, 'GET /payment/create': { status: 200, body: plan('none') } });
    renderRoutes(routes, '/home');
    await screen.findByText('plan:none');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names one benefit per identity', () => {
    expect(['artist', 'producer', 'record_label', 'dev'].map(roleBenefit)).toEqual([
      'Early access to collaborations',
      'Beat submission priority',
      'Artist analytics dashboard',
      'Early access to new features',
    ]);
  });
});
