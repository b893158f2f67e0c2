import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { adminRoutes as routes } from '../testing/admin-routes';
import { adaUser, approvedAdmin, userPage } from '../testing/admin-samples';

const unauthorized = { status: 401, body: { message: 'Unauthorized - Please login again' } };

async function fillLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'chief@zuum.ng');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('admin login (/adlog)', () => {
  it('links to the admin forgot-password page and the user login', async () => {
    mockApi({});
    renderRoutes(routes, '/adlog');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/admin/forgot-password');
    expect(screen.getByRole('link', { name: 'User login' })).toHaveAttribute('href', '/login');
  });

  it('requires email and password before calling', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/adlog');
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('goes to /users on success, where the guard lets the admin in', async () => {
    let signedIn = false;
    const { calls } = mockApi({
      'POST /admin/auth/login': () => {
        signedIn = true;
        return { status: 200, body: { admin: approvedAdmin.admin, token: 't' } };
      },
      'GET /admin/auth/me': () => (signedIn ? { status: 200, body: approvedAdmin } : unauthorized),
      'GET /admin/users': { status: 200, body: userPage([adaUser]) },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/adlog');
    await fillLogin(user);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Audit' })).not.toHaveClass('active');
    const login = calls.find((c) => c.path === '/admin/auth/login')!;
    expect(JSON.parse(String(login.init.body))).toEqual({ email: 'chief@zuum.ng', password: 'secret123' });
    expect(login.init.credentials).toBe('include');
  });

  it.each([
    ['the server message on a 401', { status: 401, body: { message: 'Invalid credentials' } }, 'Invalid credentials'],
    ['Login failed on a 401 without one', { status: 401, body: {} }, 'Login failed'],
    ['Login failed on a bare 500', { status: 500, body: {} }, 'Login failed'],
    ['Login failed without an answer', 'network-error' as const, 'Login failed'],
  ])('shows %s', async (_, reply, text) => {
    mockApi({ 'POST /admin/auth/login': reply });
    const user = userEvent.setup();
    renderRoutes(routes, '/adlog');
    await fillLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('admin registration (/adsin) and verification (/adver)', () => {
  async function register(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Username'), 'newadmin');
    await user.type(screen.getByLabelText('Email'), 'new@zuum.ng');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('requires username, email and password', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/adsin');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('carries the email to /adver, where it is read-only, and verifies the code', async () => {
    const { calls } = mockApi({
      'POST /admin/auth/signup': { status: 201, body: { message: 'OTP sent' } },
      'POST /admin/auth/verify-email': { status: 200, body: { message: 'Verified' } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/adsin');
    await register(user);
    expect(await screen.findByRole('heading', { name: 'Verify Email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adver');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('new@zuum.ng');
    expect(email).toHaveAttribute('readonly');
    const otp = screen.getByLabelText('OTP');
    expect(otp).toHaveAttribute('maxlength', '6');
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/admin/signup');
    await user.type(otp, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    const verify = calls.find((c) => c.path === '/admin/auth/verify-email')!;
    expect(JSON.parse(String(verify.init.body))).toEqual({ email: 'new@zuum.ng', otp: '123456' });
  });

  it.each([
    [400, { message: 'Validation errors', errors: [{ field: 'email', msg: 'Invalid email format' }] }, 'Validation errors: Invalid email format'],
    [400, { message: 'Bad' }, 'Invalid input data'],
    [406, { message: 'Username already exists' }, 'Username already exists'],
    [406, {}, 'Email already exists'],
    [500, {}, 'Server error - please try again later'],
    [502, {}, 'An unexpected error occurred'],
  ])('shows the signup text for a %i', async (status, body, text) => {
    mockApi({ 'POST /admin/auth/signup': { status, body } });
    const user = userEvent.setup();
    renderRoutes(routes, '/adsin');
    await register(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says so when the signup got no answer', async () => {
    mockApi({ 'POST /admin/auth/signup': 'network-error' });
    const user = userEvent.setup();
    renderRoutes(routes, '/adsin');
    await register(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error - could not connect to the server');
  });

  it.each([
    [400, 'Invalid OTP - please check and try again'],
    [500, 'Server error - please try again later'],
    [502, 'Verification failed - please try again'],
  ])('shows the verify text for a %i', async (status, text) => {
    mockApi({ 'POST /admin/auth/verify-email': { status, body: {} } });
    const user = userEvent.setup();
    renderRoutes(routes, { pathname: '/adver', state: { email: 'new@zuum.ng' } });
    await user.type(await screen.findByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('resends the code to the registered email', async () => {
    const { calls } = mockApi({ 'POST /admin/auth/resend-otp': { status: 200, body: { message: 'sent' } } });
    const user = userEvent.setup();
    renderRoutes(routes, { pathname: '/adver', state: { email: 'new@zuum.ng' } });
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('A new code has been sent to your email.')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ email: 'new@zuum.ng' });
  });

  it('shows why a new code was refused', async () => {
    mockApi({ 'POST /admin/auth/resend-otp': { status: 429, body: { message: 'Please wait a minute before requesting another code.' } } });
    const user = userEvent.setup();
    renderRoutes(routes, { pathname: '/adver', state: { email: 'new@zuum.ng' } });
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute before requesting another code.');
  });

  it('without an email sends the visitor to register first', async () => {
    mockApi({});
    renderRoutes(routes, '/adver');
    expect(await screen.findByRole('link', { name: 'Register as an admin' })).toHaveAttribute('href', '/admin/signup');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('says honestly how to recover a forgotten admin password', async () => {
    mockApi({});
    renderRoutes(routes, '/admin/forgot-password');
    expect(await screen.findByText(/Ask another admin/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to admin login' })).toHaveAttribute('href', '/adlog');
  });
});
