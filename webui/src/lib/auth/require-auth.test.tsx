import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppShell } from '@/components/layouts/app-shell';
import { type Answer, headersOf, mockApi, undocumented } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  return <p>Login page, from {(location.state as { from?: string } | null)?.from}</p>;
}

const routes = [
  {
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [{ path: '/profile', element: <p>Protected page</p> }],
  },
  { path: '/login', element: <LoginProbe /> },
];

const PAYMENT_BANNER = "Payment information couldn't be loaded. Some features may be limited.";
const PLAN: Answer<'GET /payment/create'> = { name: 'Artist Premium', amount: 15000, frequency: 'monthly', description: 'd', features: ['Priority support'], paymentLink: null, expiresAt: null, status: 'none' };

describe('signed-in guard', () => {
  it('shows the full-screen spinner while the profile loads', () => {
    mockApi({ 'GET /user/profile': 'pending' });
    renderRoutes(routes, '/profile');
    expect(screen.getByText('Loading your experience...')).toBeInTheDocument();
    expect(screen.queryByText('Protected page')).not.toBeInTheDocument();
  });

  it('sends a 401 to /login, remembering the origin', async () => {
    mockApi({ 'GET /user/profile': { status: 401, body: { message: 'Unauthorized: Invalid or missing token' } } });
    renderRoutes(routes, '/profile?tab=video');
    expect(await screen.findByText('Login page, from /profile?tab=video')).toBeInTheDocument();
  });

  it.each([
    [{ status: 500, body: { message: 'Server error. Please try again later.' } }, 'An unexpected error occurred'],
    [{ status: 404, body: { message: 'Profile not found' } }, 'Profile not found'],
    ['network-error' as const, 'Network error: No response from server'],
  ])('shows "Authentication Error" with the message and Try Again (%j)', async (reply, message) => {
    mockApi({ 'GET /user/profile': reply });
    renderRoutes(routes, '/profile');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it.each([
    ['no username', (({ username: _, ...rest }) => rest)(sampleProfile)],
    ['a numeric id', { ...sampleProfile, id: 42 }],
    ['a follower without an id', { ...sampleProfile, followers_list: [{ username: 'tunde', image: '' }] }],
    ['no body at all', undefined],
  ])('shows the catalogue\'s unexpected text, not a broken page, for a profile with %s', async (_, body) => {
    mockApi({ 'GET /user/profile': undocumented(200, body) });
    renderRoutes(routes, '/profile');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
    expect(screen.queryByText('Protected page')).not.toBeInTheDocument();
  });

  it('works from the session cookie alone, then shows the payment banner when details fail', async () => {
    const { calls } = mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile } });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Protected page')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_BANNER)).toBeInTheDocument();
    // The shell then lists the chat rooms for the Message tab's unread count.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /user/profile', 'GET /payment/create', 'GET /user/get-rooms']);
    for (const call of calls) {
      expect(call.init.credentials).toBe('include');
      expect(headersOf(call).authorization).toBeUndefined();
    }
  });

  it('shows no banner when payment details load', async () => {
    mockApi({
      'GET /user/profile': { status: 200, body: sampleProfile },
      'GET /payment/create': { status: 200, body: PLAN },
    });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Protected page')).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_BANNER)).not.toBeInTheDocument();
  });

  it('shows the banner when payment details carry an amount that is not a number', async () => {
    mockApi({
      'GET /user/profile': { status: 200, body: sampleProfile },
      'GET /payment/create': undocumented(200, { ...PLAN, amount: '15000' }),
    });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Protected page')).toBeInTheDocument();
    expect(await screen.findByText(PAYMENT_BANNER)).toBeInTheDocument();
  });

  it('shows the banner when payment details come back empty (null is not a plan)', async () => {
    mockApi({
      'GET /user/profile': { status: 200, body: sampleProfile },
      'GET /payment/create': undocumented(200, null),
    });
    renderRoutes(routes, '/profile');
    expect(await screen.findByText(PAYMENT_BANNER)).toBeInTheDocument();
  });
});
