import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LEGACY_TOKEN_KEY } from '@/lib/token-storage';
import { headersOf, mockApi, undocumented } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/home', element: <p>Home feed</p> },
  { path: '/editprofile', element: <p>Edit profile</p> },
];

const unauthorized = { status: 401, body: { message: 'Unauthorized: Invalid or missing token' } };

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login page', () => {
  it('requires e-mail and password', async () => {
    const { calls } = mockApi({ 'GET /user/profile': unauthorized });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/auth/login')).toHaveLength(0);
  });

  it('toggles password visibility', async () => {
    mockApi({ 'GET /user/profile': unauthorized });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('keeps no token: loads the profile on the session cookie alone and returns to the remembered origin', async () => {
    let loggedIn = false;
    const { calls } = mockApi({
      'POST /auth/login': () => {
        loggedIn = true;
        return { status: 200, body: { token: 'jwt-9', profile: sampleProfile } };
      },
      'GET /user/profile': () => (loggedIn ? { status: 200, body: sampleProfile } : unauthorized),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { pathname: '/login', state: { from: '/editprofile' } });
    await logIn(user);

    expect(await screen.findByText('Edit profile')).toBeInTheDocument();
    expect(localStorage.getItem(LEGACY_TOKEN_KEY)).toBeNull();
    expect(localStorage.length).toBe(0);
    const profileCall = calls.filter((c) => c.path === '/user/profile').at(-1)!;
    expect(profileCall.init.credentials).toBe('include');
    expect(headersOf(profileCall).authorization).toBeUndefined();
  });

  it('says so when the login worked but the profile did not load', async () => {
    mockApi({
      'POST /auth/login': { status: 200, body: { token: 'jwt-9', profile: sampleProfile } },
      'GET /user/profile': { status: 500, body: { message: 'Server error. Please try again later.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await logIn(user);
    expect(await screen.findByText('Login succeeded but authentication failed')).toBeInTheDocument();
  });

  it('shows the catalogue\'s unexpected text when the login answer is malformed, and stays', async () => {
    const { calls } = mockApi({
      'GET /auth/session': { status: 200, body: { signed_in: false } },
      'POST /auth/login': undocumented(200, { token: 'jwt-9', profile: { ...sampleProfile, followers_count: 'many' } }),
      'GET /user/profile': { status: 200, body: sampleProfile },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await logIn(user);
    expect(await screen.findByText('An unexpected error occurred.')).toBeInTheDocument();
    expect(screen.queryByText('Home feed')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/user/profile')).toHaveLength(0);
  });

  it('shows the catalogue text for bad credentials', async () => {
    mockApi({
      'GET /user/profile': unauthorized,
      'POST /auth/login': { status: 401, body: { message: 'Invalid credentials. Please check your email and password.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await logIn(user);
    expect(await screen.findByText('Invalid credentials. Please check your email and password.')).toBeInTheDocument();
  });

  it('sends an already signed-in visitor (cookie session) to /home', async () => {
    mockApi({ 'GET /auth/session': { status: 200, body: { signed_in: true, user_id: sampleProfile.id } } });
    renderRoutes(routes, '/login');
    expect(await screen.findByText('Home feed')).toBeInTheDocument();
  });

  it('keeps the visitor on /login when the session answer is malformed', async () => {
    mockApi({ 'GET /auth/session': undocumented(200, { signed_in: 'yes' }) });
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Home feed')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor nothing that answers 401 (the browser would log it)', async () => {
    const { calls } = mockApi({
      'GET /auth/session': { status: 200, body: { signed_in: false } },
      'GET /user/profile': unauthorized,
    });
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.path)).toContain('/auth/session');
    expect(calls.filter((c) => c.path === '/user/profile')).toHaveLength(0);
  });
});
