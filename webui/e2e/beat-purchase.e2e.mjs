// Browser test: the first money in Zuum, end to end against the local cloud and its payment sandbox.
//   A producer puts a beat up for sale through /addbeat (price ₦1,500, commission from the terms);
//   a listener opens the wallet at /dashboard, takes the temporary deposit account, and naira is
//   paid into it through the sandbox (POST EDGE_URL/_flutterwave/sandbox/pay-in, the bank transfer
//   the provider reports by its signed webhook); the listener sees the balance arrive, finds the
//   beat in the audio feed, hears nothing but its 10 s preview, unlocks it and buys it with Buy
//   Now; finds it in Your Library, plays the full beat there (12 s, not the 10 s preview) and on
//   the beat's page, which says "You own this beat" with Download and the licence instead of Buy
//   License; downloads it (a real file, one download spent) and opens its
//   licence PDF; the public /licences/{number} page confirms it; the producer's wallet shows the
//   sale, less the platform commission, and the listener's the purchase.
// Two persistent contexts, no API mocking; sign-up goes through the API as the other tests do.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/beat-purchase.e2e.mjs
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, EDGE_URL, openDepositAccount, RESULTS_DIR, backendUp, launch, logIn, makePng, makeWav, postJson, signUpAndVerify, uniqueUser, waitForValue } from './support.mjs';

const up = await backendUp();

async function openBrowser(name) {
  const browser = await launch(`beat-${name}`);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(20_000);
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  return { name, page, context: browser.context, consoleErrors, close: browser.close };
}

const apiResponse = (page, pathname, method = 'POST') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api${pathname}` && r.request().method() === method);

const PRICE = '1500';

test('a listener pays in, buys a beat from the feed, downloads it and opens its licence; the producer sees the sale', { timeout: 150_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const producer = { ...uniqueUser('seller', 'Kelechi'), identity: 'producer' };
  const listener = uniqueUser('buyer', 'Bola');
  const title = `Afro drill ${producer.username}`;
  const slideName = `${title} by ${producer.username}`;
  const browsers = [];
  let step = 'sign up';
  try {
    await Promise.all([signUpAndVerify(producer), signUpAndVerify(listener)]);
    const p = await openBrowser('producer');
    browsers.push(p);
    const l = await openBrowser('listener');
    browsers.push(l);

    // 1. The producer puts a beat up for sale.
    step = 'producer uploads a beat for sale';
    await logIn(p.page, producer);
    await p.page.goto(`${APP_URL}/add`);
    await p.page.getByRole('link', { name: 'Upload beat for sale', exact: true }).click();
    await p.page.waitForURL('**/addpaybeat');
    await p.page.getByText('Zuum keeps 10% of each sale as its commission.').waitFor();
    await p.page.getByLabel('Title', { exact: true }).fill(title);
    await p.page.getByLabel('Description', { exact: true }).fill('Hard drums, dark keys.');
    await p.page.getByLabel('Total Supply', { exact: true }).fill('20');
    await p.page.getByLabel('Price (₦)', { exact: true }).fill(PRICE);
    await p.page.getByLabel('Cover Photo', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng() });
    // 12 s of audio: the preview is the first 10.
    await p.page.getByLabel('Audio File', { exact: true }).setInputFiles({ name: 'drill.wav', mimeType: 'audio/wav', buffer: makeWav(12) });
    const created = apiResponse(p.page, '/beat/create');
    await p.page.getByRole('button', { name: 'Upload Beat', exact: true }).click();
    const createdRes = await created;
    assert.equal(createdRes.status(), 201, `POST /api/beat/create: ${await createdRes.text()}`);
    const { post: beat } = await createdRes.json();
    assert.equal(beat.amount, 1500);
    await p.page.getByText('Beat uploaded successfully!').waitFor();

    // 2. The listener's wallet: empty, then a deposit account for ₦5,000, paid into through the sandbox.
    step = 'listener opens the deposit account';
    const me = await logIn(l.page, listener);
    await l.page.goto(`${APP_URL}/dashboard`);
    await waitForValue('starting balance', () => l.page.getByTestId('wallet-balance').textContent(), '₦0.00');
    const account = await openDepositAccount(l.page, 5000);
    const panel = l.page.getByRole('region', { name: 'Deposit Funds' });
    await panel.getByText('Temporary Account', { exact: true }).waitFor();

    step = 'the sandbox pays ₦5,000 into the account';
    const payIn = await postJson(`${EDGE_URL}/_flutterwave/sandbox/pay-in`, { account_number: account.accountNumber, amount: 5000 });
    assert.ok(payIn.status >= 200 && payIn.status < 300, `sandbox pay-in: ${payIn.status} ${payIn.text}`);
    // The webhook credits the wallet; the dashboard asks again every 5 s while the deposit shows.
    await waitForValue('balance after the deposit', () => l.page.getByTestId('wallet-balance').textContent(), '₦5,000.00', 30_000);

    // 3. The beat in the feed: locked, a 10 s preview, then Buy Now.
    step = 'listener buys the beat from the feed';
    await l.page.goto(`${APP_URL}/home`);
    const slide = l.page.getByRole('feed', { name: 'Audio feed' }).getByRole('article', { name: slideName, exact: true });
    await slide.waitFor();
    await slide.getByRole('button', { name: 'Play 10s Preview', exact: true }).waitFor();
    const previewSrc = await slide.locator('audio').first().getAttribute('src');
    assert.ok(previewSrc, 'the locked box has a preview to play');
    const previewBytes = (await (await fetch(previewSrc)).arrayBuffer()).byteLength;
    const fullBytes = 44 + 12 * 8000 * 2;
    assert.ok(previewBytes < fullBytes, `the listener reaches only the preview (${previewBytes} < ${fullBytes} bytes)`);
    await slide.getByRole('button', { name: 'Unlock', exact: true }).click();
    await slide.getByText('Full Track Price', { exact: true }).waitFor();
    await slide.getByText('About This Track', { exact: true }).waitFor();
    await slide.getByRole('button', { name: 'Buy Now ₦1,500.00', exact: true }).click();
    const confirm = l.page.getByRole('alertdialog', { name: 'Confirm Purchase' });
    const bought = apiResponse(l.page, '/beat/purchase');
    await confirm.getByRole('button', { name: 'Confirm Purchase', exact: true }).click();
    const boughtRes = await bought;
    assert.equal(boughtRes.status(), 201, `POST /api/beat/purchase: ${await boughtRes.text()}`);
    assert.match(boughtRes.request().headers()['idempotency-key'] ?? '', /^[0-9a-f-]{36}$/);
    const { data: purchase } = await boughtRes.json();
    await slide.getByText('Purchase successful').waitFor();

    // 4. Your Library: the full beat plays, the download (a real file, one download spent) and the licence.
    step = 'listener plays the full beat in the library';
    await l.page.goto(`${APP_URL}/purchasedbeats`);
    const card = l.page.getByRole('listitem', { name: title, exact: true });
    await card.waitFor();
    const player = card.locator('audio');
    await player.evaluate((a) => a.play());
    await waitForValue('the library plays the full 12 s beat', () => player.evaluate((a) => (a.paused ? 'paused' : Math.round(a.duration))), 12);
    await player.evaluate((a) => a.pause());

    step = "the beat's page: You own this beat, the full beat, no offer";
    await l.page.goto(`${APP_URL}/beats/${beat.id}`);
    const owned = l.page.getByRole('region', { name: 'Your licence' });
    await owned.getByRole('heading', { name: 'You own this beat', exact: true }).waitFor();
    await owned.getByRole('button', { name: 'Download', exact: true }).waitFor();
    await owned.getByRole('link', { name: 'Licence', exact: true }).waitFor();
    assert.equal(await l.page.getByRole('button', { name: /Buy License/ }).count(), 0, 'no Buy License for a buyer');
    const pagePlayer = l.page.locator('audio.beat-player');
    await waitForValue('the beat page has the full 12 s beat', () => pagePlayer.evaluate((a) => Math.round(a.duration)), 12);

    step = 'listener downloads the beat from the library';
    await l.page.goto(`${APP_URL}/purchasedbeats`);
    await card.waitFor();
    assert.equal(await card.getByTestId('downloads-left').textContent(), '5');
    const download = l.page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download', exact: true }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `${title}.wav`);
    const saved = readFileSync(await file.path());
    assert.equal(saved.byteLength, fullBytes, 'the download is the full beat');
    assert.equal(saved.toString('ascii', 0, 4), 'RIFF');
    await waitForValue('downloads left', () => card.getByTestId('downloads-left').textContent(), '4');

    step = 'listener opens the licence';
    const licenceRes = l.context.waitForEvent('response', (r) => new URL(r.url()).pathname === `/api/beat/purchase/${purchase.id}/licence`);
    await card.getByRole('link', { name: 'Licence', exact: true }).click();
    const licence = await licenceRes;
    assert.equal(licence.status(), 200);
    assert.match(licence.headers()['content-type'] ?? '', /^application\/pdf/);

    step = 'the public page confirms the licence';
    await l.page.goto(`${APP_URL}/licences/${purchase.licence_number}`);
    await l.page.getByText('This licence is genuine.').waitFor();
    await l.page.getByText(listener.username, { exact: true }).waitFor();

    step = "listener's wallet shows the purchase";
    await l.page.goto(`${APP_URL}/dashboard`);
    await waitForValue('balance after the purchase', () => l.page.getByTestId('wallet-balance').textContent(), '₦3,500.00');
    await l.page.getByRole('list', { name: 'Recent transactions' }).getByText(`Bought a beat from ${producer.username}`).waitFor();

    // 5. The producer sees the sale, less the 10% commission.
    step = 'producer sees the sale';
    await p.page.goto(`${APP_URL}/dashboard`);
    await waitForValue('producer balance', () => p.page.getByTestId('wallet-balance').textContent(), '₦1,350.00');
    await p.page.getByRole('button', { name: 'View All', exact: true }).click();
    await p.page.getByRole('button', { name: 'Sale', exact: true }).click();
    const sale = p.page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
    await sale.getByText(`Sold a beat to ${me.username}`).waitFor();
    assert.match(await sale.textContent(), /\+₦1,350\.00/);
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const details = [`step: ${step}`];
    for (const { name, page, consoleErrors } of browsers) {
      const shot = path.join(RESULTS_DIR, `beat-${name}-failure-${Date.now()}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
      details.push(`${name} screenshot: ${shot}`, `${name} url: ${page.url()}`, ...consoleErrors.map((e) => `${name} console: ${e}`));
    }
    error.message = `${error.message}\n${details.join('\n')}`;
    throw error;
  } finally {
    await Promise.all(browsers.map((b) => b.close()));
  }
});
