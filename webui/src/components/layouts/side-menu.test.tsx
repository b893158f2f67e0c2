import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import defaultAvatar from '@/assets/default-avatar.svg';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import type { OwnProfile } from '@/types/api';
import { SideMenu } from './side-menu';

const people = ['tunde', 'zainab', 'kemi', 'bayo'].map((username, i) => ({ id: `f-${i}`, username, image: i === 0 ? '/public/t.jpg' : '' }));

function renderMenu(profile: OwnProfile, onClose = vi.fn()) {
  mockApi({ 'GET /user/profile': { status: 200, body: profile } });
  renderRoutes(
    [
      { path: '/home', element: <RequireAuth><SideMenu open onClose={onClose} /></RequireAuth> },
      { path: '/all', element: <p>All followed</p> },
      { path: '/profile/:id', element: <p>Profile page</p> },
    ],
    '/home',
  );
  return onClose;
}

describe('side menu followed list', () => {
  it('shows the first 3 followed profiles with avatars (default when missing) and See More', async () => {
    const onClose = renderMenu({ ...sampleProfile, following_list: people, following_count: 4 });
    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['tunde', 'zainab', 'kemi']);
    expect(links[0]).toHaveAttribute('href', '/profile/f-0');
    expect(links[0].querySelector('img')).toHaveAttribute('src', 'http://localhost:3000/public/t.jpg');
    expect(links[1].querySelector('img')).toHaveAttribute('src', defaultAvatar);
    await userEvent.setup().click(screen.getByRole('link', { name: 'See More' }));
    expect(await screen.findByText('All followed')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows See More from the count when the profile lists only a preview', async () => {
    renderMenu({ ...sampleProfile, following_list: people.slice(0, 3), following_count: 25 });
    expect(await screen.findByRole('link', { name: 'See More' })).toHaveAttribute('href', '/all');
  });

  it('has no See More for 3 or fewer', async () => {
    renderMenu({ ...sampleProfile, following_list: people.slice(0, 3), following_count: 3 });
    expect(await screen.findByRole('link', { name: 'kemi' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See More' })).not.toBeInTheDocument();
  });

  it('says when you follow nobody', async () => {
    renderMenu(sampleProfile);
    expect(await screen.findByText("You're not following anyone yet.")).toBeInTheDocument();
  });
});
