// Browser test: a deposit with an amount, against the local cloud and its strict payment sandbox.
//   A listener opens Deposit Funds, asks for an account for ₦2,500, sees it as a Temporary Account
//   (a fresh one is not Expiring Soon) with the amount, pays exactly that in through the sandbox
//   (POST EDGE_URL/_flutterwave/sandbox/pay-in), and sees the wallet credited and the account
//   marked Paid, without a reload. A second transfer into it is returned by the bank and credits
//   nothing. Then the listener opens the permanent account with a BVN, sees only its last 4
//   digits, and a transfer of any amount into it is credited too.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/deposit.e2e.mjs
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, EDGE_URL, RESULTS_DIR, backendUp, launch, logIn, openDepositAccount, postJson, signUpAndVerify, uniqueUser, waitForValue } from './support.mjs';

const up = await backendUp();

test('a deposit for an amount: the account, the pay-in, Paid; a second pay-in bounces; the permanent account', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const listener = uniqueUser('deposit', 'Adaeze');
  let browser;
  let step = 'sign up';
  try {
    await signUpAndVerify(listener);
    browser = await launch('deposit');
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(20_000);
    await logIn(page, listener);
    await page.goto(`${APP_URL}/dashboard`);
    await waitForValue('starting balance', () => page.getByTestId('wallet-balance').textContent(), '₦0.00');

    step = 'ask for an account for ₦2,500';
    const account = await openDepositAccount(page, 2500);
    assert.equal(account.amount, 2500);
    const panel = page.getByRole('region', { name: 'Deposit Funds' });
    assert.equal((await panel.getByTestId('deposit-state').textContent()).trim(), 'Temporary Account');
    assert.equal(await panel.getByText('Expiring Soon', { exact: true }).count(), 0, 'a fresh account is not Expiring Soon');
    assert.equal((await panel.getByTestId('deposit-amount').textContent()).trim(), '₦2,500.00');

    step = 'the bank transfer of exactly ₦2,500';
    const payIn = await postJson(`${EDGE_URL}/_flutterwave/sandbox/pay-in`, { account_number: account.accountNumber, amount: 2500 });
    assert.equal(payIn.status, 200, `sandbox pay-in: ${payIn.status} ${payIn.text}`);
    await waitForValue('balance after the deposit', () => page.getByTestId('wallet-balance').textContent(), '₦2,500.00', 30_000);
    await waitForValue('the account state', async () => (await panel.getByTestId('deposit-state').textContent()).trim(), 'Paid', 15_000);
    assert.equal(await panel.getByText(account.accountNumber, { exact: true }).count(), 0, 'a paid account number is no longer offered');

    step = 'a second transfer into the paid account is returned';
    const again = await postJson(`${EDGE_URL}/_flutterwave/sandbox/pay-in`, { account_number: account.accountNumber, amount: 2500 });
    assert.equal(again.status, 409, `second pay-in: ${again.status} ${again.text}`);
    assert.match(again.text, /returned to the sender/);
    await page.waitForTimeout(6000); // a poll of the wallet goes by
    assert.equal((await page.getByTestId('wallet-balance').textContent()).trim(), '₦2,500.00');

    step = 'open the permanent account with a BVN';
    await panel.getByRole('button', { name: 'Get a Permanent Account Number' }).click();
    await panel.getByLabel('BVN').fill('22233344455');
    const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment/deposit-account/permanent' && r.request().method() === 'POST');
    await panel.getByRole('button', { name: 'Open Permanent Account' }).click();
    assert.equal((await opened).status(), 201);
    const permanent = panel.getByRole('region', { name: 'Permanent Account' });
    await permanent.getByText('ending 4455').waitFor();
    assert.equal(await page.getByText('22233344455').count(), 0, 'the BVN is not on the screen');
    const number = (await permanent.getByTestId('permanent-number').textContent()).trim();

    step = 'any amount into the permanent account';
    const toPermanent = await postJson(`${EDGE_URL}/_flutterwave/sandbox/pay-in`, { account_number: number, amount: 150.5 });
    assert.equal(toPermanent.status, 200, `pay-in to the permanent account: ${toPermanent.status} ${toPermanent.text}`);
    await waitForValue('balance after the second deposit', () => page.getByTestId('wallet-balance').textContent(), '₦2,650.50', 30_000);
  } catch (err) {
    if (browser) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const page = browser.context.pages()[0];
      await page?.screenshot({ path: path.join(RESULTS_DIR, 'deposit-failure.png'), fullPage: true }).catch(() => {});
    }
    err.message = `[${step}] ${err.message}`;
    throw err;
  } finally {
    await browser?.close();
  }
});
