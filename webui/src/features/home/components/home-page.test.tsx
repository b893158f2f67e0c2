import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppShell } from '@/components/layouts/app-shell';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { HomePage } from './home-page';

const following = ['a', 'b', 'c', 'd'].map((x, i) => ({ id: `f-${i}`, username: `user_${x}`, image: '' }));

const routes = [
  {
    element: <RequireAuth><AppShell /></RequireAuth>,
    children: [{ path: '/home', element: <HomePage /> }],
  },
  { path: '/login', element: <p>Login page</p> },
];

describe('home shell', () => {
  it('shows the empty feed, the Audio tab active and Home highlighted', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile } });
    renderRoutes(routes, '/home');
    expect(await screen.findByRole('heading', { name: 'Your feed is on its way' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audio' })).toHaveAttribute('aria-selected', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Instant share' })).toHaveAttribute('href', '/jet');
  });

  it('opens the sidebar with the first 3 followed profiles and See More; the overlay closes it', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: { ...sampleProfile, following_list: following } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'user_a' })).toHaveAttribute('href', '/profile/f-0');
    expect(within(sidebar).queryByRole('link', { name: 'user_d' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'See More' })).toHaveAttribute('href', '/all');
    await user.click(screen.getByTestId('sidebar-overlay'));
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('logs out from the sidebar: token and cache cleared even when the call fails', async () => {
    localStorage.setItem('token', 'jwt-1');
    const { calls } = mockApi({
      'GET /user/profile': { status: 200, body: sampleProfile },
      'POST /auth/logout': { status: 500, body: { message: 'Server error. Please try again later.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/logout')).toBe(true);
  });
});
