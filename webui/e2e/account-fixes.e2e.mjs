// Browser tests for the account screens' fixes, against the local cloud (make test-browser):
//   - the sign-up wizard: Enter moves on a step, step 3 shows no error before the user types,
//     the 5-second splash shows once per visit (/login → Sign up goes straight to the cards);
//   - a taken username is reported beside the field on step 2 (GET /api/auth/check-username);
//   - a password-reset link read on another device: /forgot in one browser profile, the e-mailed
//     link {APP_URL}/reset?token=…&email=… opened in a second, fresh profile, the new password
//     then logs in there, and the session lives in the HttpOnly cookie alone (no stored token).
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/account-fixes.e2e.mjs
//
// Fails at once, saying why, when APP_URL/api/health does not answer (see signup-profile.e2e.mjs).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch, readResetLink, uniqueUser, postJson, signUpAndVerify } from './support.mjs';

const up = await backendUp();

/** A fresh browser profile with one page; failures get a screenshot and the console errors. */
async function openBrowser(name) {
  const browser = await launch(`account-${name}`);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15_000);
  const consoleErrors = [];
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  return { ...browser, page, consoleErrors };
}

async function explain(error, browsers) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const details = [];
  for (const { page, consoleErrors, name } of browsers) {
    const shot = path.join(RESULTS_DIR, `account-${name}-failure-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    details.push(`[${name}] screenshot: ${shot}`, `[${name}] url: ${page.url()}`, ...consoleErrors.map((e) => `[${name}] ${e}`));
  }
  error.message = `${error.message}\n${details.join('\n')}`;
  return error;
}

const STEP3_EARLY_ERRORS = ['Password is required', 'Please confirm your password'];

test('sign-up wizard: Enter moves on, step 3 shows no error before typing, the splash shows once', { timeout: 90_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const browser = { ...(await openBrowser('wizard')), name: 'wizard' };
  const { page } = browser;
  const user = uniqueUser('wiz');
  try {
    // First visit: the splash, then the cards.
    await page.goto(`${APP_URL}/start`);
    await page.getByText('Where artist and industry meet').waitFor();
    await page.getByRole('link', { name: /^Artist/ }).click();
    await page.getByRole('heading', { name: 'Signup as artist' }).waitFor();

    // Step 1 by Enter.
    await page.getByLabel('First Name', { exact: true }).fill(user.firstname);
    await page.getByLabel('Last Name', { exact: true }).fill(user.lastname);
    await page.getByLabel('Last Name', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();

    // Step 2 by clicking Next: the click that used to submit step 3 as well.
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Phone Number', { exact: true }).fill(user.phonenumber);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Set Password' }).waitFor();
    await page.waitForTimeout(300); // the slide (300 ms) is over; any error would show by now
    for (const text of STEP3_EARLY_ERRORS) {
      assert.equal(await page.getByText(text, { exact: true }).count(), 0, `step 3 shows "${text}" before any typing`);
    }
    assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid'), null);

    // Enter on the last step signs up.
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password', { exact: true }).press('Enter');
    await page.waitForURL('**/verify');
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), user.email);

    // Same visit: /login → Sign up lands on the cards without the 5-second splash.
    await page.goto(`${APP_URL}/login`);
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.getByRole('heading', { name: 'Which Category Do You Belong?' }).waitFor({ timeout: 2000 });
  } catch (error) {
    throw await explain(error, [browser]);
  } finally {
    await browser.close();
  }
});

test('sign-up wizard: a taken username is reported beside the field on step 2', { timeout: 90_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const owner = uniqueUser('own');
  await signUpAndVerify(owner);
  const browser = { ...(await openBrowser('username')), name: 'username' };
  const { page } = browser;
  try {
    await page.goto(`${APP_URL}/signup?identity=producer`);
    await page.getByLabel('First Name', { exact: true }).fill('Tunde');
    await page.getByLabel('Last Name', { exact: true }).fill('Tester');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();

    // While typing: the check answers beside the field once the user pauses.
    const username = page.getByLabel('Username', { exact: true });
    await username.fill(owner.username);
    await page.waitForFunction(() => document.querySelector('input[name="username"]')?.getAttribute('aria-invalid') === 'true');
    const describedBy = await username.getAttribute('aria-describedby');
    const message = (await page.locator(`[id="${describedBy}"]`).innerText()).trim();
    assert.ok(message.length > 0, 'the taken username has a message beside the field');

    // Next stays on step 2 with the message still there.
    await page.getByLabel('Email', { exact: true }).fill(`other.${owner.email}`);
    await page.getByLabel('Phone Number', { exact: true }).fill(owner.phonenumber);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForTimeout(500);
    await page.getByRole('heading', { name: 'Account Details' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Set Password' }).count(), 0, 'Next went on with a taken username');
    assert.equal(await page.getByText(message, { exact: true }).count(), 1);

    // A free name clears it and moves on.
    await username.fill(`${owner.username}x`);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Set Password' }).waitFor();
  } catch (error) {
    throw await explain(error, [browser]);
  } finally {
    await browser.close();
  }
});

test('a reset link opened in another browser resets the password there; the session is the cookie alone', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const user = uniqueUser('rst');
  await signUpAndVerify(user);
  const newPassword = 'N3wSecret!pass';
  const laptop = { ...(await openBrowser('laptop')), name: 'laptop' };
  let phone;
  try {
    // The laptop asks for the link.
    await laptop.page.goto(`${APP_URL}/forgot`);
    await laptop.page.getByLabel('Email', { exact: true }).fill(user.email);
    await laptop.page.getByRole('button', { name: 'Send Reset Link', exact: true }).click();
    await laptop.page.getByText('Password reset link sent to your email. Please check your inbox.').waitFor();

    // The link carries the token and the e-mail.
    const link = await readResetLink(user.email);
    assert.equal(`${link.origin}${link.pathname}`, `${APP_URL}/reset`, `link ${link}`);
    assert.ok(link.searchParams.get('token'), `link ${link} has a token`);
    assert.equal(link.searchParams.get('email'), user.email, `link ${link} carries the e-mail`);

    // The phone (a fresh profile: nothing stored) opens it and resets there.
    phone = { ...(await openBrowser('phone')), name: 'phone' };
    await phone.page.goto(link.href);
    await phone.page.getByText(user.email, { exact: true }).waitFor();
    await phone.page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await phone.page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await phone.page.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await phone.page.getByText('Password reset successful. Please log in.').waitFor();
    await phone.page.waitForURL('**/login');

    // The old password no longer works; the new one logs in on the phone.
    const old = await postJson(`${APP_URL}/api/auth/login`, { email: user.email, password: user.password });
    assert.equal(old.status, 401, `login with the old password: ${old.text}`);
    await phone.page.getByLabel('Email', { exact: true }).fill(user.email);
    await phone.page.getByLabel('Password', { exact: true }).fill(newPassword);
    await phone.page.getByRole('button', { name: 'Log In', exact: true }).click();
    await phone.page.waitForURL('**/home');

    // The session is the HttpOnly cookie: nothing in storage, and it survives a reload.
    const cookie = (await phone.context.cookies(APP_URL)).find((c) => c.name === 'zuum_session');
    assert.ok(cookie?.httpOnly, 'zuum_session is an HttpOnly cookie');
    const stored = await phone.page.evaluate(() => ({ ...localStorage, ...sessionStorage }));
    assert.equal(stored.token, undefined, 'no token in localStorage');
    assert.ok(!Object.values(stored).some((v) => v.includes(cookie.value)), 'the session token is stored nowhere');
    await phone.page.reload();
    await phone.page.getByRole('feed', { name: 'Audio feed' }).waitFor();
    assert.match(phone.page.url(), /\/home$/);
  } catch (error) {
    throw await explain(error, phone ? [laptop, phone] : [laptop]);
  } finally {
    await laptop.close();
    await phone?.close();
  }
});
