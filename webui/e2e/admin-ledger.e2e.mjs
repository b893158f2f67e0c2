// Browser test: the admin ledger screen sets the books against the payment provider's balance.
//   The local cloud's first start pays the demo listeners' wallets in through the payment sandbox
//   (bank transfers, each with the provider's 1.4% app_fee kept). The demo admin logs in at /adlog,
//   opens /admin/ledger and sees the ledger balanced, the provider's fees on their own account
//   (platform#provider-fees, below zero), and the provider's balance equal to what the books say it
//   holds: "The books agree with the payment provider: no drift." with a drift of ₦0.00.
//   Nothing is mocked: the admin API asks the sandbox's GET /v3/balances/NGN.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/admin-ledger.e2e.mjs
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch } from './support.mjs';

const up = await backendUp();
const ADMIN = { email: 'admin@demo.zuum.ng', password: 'zuumdemo123' };

test('the admin ledger shows the provider balance, the books and no drift', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const browser = await launch('admin-ledger');
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() < 400 || (r.status() === 401 && new URL(r.url()).pathname === '/api/admin/auth/me')) return;
    errors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  let step = 'the admin logs in';
  try {
    await page.goto(`${APP_URL}/adlog`);
    await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();

    step = 'open the ledger';
    const ledger = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/ledger');
    await page.goto(`${APP_URL}/admin/ledger`);
    const body = await (await ledger).json();
    await page.getByRole('heading', { name: 'Ledger health' }).waitFor();
    await page.getByText(/^The ledger is balanced/).waitFor();

    step = 'the provider section';
    await page.getByRole('heading', { name: 'Payment provider' }).waitFor();
    await page.getByText('The books agree with the payment provider: no drift.').waitFor();
    const cell = async (name) => (await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) }).getByRole('cell').textContent()).trim();
    const balance = await cell('Provider balance');
    assert.equal(await cell('Clearing (the books)'), balance, 'the books hold what the provider holds');
    assert.equal(await cell('Drift'), '₦0.00');
    assert.notEqual(balance, '₦0.00', 'the demo wallets were paid in through the provider');
    assert.equal(body.provider.drift, 0);
    assert.ok(body.accounts['platform#provider-fees'] < 0, `the provider's fees are the platform's: ${JSON.stringify(body.accounts)}`);
    const fees = page.getByRole('row').filter({ hasText: 'platform#provider-fees' });
    assert.match((await fees.textContent()) ?? '', /-₦/);
    assert.deepEqual(errors, []);
  } catch (err) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'admin-ledger.png'), fullPage: true }).catch(() => {});
    throw new Error(`${step}: ${err.message}`, { cause: err });
  } finally {
    await browser.close();
  }
});
