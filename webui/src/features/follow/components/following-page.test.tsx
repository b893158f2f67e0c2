import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import defaultAvatar from '@/assets/default-avatar.svg';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import type { ProfileSummary } from '@/types/api';
import { FollowingPage } from './following-page';

const routes = [
  { path: '/all', element: <RequireAuth><FollowingPage /></RequireAuth> },
  { path: '/profile/:id', element: <p>Profile page</p> },
];

const me = { 'GET /user/profile': { status: 200, body: { ...sampleProfile, following_count: 3 } } };

function page(users: ProfileSummary[], next: string | null = null) {
  return { status: 200, body: { users, pagination: { total: 3, totalPages: 2, currentPage: 1, hasNext: next !== null, hasPrev: false, next } } };
}

describe('following list /all', () => {
  it('lists everyone followed, page by page, each linking to the profile', async () => {
    let served = 0;
    const { fetchMock } = mockApi({
      ...me,
      'GET /user/u-1/following': () =>
        ++served === 1
          ? page([{ id: 'f-1', username: 'tunde', image: '/public/t.jpg' }, { id: 'f-2', username: 'zainab', image: '' }], 'c2')
          : page([{ id: 'f-3', username: 'kemi', image: '' }]),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/all');
    expect(await screen.findByRole('heading', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByText('You follow 3 artists and producers.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Following' });
    expect(within(list).getByRole('link', { name: 'tunde' })).toHaveAttribute('href', '/profile/f-1');
    expect(within(list).getByRole('link', { name: 'zainab' }).querySelector('img')).toHaveAttribute('src', defaultAvatar);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'kemi' })).toHaveAttribute('href', '/profile/f-3');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const cursors = fetchMock.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((u) => u.pathname.endsWith('/following'))
      .map((u) => u.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'c2']);
    await user.click(screen.getByRole('link', { name: 'tunde' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  });

  it('says when you follow nobody', async () => {
    mockApi({ ...me, 'GET /user/u-1/following': page([]) });
    renderRoutes(routes, '/all');
    expect(await screen.findByText("You're not following anyone yet.")).toBeInTheDocument();
  });

  it('shows loading and then the error text', async () => {
    mockApi({ ...me, 'GET /user/u-1/following': { status: 500, body: { message: 'x' } } });
    renderRoutes(routes, '/all');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error. Please try again later.');
  });
});
