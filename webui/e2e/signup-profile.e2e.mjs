// Browser test: a new artist signs up, verifies the e-mailed OTP, logs in, edits the bio and
// sees it on /profile. Runs against the local cloud (`make dev`): the app and API on APP_URL,
// sent mail listed by the AWS edge at EDGE_URL/_aws/ses (as LocalStack does).
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 npm run e2e
//
// Fails at once, saying why, when APP_URL/api/health does not answer: `make test-browser`
// starts a fresh local cloud for it, so an unreachable app is a broken set-up, not a reason to skip.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch, readOtp } from './support.mjs';

const up = await backendUp();

function uniqueUser() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    firstname: 'Ada',
    lastname: 'Tester',
    username: `e2e${stamp}`,
    email: `e2e.${stamp}@example.com`,
    phonenumber: `080${String(Date.now()).slice(-8)}`,
    password: 'Sup3rSecret!',
    bio: `Afrobeats from Lagos (${stamp})`,
  };
}

test('an artist signs up, verifies, logs in, edits the bio and sees it on the profile', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const browser = await launch('e2e');
  const { context } = browser;
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  const user = uniqueUser();

  try {
    // /start: 5 s splash, then the identity cards.
    await page.goto(`${APP_URL}/start`);
    await page.getByText('Where artist and industry meet').waitFor();
    await page.getByRole('heading', { name: 'Which Category Do You Belong?' }).waitFor();
    await page.getByRole('link', { name: /^Artist/ }).click();

    // Three-step wizard.
    await page.getByRole('heading', { name: 'Signup as artist' }).waitFor();
    await page.getByLabel('First Name', { exact: true }).fill(user.firstname);
    await page.getByLabel('Last Name', { exact: true }).fill(user.lastname);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Phone Number', { exact: true }).fill(user.phonenumber);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

    // /verify with the e-mail filled in; the OTP comes from the edge's mail list.
    await page.waitForURL('**/verify');
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), user.email);
    const otp = await readOtp(user.email);
    await page.getByLabel('OTP', { exact: true }).fill(otp);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();

    // Log in, land on the signed-in home.
    await page.waitForURL('**/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/home');
    await page.getByRole('feed', { name: 'Audio feed' }).waitFor();

    // Edit the bio (a full page load: the session must survive it).
    await page.goto(`${APP_URL}/editprofile`);
    await page.getByLabel('Bio', { exact: true }).fill(user.bio);
    await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await page.getByText('Profile updated successfully.').waitFor();

    // 1.5 s later, /profile shows it.
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: `@${user.username}` }).waitFor();
    await page.getByText(user.bio, { exact: true }).waitFor();
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const shot = path.join(RESULTS_DIR, `signup-profile-failure-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    const details = [`screenshot: ${shot}`, `url: ${page.url()}`, ...consoleErrors.map((e) => `console: ${e}`)];
    error.message = `${error.message}\n${details.join('\n')}`;
    throw error;
  } finally {
    await browser.close();
  }
});
