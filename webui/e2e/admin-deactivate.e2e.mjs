// Browser test: an admin deactivates a user, who is then logged out (make test-browser).
//   A new artist signs up and opens /home in one browser. In another, the demo admin
//   (admin@demo.zuum.ng, approved by the bootstrap list on the cloud's first start) logs in at
//   /adlog, lands on /users, finds the artist by the start of their username, opens View details,
//   deactivates them behind the confirmation and sees "User deactivated successfully!"; 2 s later
//   the list, asked again, shows them Deactivated with Reactivate instead of Deactivate. The
//   artist's open page finds its next call refused (401: the session stopped at once) and goes
//   to /login by itself, and logging in again is refused (403); the audit list shows the
//   deactivation. Nothing is mocked: real cookies, the real API, the local cloud.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/admin-deactivate.e2e.mjs
//
// Fails at once, saying why, when APP_URL/api/health does not answer (see signup-profile.e2e.mjs).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch, logIn, signUpAndVerify, uniqueUser } from './support.mjs';

const up = await backendUp();
const ADMIN = { email: 'admin@demo.zuum.ng', password: 'zuumdemo123' };

test('an admin deactivates a user: their next call is refused, their open app goes to login and they cannot log in again', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const artist = uniqueUser('deact');
  await signUpAndVerify(artist);

  const userBrowser = await launch('deact-user');
  const adminBrowser = await launch('deact-admin');
  const userPage = userBrowser.context.pages()[0] ?? (await userBrowser.context.newPage());
  const adminPage = adminBrowser.context.pages()[0] ?? (await adminBrowser.context.newPage());
  userPage.setDefaultTimeout(15_000);
  adminPage.setDefaultTimeout(15_000);
  const adminErrors = [];
  adminPage.on('pageerror', (e) => adminErrors.push(`pageerror: ${e.message}`));
  adminPage.on('response', (r) => {
    // The guard's first GET /api/admin/auth/me, before logging in, is the one 401 expected.
    if (r.status() < 400 || (r.status() === 401 && new URL(r.url()).pathname === '/api/admin/auth/me')) return;
    adminErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });

  let step = 'the artist logs in';
  try {
    await logIn(userPage, artist);

    step = 'the admin guard sends a visitor to /adlog';
    await adminPage.goto(`${APP_URL}/admin/users`);
    await adminPage.waitForURL('**/adlog');

    step = 'the admin logs in and lands on the user list';
    await adminPage.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await adminPage.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    const login = adminPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/auth/login');
    await adminPage.getByRole('button', { name: 'Log In', exact: true }).click();
    const loginRes = await login;
    assert.equal(loginRes.status(), 200, `admin login: ${await loginRes.text()}`);
    await adminPage.waitForURL('**/admin/users');
    await adminPage.getByRole('heading', { name: 'Users', exact: true }).waitFor();

    step = 'search for the artist';
    const searched = adminPage.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/admin/users' && url.searchParams.get('search') === artist.username.slice(0, 8);
    });
    await adminPage.getByLabel('Search users', { exact: true }).fill(artist.username.slice(0, 8));
    assert.equal((await searched).status(), 200);
    const row = adminPage.getByRole('row').filter({ hasText: artist.email });
    await row.waitFor();
    assert.equal(await row.getByText('Active', { exact: true }).count(), 1, 'the artist is active');

    step = 'view the details';
    await row.getByRole('button', { name: 'View details' }).click();
    const details = adminPage.getByRole('dialog', { name: 'User details' });
    await details.getByText(`${artist.firstname} ${artist.lastname}`, { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Close' }).click();

    step = 'deactivate behind the confirmation';
    await row.getByRole('button', { name: 'Deactivate', exact: true }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Deactivate user' });
    const deactivated = adminPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/auth/deactivate');
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    assert.equal((await deactivated).status(), 200);
    await adminPage.getByText('User deactivated successfully!', { exact: true }).waitFor();

    step = 'the list, asked again after 2 s, shows the artist deactivated';
    await row.getByText('Deactivated', { exact: true }).waitFor({ timeout: 6000 });
    assert.equal(await row.getByRole('button', { name: 'Deactivate', exact: true }).count(), 0, 'Deactivate is hidden');
    await row.getByRole('button', { name: 'Reactivate', exact: true }).waitFor();

    step = "the artist's open page: its next call is refused at once (401)";
    const refused = userPage.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/') && r.status() === 401);
    await userPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await refused;

    step = "the artist's open page goes to /login by itself (the profile, asked again, is refused)";
    await userPage.waitForURL('**/login', { timeout: 10_000 });

    step = 'logging in again is refused';
    await userPage.getByLabel('Email', { exact: true }).fill(artist.email);
    await userPage.getByLabel('Password', { exact: true }).fill(artist.password);
    const again = userPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
    await userPage.getByRole('button', { name: 'Log In', exact: true }).click();
    assert.equal((await again).status(), 403, 'a deactivated user cannot log in');
    assert.ok(userPage.url().endsWith('/login'), `still on /login: ${userPage.url()}`);

    step = 'the admin audit list records it';
    await adminPage.getByRole('link', { name: 'Audit', exact: true }).click();
    await adminPage.getByRole('row').filter({ hasText: 'user.deactivate' }).first().waitFor();

    assert.deepEqual(adminErrors, [], 'no failed call or script error in the admin area');
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    await adminPage.screenshot({ path: path.join(RESULTS_DIR, 'admin-deactivate-admin.png') }).catch(() => {});
    await userPage.screenshot({ path: path.join(RESULTS_DIR, 'admin-deactivate-user.png') }).catch(() => {});
    error.message = `${step}: ${error.message}`;
    throw error;
  } finally {
    await userBrowser.close();
    await adminBrowser.close();
  }
});
