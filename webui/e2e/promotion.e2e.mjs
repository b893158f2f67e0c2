// Browser test: paid in-app promotion, end to end against the local cloud and its payment sandbox.
//   A creator uploads a track through /addmusic, pays ₦5,000 into the wallet through the sandbox,
//   opens the Creator Hub, picks the track on /promotion, previews it, chooses 1 Week (₦5,000.00 in
//   the summary) and taps Request Promotion: the promotion is pending and the wallet is empty. A
//   listener sees the track in the audio feed without a label. The demo admin (admin@demo.zuum.ng)
//   approves it through the admin API; the listener's feed then shows the slide labelled
//   "Promoted"; a fan who opens the feed afterwards sees it Promoted and plays it, and the
//   creator's My Promotions lists it as active with that play counted.
// Two persistent contexts, no API mocking; sign-up goes through the API as the other tests do.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/promotion.e2e.mjs
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, EDGE_URL, openDepositAccount, RESULTS_DIR, backendUp, launch, logIn, makePng, makeWav, postJson, signUpAndVerify, uniqueUser, waitForValue } from './support.mjs';

const up = await backendUp();

/** The demo admin of `make dev` (README, demo logins). */
const ADMIN = { email: 'admin@demo.zuum.ng', password: process.env.ADMIN_PASSWORD ?? 'zuumdemo123' };

async function openBrowser(name) {
  const browser = await launch(`promotion-${name}`);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(20_000);
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  return { name, page, consoleErrors, close: browser.close };
}

const apiResponse = (page, pathname, method = 'POST') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api${pathname}` && r.request().method() === method);

/** Calls an admin route with the admin's bearer token; answers the status and the parsed body. */
async function adminCall(token, method, pathname, body) {
  const res = await fetch(`${APP_URL}/api/admin${pathname}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body && { 'Content-Type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : null };
}

test('a creator promotes a track, an admin approves it, and a listener sees it Promoted in the feed', { timeout: 150_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const creator = uniqueUser('promoter', 'Ada');
  const listener = uniqueUser('viewer', 'Bola');
  const fan = uniqueUser('fan', 'Chidi');
  const caption = `Promo riddim ${creator.username}`;
  const slideName = `${caption} by ${creator.username}`;
  const browsers = [];
  let step = 'sign up';
  try {
    await Promise.all([signUpAndVerify(creator), signUpAndVerify(listener), signUpAndVerify(fan)]);
    const c = await openBrowser('creator');
    browsers.push(c);
    const l = await openBrowser('listener');
    browsers.push(l);

    step = 'creator uploads a track';
    await logIn(c.page, creator);
    await c.page.goto(`${APP_URL}/addmusic`);
    await c.page.getByLabel('Caption', { exact: true }).fill(caption);
    await c.page.getByLabel('Cover Photo', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng() });
    await c.page.getByLabel('Audio File', { exact: true }).setInputFiles({ name: 'riddim.wav', mimeType: 'audio/wav', buffer: makeWav(3) });
    await c.page.getByLabel('Spotify', { exact: true }).fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    const created = apiResponse(c.page, '/audio/create');
    await c.page.getByRole('button', { name: 'Upload', exact: true }).click();
    const createdRes = await created;
    assert.equal(createdRes.status(), 201, `POST /api/audio/create: ${await createdRes.text()}`);
    const { post } = await createdRes.json();

    step = 'the sandbox pays ₦5,000 into the creator\'s wallet';
    await c.page.goto(`${APP_URL}/dashboard`);
    const account = await openDepositAccount(c.page, 5000);
    const payIn = await postJson(`${EDGE_URL}/_flutterwave/sandbox/pay-in`, { account_number: account.accountNumber, amount: 5000 });
    assert.ok(payIn.status >= 200 && payIn.status < 300, `sandbox pay-in: ${payIn.status} ${payIn.text}`);
    await waitForValue('balance after the deposit', () => c.page.getByTestId('wallet-balance').textContent(), '₦5,000.00', 30_000);

    step = 'the listener sees the track in the feed, not promoted';
    await logIn(l.page, listener);
    const feed = l.page.getByRole('feed', { name: 'Audio feed' });
    const slot = feed.locator('.feed-slot').filter({ has: l.page.getByRole('article', { name: slideName, exact: true }) });
    await slot.waitFor();
    assert.equal(await slot.getByText('Promoted', { exact: true }).count(), 0, 'no label before the promotion is approved');

    step = 'creator requests a one-week promotion from the Creator Hub';
    await c.page.goto(`${APP_URL}/profile`);
    await c.page.getByRole('link', { name: 'Creator Hub', exact: true }).click();
    await c.page.getByRole('link', { name: /In-App Promotion/ }).click();
    await c.page.waitForURL('**/promotion');
    await c.page.getByRole('button', { name: 'Audios', exact: true }).click();
    await c.page.getByRole('button', { name: caption, exact: true }).click();
    await c.page.getByRole('dialog', { name: caption }).getByRole('button', { name: 'Continue', exact: true }).click();
    await c.page.getByRole('button', { name: '1 Week', exact: true }).click();
    const summary = c.page.getByRole('definition').filter({ hasText: '₦' });
    assert.equal(await summary.textContent(), '₦5,000.00');
    const promoted = apiResponse(c.page, '/payment/promote');
    await c.page.getByRole('button', { name: 'Request Promotion', exact: true }).click();
    const promotedRes = await promoted;
    assert.equal(promotedRes.status(), 201, `POST /api/payment/promote: ${await promotedRes.text()}`);
    assert.match(promotedRes.request().headers()['idempotency-key'] ?? '', /^[0-9a-f-]{36}$/);
    const { data: promotion } = await promotedRes.json();
    assert.equal(promotion.status, 'pending');
    assert.equal(promotion.price, 5000);
    await c.page.getByText(/It is pending: Promotion requires admin approval \(24-48 hours\)\./).waitFor();
    await c.page.getByRole('region', { name: 'Active Promotions' }).getByText('pending', { exact: true }).waitFor();

    step = 'the demo admin approves it';
    const login = await postJson(`${APP_URL}/api/admin/auth/login`, ADMIN);
    assert.equal(login.status, 200, `admin login: ${login.text}`);
    const { token } = JSON.parse(login.text);
    const queue = await adminCall(token, 'GET', '/promotions?status=pending');
    assert.equal(queue.status, 200, `GET /api/admin/promotions: ${queue.text}`);
    assert.ok(JSON.stringify(queue.json).includes(promotion.id), 'the pending queue holds the promotion');
    const approve = await adminCall(token, 'POST', `/promotions/${encodeURIComponent(promotion.id)}/approve`, {});
    assert.equal(approve.status, 200, `approve: ${approve.text}`);

    step = 'the listener\'s feed labels the slide Promoted';
    await l.page.reload();
    await slot.waitFor();
    await slot.getByText('Promoted', { exact: true }).waitFor();
    const served = await (await fetch(`${APP_URL}/api/audio/${encodeURIComponent(post.id)}`, { headers: { cookie: (await l.page.context().cookies()).map((k) => `${k.name}=${k.value}`).join('; ') } })).json();
    assert.equal(served.post?.is_promoted ?? served.is_promoted, true, 'the post reads is_promoted true during its window');

    // The listener's own play was counted before the approval (one per listener every 10 minutes):
    // a fan who opens the feed now plays the promoted slide, and that play is the promotion's.
    step = 'a fan\'s feed shows it Promoted and reports the play';
    const f = await openBrowser('fan');
    browsers.push(f);
    const played = f.page.waitForResponse((r) => new URL(r.url()).pathname === `/api/audio/${post.id}/play` && r.request().method() === 'POST', { timeout: 40_000 });
    await logIn(f.page, fan);
    const fanSlot = f.page.getByRole('feed', { name: 'Audio feed' }).locator('.feed-slot').filter({ has: f.page.getByRole('article', { name: slideName, exact: true }) });
    await fanSlot.getByText('Promoted', { exact: true }).waitFor();
    await fanSlot.scrollIntoViewIfNeeded();
    // The slide in view plays by itself where the browser allows it; otherwise the fan taps Play.
    // The slot is drawn in full once it is near the slide in view; its player may be redrawn as
    // the feed settles after the scroll, so a tap that meets a detached button is tried again.
    await fanSlot.locator('audio[src]').waitFor({ state: 'attached' });
    const playButton = fanSlot.getByRole('button', { name: 'Play', exact: true });
    for (let tries = 0; tries < 4; tries++) {
      if (!(await playButton.isVisible().catch(() => false))) break;
      if (await playButton.click({ timeout: 5_000 }).then(() => true, () => false)) break;
    }
    assert.equal((await played).status(), 204, 'the play is reported');

    step = 'the creator\'s My Promotions lists it active';
    await c.page.goto(`${APP_URL}/user/promotions`);
    const row = c.page.getByRole('row').filter({ hasText: caption });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText(/^\d+ impressions · 1 plays$/).waitFor();

    for (const b of browsers) assert.deepEqual(b.consoleErrors.filter((e) => !/Failed to load resource/.test(e)), [], `${b.name}'s console`);
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    for (const b of browsers) await b.page.screenshot({ path: path.join(RESULTS_DIR, `promotion-${b.name}.png`), fullPage: true }).catch(() => {});
    error.message = `[${step}] ${error.message}`;
    throw error;
  } finally {
    for (const b of browsers) await b.close();
  }
});

test('a creator buys a print package on /global with an image, files /req, and finds both in My Promotions', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const creator = uniqueUser('massbuyer', 'Kemi');
  const browsers = [];
  let step = 'sign up';
  try {
    await signUpAndVerify(creator);
    const c = await openBrowser('mass');
    browsers.push(c);
    await logIn(c.page, creator);

    step = 'the sandbox pays ₦40,000 into the wallet';
    await c.page.goto(`${APP_URL}/dashboard`);
    const account = await openDepositAccount(c.page, 40000);
    const payIn = await postJson(`${EDGE_URL}/_flutterwave/sandbox/pay-in`, { account_number: account.accountNumber, amount: 40000 });
    assert.ok(payIn.status >= 200 && payIn.status < 300, `sandbox pay-in: ${payIn.status} ${payIn.text}`);
    await waitForValue('balance after the deposit', () => c.page.getByTestId('wallet-balance').textContent(), '₦40,000.00', 30_000);

    step = 'the creator picks the ₦40,000 print package and fills its form';
    await c.page.goto(`${APP_URL}/global`);
    assert.equal(await c.page.getByRole('tab', { name: 'TikTok', exact: true }).getAttribute('aria-selected'), 'true');
    await c.page.getByRole('tab', { name: 'Print Media', exact: true }).click();
    const card = c.page.getByRole('listitem').filter({ has: c.page.getByRole('heading', { name: 'Trend Watch', exact: true }) });
    await card.getByRole('button', { name: 'Select', exact: true }).click();
    const confirm = c.page.getByRole('dialog', { name: 'Confirm Selection' });
    await confirm.getByText('The price includes all fees and taxes.').waitFor();
    await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    const sheet = c.page.getByRole('dialog', { name: 'Trend Watch' });
    await sheet.getByLabel('Title', { exact: true }).fill(`Lagos Nights ${creator.username}`);
    await sheet.getByLabel('Body', { exact: true }).fill('A new single from Lagos.');
    await sheet.getByLabel('Image', { exact: true }).setInputFiles({ name: 'feature.png', mimeType: 'image/png', buffer: makePng() });
    const created = apiResponse(c.page, '/promotions/mass');
    await sheet.getByRole('button', { name: 'Submit Promotion', exact: true }).click();
    const createdRes = await created;
    assert.equal(createdRes.status(), 201, `POST /api/promotions/mass: ${await createdRes.text()}`);
    const sent = JSON.parse(createdRes.request().postData());
    assert.match(sent.image, /^uploads\//, 'the image travels by upload key');
    await sheet.getByText(/Promotion created\. It is pending/).waitFor();

    step = 'the creator files the requirements form';
    await c.page.goto(`${APP_URL}/req`);
    await c.page.getByRole('button', { name: 'Submit Promotion Request', exact: true }).click();
    await c.page.getByText('Please select a promotion type').waitFor();
    await c.page.getByRole('button', { name: 'Radio', exact: true }).click();
    await c.page.getByRole('button', { name: 'Cool FM', exact: true }).click();
    await c.page.getByLabel('Content link', { exact: true }).fill('https://example.com/lagos-nights');
    await c.page.getByLabel('Name', { exact: true }).fill('Kemi Tester');
    await c.page.getByLabel('Email', { exact: true }).fill(creator.email);
    await c.page.getByLabel('Phone', { exact: true }).fill(creator.phonenumber);
    await c.page.getByRole('checkbox').check();
    const stored = apiResponse(c.page, '/promotions/requests');
    await c.page.getByRole('button', { name: 'Submit Promotion Request', exact: true }).click();
    assert.equal((await stored).status(), 201);
    await c.page.getByText('Your promotion request has been submitted.').waitFor();

    step = 'My Promotions lists the print promotion, pending';
    await c.page.goto(`${APP_URL}/user/promotions`);
    const row = c.page.getByRole('row').filter({ hasText: `Lagos Nights ${creator.username}` });
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('Print Media', { exact: true }).waitFor();
    await c.page.getByText('Showing 1 to 1 of 1 results').waitFor();
    await c.page.goto(`${APP_URL}/dashboard`);
    await waitForValue('balance after the purchase', () => c.page.getByTestId('wallet-balance').textContent(), '₦0.00');

    assert.deepEqual(c.consoleErrors.filter((e) => !/Failed to load resource/.test(e)), [], 'console');
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    for (const b of browsers) await b.page.screenshot({ path: path.join(RESULTS_DIR, `promotion-${b.name}.png`), fullPage: true }).catch(() => {});
    error.message = `[${step}] ${error.message}`;
    throw error;
  } finally {
    for (const b of browsers) await b.close();
  }
});
