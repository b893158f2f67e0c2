import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_INVALID } from '../api/reset-password';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { ForgotPage } from './forgot-page';
import { GoogleCallbackPage } from './google-callback-page';
import { ResetPage } from './reset-page';
import { RoleChoicePage } from './role-choice-page';

const routes = [
  { path: '/auth/google/*', element: <GoogleCallbackPage /> },
  { path: '/reset', element: <ResetPage /> },
  { path: '/forgot', element: <ForgotPage /> },
  { path: '/start', element: <RoleChoicePage /> },
  { path: '/login', element: <p>Login page</p> },
];

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('Google callbacks', () => {
  it('goes to /login 2 seconds after success, storing nothing', async () => {
    vi.useFakeTimers();
    renderRoutes(routes, '/auth/google/success');
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });

  it.each([
    ['/auth/google/failure', 'Authentication failed'],
    ['/auth/google/elsewhere', 'Unexpected callback route'],
  ])('%s shows "%s"', (url, text) => {
    renderRoutes(routes, url);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });
});

describe('role choice', () => {
  it('shows the splash for 5 seconds, then the three identity cards', async () => {
    vi.useFakeTimers();
    renderRoutes(routes, '/start');
    expect(screen.getByText('Where artist and industry meet')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('heading', { name: 'Which Category Do You Belong?' })).toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining([
      '/signup?identity=record-label',
      '/signup?identity=artist',
      '/signup?identity=producer',
    ]));
  });

  it('shows the splash once per visit: coming back to /start (as /login → Sign up does) goes straight to the cards', async () => {
    vi.useFakeTimers();
    const first = renderRoutes(routes, '/start');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('heading', { name: 'Which Category Do You Belong?' })).toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, '/start');
    expect(screen.getByRole('heading', { name: 'Which Category Do You Belong?' })).toBeInTheDocument();
    expect(screen.queryByText('Where artist and industry meet')).not.toBeInTheDocument();
  });
});

describe('forgot and reset password', () => {
  it('confirms the link was sent and keeps nothing in the browser', async () => {
    mockApi({ 'POST /auth/forgot-password': { status: 200, body: { message: 'ok' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address.');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Password reset link sent to your email. Please check your inbox.')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
  });

  it('rejects different passwords', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?token=abc&email=ada%40example.com');
    await user.type(screen.getByLabelText('New Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match!');
  });

  it.each(['/reset', '/reset?token=', '/reset?email=ada%40example.com'])(
    '%s (no token) says the link is invalid and offers a new one',
    async (url) => {
      const user = userEvent.setup();
      renderRoutes(routes, url);
      expect(screen.getByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
      expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Request a new link' }));
      expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    },
  );

  it('sends the e-mail and token of the link (nothing stored on this device), then goes to /login', async () => {
    const { calls } = mockApi({
      'POST /auth/reset-password': { status: 200, body: { message: 'Password reset successful. Please log in.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?token=abc&email=ada%2Bzuum%40example.com');
    expect(screen.getByText('ada+zuum@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful. Please log in.')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      email: 'ada+zuum@example.com',
      token: 'abc',
      newPassword: 'secret123',
    });
    expect(await screen.findByText('Login page', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('sends the token alone when the link carries no e-mail', async () => {
    const { calls } = mockApi({
      'POST /auth/reset-password': { status: 200, body: { message: 'Password reset successful. Please log in.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?token=abc');
    await user.type(screen.getByLabelText('New Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful. Please log in.')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ token: 'abc', newPassword: 'secret123' });
  });

  it('offers a new link when the server says the token is invalid or expired', async () => {
    mockApi({
      'POST /auth/reset-password': {
        status: 400,
        body: {
          message: 'Invalid or expired reset token.',
          errors: [{ field: 'token', msg: 'Invalid or expired reset token.' }],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?token=old&email=ada%40example.com');
    await user.type(screen.getByLabelText('New Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset token.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot');
  });
});
