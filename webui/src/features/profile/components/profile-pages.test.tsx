import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { page } from '@/testing/posts';
import { EditProfilePage } from './edit-profile-page';
import { OwnProfilePage } from './own-profile-page';
import { PublicProfilePage } from './public-profile-page';

const routes = [
  { path: '/profile', element: <RequireAuth><OwnProfilePage /></RequireAuth> },
  { path: '/profile/:userId', element: <RequireAuth><PublicProfilePage /></RequireAuth> },
  { path: '/editprofile', element: <RequireAuth><EditProfilePage /></RequireAuth> },
  { path: '/userbeats/:userId', element: <p>User beats</p> },
];

const other = { ...sampleProfile, id: 'u-2', username: 'labelboss', identity: 'record_label' as const, email: undefined, phonenumber: undefined };

describe('own profile', () => {
  it('shows the fallbacks for empty fields and the empty post tabs', async () => {
    const empty = { status: 200 as const, body: { posts: [], pagination: page() } };
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile }, 'GET /audio/user': empty, 'GET /video/user': empty });
    const user = userEvent.setup();
    renderRoutes(routes, '/profile');
    expect(await screen.findByRole('heading', { name: '@adabeats' })).toBeInTheDocument();
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByText('No bio provided')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/editprofile');
    expect(screen.getByRole('link', { name: 'My Beats' })).toHaveAttribute('href', '/purchasedbeats');
    expect(screen.getByRole('link', { name: 'Creator Hub' })).toHaveAttribute('href', '/creator-hub');
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    expect(await screen.findByText('No audio posts found.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(await screen.findByText('No video posts found.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Beats' }));
    expect(await screen.findByText('User beats')).toBeInTheDocument();
    // An artist does not sell beats: no "Upload beat for sale".
    expect(screen.queryByRole('link', { name: 'Upload beat for sale' })).not.toBeInTheDocument();
  });

  it('offers a producer "Upload beat for sale", leading to /addpaybeat', async () => {
    const empty = { status: 200 as const, body: { posts: [], pagination: page() } };
    mockApi({ 'GET /user/profile': { status: 200, body: { ...sampleProfile, identity: 'producer' } }, 'GET /audio/user': empty, 'GET /video/user': empty });
    renderRoutes(routes, '/profile');
    expect(await screen.findByRole('link', { name: 'Upload beat for sale' })).toHaveAttribute('href', '/addpaybeat');
  });
});

describe('public profile', () => {
  it('redirects your own id to /profile', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile } });
    renderRoutes(routes, '/profile/u-1');
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows Message only when you follow that profile', async () => {
    mockApi({
      'GET /user/profile': { status: 200, body: sampleProfile },
      'GET /user/profile/u-2': { status: 200, body: { ...other, followers_list: [{ id: 'u-1', username: 'adabeats', image: '' }] } },
      'GET /user/profile/u-3': { status: 200, body: { ...other, id: 'u-3' } },
    });
    const first = renderRoutes(routes, '/profile/u-2');
    expect(await screen.findByRole('heading', { name: '@labelboss' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByText('Email')).not.toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, '/profile/u-3');
    expect(await screen.findByRole('heading', { name: '@labelboss' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('says "Profile not found" for an unknown id', async () => {
    mockApi({
      'GET /user/profile': { status: 200, body: sampleProfile },
      'GET /user/profile/nobody': { status: 404, body: { message: 'Profile not found' } },
    });
    renderRoutes(routes, '/profile/nobody');
    expect(await screen.findByText('Profile not found')).toBeInTheDocument();
  });
});

describe('edit profile', () => {
  it('rejects a non-image file with the spec message', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile } });
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, '/editprofile');
    const picker = await screen.findByLabelText('Profile Picture');
    await user.upload(picker, new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByText('Please select a valid image file (JPEG, PNG)')).toBeInTheDocument();
  });

  it('shows the fixed fields read-only and sends only non-empty fields', async () => {
    let stored = sampleProfile;
    const { calls } = mockApi({
      'GET /user/profile': () => ({ status: 200, body: stored }),
      'PUT /user/profile': () => {
        stored = { ...sampleProfile, bio: 'Afrobeats singer' };
        return { status: 200, body: stored };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/editprofile');
    expect(await screen.findByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Identity')).toHaveValue('artist');
    await user.type(screen.getByLabelText('Bio'), 'Afrobeats singer');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    const body = put.init.body as FormData;
    expect([...body.keys()]).toEqual(['firstname', 'lastname', 'phonenumber', 'bio']);
    expect(body.get('bio')).toBe('Afrobeats singer');
    // 1.5 s later: back on /profile, showing the refreshed bio.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText('Afrobeats singer')).toBeInTheDocument();
  });

  it('shows the failure text with the server’s reason', async () => {
    mockApi({
      'GET /user/profile': { status: 200, body: sampleProfile },
      'PUT /user/profile': { status: 400, body: { message: 'Validation errors.', errors: [{ field: 'phonenumber', msg: 'Invalid phone number' }] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/editprofile');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update profile. Please try again.');
    expect(alert).toHaveTextContent('Invalid phone number');
  });
});
