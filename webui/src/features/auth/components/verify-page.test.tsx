import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { VerifyPage } from './verify-page';

const routes = [
  { path: '/verify', element: <VerifyPage /> },
  { path: '/login', element: <p>Login page</p> },
];

describe('verify page', () => {
  it('asks for both e-mail and OTP', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/verify');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both email and OTP.');
  });

  it('needs an e-mail to resend, then confirms the resend', async () => {
    mockApi({ 'POST /auth/resend-otp': { status: 200, body: { message: 'OTP resent successfully!' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/verify');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address.');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('OTP resent successfully!')).toBeInTheDocument();
  });

  it('shows the OTP error and, once verified, goes to /login', async () => {
    let attempts = 0;
    mockApi({
      'POST /auth/verify-email': () =>
        ++attempts === 1
          ? { status: 400, body: { message: 'Invalid OTP. Please try again.' } }
          : { status: 200, body: { message: 'Email verified successfully.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { pathname: '/verify', state: { email: 'ada@example.com' } });
    await user.type(screen.getByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid OTP. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });
});
