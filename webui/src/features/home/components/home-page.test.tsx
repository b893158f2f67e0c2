import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppShell } from '@/components/layouts/app-shell';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { page, stubIntersectionObserver, stubMedia } from '@/features/posts/testing/player-stubs';
import { HomePage } from './home-page';

const following = ['a', 'b', 'c', 'd'].map((x, i) => ({ id: `f-${i}`, username: `user_${x}`, image: '' }));

const routes = [
  {
    element: <RequireAuth><AppShell /></RequireAuth>,
    children: [{ path: '/home', element: <HomePage /> }],
  },
  { path: '/login', element: <p>Login page</p> },
];

const emptyFeed = { 'GET /feed': { status: 200, body: { posts: [], pagination: page({ total: 0 }) } } } as const;

beforeEach(() => {
  stubIntersectionObserver();
  stubMedia();
});

describe('home shell', () => {
  it('shows the feed with the Audio tab active and Home highlighted', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile }, ...emptyFeed });
    renderRoutes(routes, '/home');
    expect(await screen.findByRole('heading', { name: 'No audio posts yet' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audio' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Audio' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Instant share' })).toHaveAttribute('href', '/jet');
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
  });

  it('opens the sidebar with the first 3 followed profiles and See More; the overlay closes it', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: { ...sampleProfile, following_list: following } }, ...emptyFeed });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'user_a' })).toHaveAttribute('href', '/profile/f-0');
    expect(within(sidebar).queryByRole('link', { name: 'user_d' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'See More' })).toHaveAttribute('href', '/all');
    expect(within(sidebar).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    await user.click(screen.getByTestId('sidebar-overlay'));
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('logs out from the sidebar: token and cache cleared even when the call fails', async () => {
    localStorage.setItem('token', 'jwt-1');
    const { calls } = mockApi({
      'GET /user/profile': { status: 200, body: sampleProfile },
      'POST /auth/logout': { status: 500, body: { message: 'Server error. Please try again later.' } },
      ...emptyFeed,
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/logout')).toBe(true);
  });
});
