import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { SettingsPage } from './settings-page';

function LoginProbe() {
  return <p>login page</p>;
}

const routes = [
  { path: '/settings', element: <SettingsPage /> },
  { path: '/login', element: <LoginProbe /> },
];

const deleted = 'Your account has been deleted. Your username stays reserved for 30 days.';

afterEach(() => vi.unstubAllGlobals());

describe('settings: the account data rights', () => {
  it('downloads the export as a JSON file named after the user', async () => {
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:export'), revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = mockApi({
      'GET /user/export': {
        status: 200,
        body: {
          exported_at: '2026-11-20T10:00:00Z', profile: { ...sampleProfile, username: 'ada' }, followers: [], following: [],
          posts: [{ id: 'p1', kind: 'audio', caption: '', public: true, tags: [], files: {}, likes: 0, comments: 0, plays: 0, created_at: '2026-11-20T10:00:00Z' }],
          comments: [], likes: [], messages: {}, purchases: [], licences: [], wallet: [], notifications: [],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings');
    await user.click(screen.getByRole('button', { name: 'Download My Data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /user/export']);
    expect(click).toHaveBeenCalledOnce();
    expect(JSON.parse(await created[0].text())).toMatchObject({ profile: { username: 'ada' }, posts: [{ id: 'p1' }] });
    click.mockRestore();
  });

  it('deactivates only after the confirmation, then goes to login with the message', async () => {
    const { calls } = mockApi({
      'POST /user/deactivate': { status: 200, body: { message: 'Your account is deactivated. Log in again any time to bring it back.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings');
    await user.click(screen.getByRole('button', { name: 'Deactivate Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate your account?' });
    expect(dialog).toHaveTextContent('log in again any time to bring your account back');
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /user/deactivate']);
  });

  it('asks for the password before deleting and sends it', async () => {
    const { calls } = mockApi({ 'POST /user/delete': { status: 200, body: { message: deleted } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('withdraw or transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Password'), 'password123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ password: 'password123' });
  });

  it("shows the server's reason when the wallet still holds money", async () => {
    const why = 'Your wallet still holds ₦1,500.00. Withdraw it to your bank account or transfer it to another user before deleting your account.';
    mockApi({ 'POST /user/delete': { status: 409, body: { message: why } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Password'), 'password123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(why);
    expect(screen.queryByText('login page')).not.toBeInTheDocument();
  });

  it('confirms with an emailed code for an account signed in with Google', async () => {
    const { calls } = mockApi({
      'POST /user/delete/code': { status: 200, body: { message: 'We emailed you a code. It expires in 10 minutes.' } },
      'POST /user/delete': { status: 200, body: { message: deleted } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/settings');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Signed in with Google? Email me a code' }));
    await user.type(await within(dialog).findByLabelText('Code from your email'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /user/delete/code', 'POST /user/delete']);
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ otp: '123456' });
  });
});
