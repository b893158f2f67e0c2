// Browser test: a new artist signs up, verifies the e-mailed OTP, logs in, edits the bio and
// sees it on /profile. Runs against the local cloud (`make dev`): the app and API on APP_URL,
// sent mail listed by the AWS edge at EDGE_URL/_aws/ses (as LocalStack does).
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 npm run e2e
//
// Fails at once, saying why, when APP_URL/api/health does not answer: `make test-browser`
// starts a fresh local cloud for it, so an unreachable app is a broken set-up, not a reason to skip.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const APP_URL = (process.env.APP_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const EDGE_URL = (process.env.EDGE_URL ?? 'http://127.0.0.1:4566').replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS_DIR = fileURLToPath(new URL('../test-results/', import.meta.url));

async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

const backendUp = await answers(`${APP_URL}/api/health`);

/** Polls the edge's sent-mail list until a 6-digit code addressed to `email` shows up. */
async function readOtp(email, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no message yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${EDGE_URL}/_aws/ses?email=${encodeURIComponent(email)}`);
      if (res.ok) {
        const { messages = [] } = await res.json();
        const mine = messages.filter((m) =>
          (m.Destination?.ToAddresses ?? []).some((a) => a.toLowerCase() === email.toLowerCase()),
        );
        for (const message of mine.reverse()) {
          const text = `${message.Body?.text_part ?? ''}\n${message.Body?.html_part ?? ''}`;
          const code = text.match(/\b(\d{6})\b/);
          if (code) return code[1];
        }
        lastError = `${mine.length} message(s) for ${email}, none with a 6-digit code`;
      } else {
        lastError = `GET /_aws/ses answered ${res.status}`;
      }
    } catch (error) {
      lastError = `GET ${EDGE_URL}/_aws/ses failed: ${error.message}`;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No OTP e-mail for ${email}: ${lastError}`);
}

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
  assert.ok(backendUp, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const profileDir = mkdtempSync(path.join(tmpdir(), 'zuum-e2e-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
    await page.getByRole('heading', { name: 'Your feed is on its way' }).waitFor();

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
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
});
