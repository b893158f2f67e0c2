import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_EMAIL_KEY } from '../api/forgot-password';
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
});

describe('forgot and reset password', () => {
  it('remembers the e-mail and confirms the link was sent', async () => {
    mockApi({ 'POST /auth/forgot-password': { status: 200, body: { message: 'ok' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address.');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Password reset link sent to your email. Please check your inbox.')).toBeInTheDocument();
    expect(localStorage.getItem(RESET_EMAIL_KEY)).toBe('ada@example.com');
  });

  it('rejects different passwords', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?token=abc');
    await user.type(screen.getByLabelText('New Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match!');
  });

  it('explains a missing stored e-mail', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?token=abc');
    await user.type(screen.getByLabelText('New Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email not found. Redirecting to Forgot Password page...');
  });

  it('sends e-mail, token and new password, then goes to /login', async () => {
    localStorage.setItem(RESET_EMAIL_KEY, 'ada@example.com');
    const { calls } = mockApi({
      'POST /auth/reset-password': { status: 200, body: { message: 'Password reset successful. Please log in.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset?token=abc');
    await user.type(screen.getByLabelText('New Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successful. Please log in.')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      email: 'ada@example.com',
      token: 'abc',
      newPassword: 'secret123',
    });
    expect(await screen.findByText('Login page', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
