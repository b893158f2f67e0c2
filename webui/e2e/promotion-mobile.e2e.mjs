// Browser test: a mass-promotion package bought on a phone (390×844), by tapping as a person would.
//   A creator is paid ₦60,000 into the wallet through the sandbox, opens /global on a phone screen,
//   taps the Radio tab's ₦60,000 package (Port Harcourt FM): every package card fits the screen (no sideways
//   scrolling), Select and the Confirm button of "Confirm Selection" are on screen and tapped, the
//   form is filled and submitted, and the wallet is empty. The same cards fit a 1280 px screen.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/promotion-mobile.e2e.mjs
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, EDGE_URL, RESULTS_DIR, backendUp, launch, logIn, openDepositAccount, postJson, signUpAndVerify, uniqueUser, waitForValue } from './support.mjs';

const up = await backendUp();
const PHONE = { width: 390, height: 844 };

/** Fails when `locator` is not wholly inside the viewport (a person could not tap all of it). */
async function assertOnScreen(page, locator, what) {
  const box = await locator.boundingBox();
  assert.ok(box, `${what}: not rendered`);
  const { width, height } = page.viewportSize();
  assert.ok(box.x >= 0 && box.x + box.width <= width + 0.5, `${what}: x ${box.x}..${box.x + box.width} outside 0..${width}`);
  assert.ok(box.y >= 0 && box.y + box.height <= height + 0.5, `${what}: y ${box.y}..${box.y + box.height} outside 0..${height}`);
}

/** Every package card fits the page's width, and the page does not scroll sideways. */
async function assertCardsFit(page, what) {
  const { width } = page.viewportSize();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `${what}: the page is ${scrollWidth} px wide in a ${width} px screen`);
  const cards = page.getByRole('list', { name: 'Packages' }).locator(':scope > li');
  const n = await cards.count();
  assert.ok(n > 0, `${what}: no package cards`);
  for (let i = 0; i < n; i++) {
    const box = await cards.nth(i).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width, `${what}: card ${i} spans ${box.x}..${box.x + box.width} in ${width} px`);
  }
}

test('a creator buys a ₦60,000 radio package on /global at 390×844 by tapping', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const creator = uniqueUser('massphone', 'Tolu');
  const browser = await launch('promotion-mobile', { viewport: PHONE, hasTouch: true, isMobile: true });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(20_000);
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  let step = 'sign up';
  try {
    await signUpAndVerify(creator);
    await logIn(page, creator);

    step = 'the sandbox pays ₦60,000 into the wallet';
    await page.goto(`${APP_URL}/dashboard`);
    const account = await openDepositAccount(page, 60000);
    const payIn = await postJson(`${EDGE_URL}/_flutterwave/sandbox/pay-in`, { account_number: account.accountNumber, amount: 60000 });
    assert.ok(payIn.status >= 200 && payIn.status < 300, `sandbox pay-in: ${payIn.status} ${payIn.text}`);
    await waitForValue('balance after the deposit', () => page.getByTestId('wallet-balance').textContent(), '₦60,000.00', 30_000);

    step = 'the package cards fit a 1280 px screen';
    await page.setViewportSize({ width: 1280, height: 844 });
    await page.goto(`${APP_URL}/global`);
    await page.getByRole('list', { name: 'Packages' }).waitFor();
    await assertCardsFit(page, '1280 px');

    step = 'the package cards fit the phone';
    await page.setViewportSize(PHONE);
    await assertCardsFit(page, '390 px');

    step = 'the creator taps the Radio tab and Select on the ₦60,000 package';
    const radio = page.getByRole('tab', { name: 'Radio', exact: true });
    await radio.scrollIntoViewIfNeeded();
    await radio.tap();
    await assertCardsFit(page, '390 px, Radio');
    const card = page.getByRole('list', { name: 'Packages' }).locator(':scope > li').filter({ has: page.getByRole('heading', { name: 'Port Harcourt FM', exact: true }) });
    const select = card.getByRole('button', { name: 'Select', exact: true });
    await select.scrollIntoViewIfNeeded();
    await assertOnScreen(page, select, 'Select');
    const packageName = 'Port Harcourt FM';
    await select.tap();

    step = 'Confirm Selection fits and its Confirm is tapped';
    const confirmDialog = page.getByRole('dialog', { name: 'Confirm Selection' });
    await confirmDialog.getByText('The price includes all fees and taxes.').waitFor();
    const confirm = confirmDialog.getByRole('button', { name: 'Confirm', exact: true });
    await assertOnScreen(page, confirmDialog, 'Confirm Selection');
    await assertOnScreen(page, confirm, 'Confirm');
    await confirm.tap();

    step = 'the radio form is filled and submitted';
    const sheet = page.getByRole('dialog', { name: packageName });
    await sheet.getByLabel('Song link', { exact: true }).fill('https://audiomack.com/tolu/song/lagos-nights');
    const submit = sheet.getByRole('button', { name: 'Submit Promotion', exact: true });
    await submit.scrollIntoViewIfNeeded();
    await assertOnScreen(page, submit, 'Submit Promotion');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/promotions/mass' && r.request().method() === 'POST');
    await submit.tap();
    const createdRes = await created;
    assert.equal(createdRes.status(), 201, `POST /api/promotions/mass: ${await createdRes.text()}`);
    await sheet.getByText(/Promotion created\. It is pending/).waitFor();

    step = 'the wallet paid ₦60,000';
    await page.goto(`${APP_URL}/dashboard`);
    await waitForValue('balance after the purchase', () => page.getByTestId('wallet-balance').textContent(), '₦0.00');
    assert.deepEqual(consoleErrors.filter((e) => !/Failed to load resource/.test(e)), [], 'console');
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'promotion-mobile.png'), fullPage: true }).catch(() => {});
    error.message = `[${step}] ${error.message}`;
    throw error;
  } finally {
    await browser.close();
  }
});
