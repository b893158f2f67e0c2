import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { adaUser, approvedAdmin, userPage } from '@/features/admin/testing/admin-samples';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('admin guard', () => {
  it.each(['/users', '/admin/users', '/admin/queues', '/admin/audit', '/admin/ledger'])(
    'sends a visitor without an admin session from %s to /adlog, and back there after logging in',
    async (path) => {
      let signedIn = false;
      mockApi({
        'GET /admin/auth/me': () =>
          signedIn ? { status: 200, body: approvedAdmin } : { status: 401, body: { message: 'Unauthorized - Please login again' } },
        'POST /admin/auth/login': () => {
          signedIn = true;
          return { status: 200, body: { admin: approvedAdmin.admin, token: 't' } };
        },
      });
      const user = userEvent.setup();
      const { router } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/adlog');
      await user.type(screen.getByLabelText('Email'), 'chief@zuum.ng');
      await user.type(screen.getByLabelText('Password'), 'secret123');
      await user.click(screen.getByRole('button', { name: 'Log In' }));
      await screen.findByRole('navigation', { name: 'Admin' });
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows a user session (403) the catalogue text, not the admin area', async () => {
    mockApi({ 'GET /admin/auth/me': { status: 403, body: { message: 'Forbidden - You lack necessary permissions' } } });
    renderRoutes(routes, '/users');
    expect(await screen.findByText('Forbidden - You lack necessary permissions')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows an admin not yet approved (403 Awaiting approval) the awaiting page, with Log out', async () => {
    const { calls } = mockApi({
      'GET /admin/auth/me': { status: 403, body: { message: 'Awaiting approval' } },
      'POST /admin/auth/logout': { status: 200, body: { message: 'Logged out' } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/admin/users');
    expect(await screen.findByRole('heading', { name: 'Awaiting approval' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/users')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adlog');
  });

  it('shows the awaiting page when the session says the admin is not approved', async () => {
    mockApi({ 'GET /admin/auth/me': { status: 200, body: { admin: { ...approvedAdmin.admin, approved: false } } } });
    renderRoutes(routes, '/admin/queues');
    expect(await screen.findByRole('heading', { name: 'Awaiting approval' })).toBeInTheDocument();
  });

  it('offers a retry when the session check fails, and lets the admin in once it works', async () => {
    let fail = true;
    mockApi({
      'GET /admin/auth/me': () => (fail ? { status: 500, body: {} } : { status: 200, body: approvedAdmin }),
      'GET /admin/users': { status: 200, body: userPage([adaUser]) },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/users');
    expect(await screen.findByText('Server error - Please try again later')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('adabeats')).toBeInTheDocument();
  });

  it('logs out from the shell and forgets the admin session', async () => {
    let signedIn = true;
    const { calls } = mockApi({
      'GET /admin/auth/me': () => (signedIn ? { status: 200, body: approvedAdmin } : { status: 401, body: {} }),
      'GET /admin/users': { status: 200, body: userPage([adaUser]) },
      'POST /admin/auth/logout': () => {
        signedIn = false;
        return { status: 200, body: { message: 'Logged out' } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/admin/users');
    expect(await screen.findByText('chief')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/auth/logout')).toBe(true);
    await act(() => router.navigate('/admin/users'));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });
});
