// Browser test: money leaving Zuum, and a subscription, against the local cloud and its payment sandbox.
//   A creator is paid ₦5,000 into the deposit account (sandbox pay-in), opens Withdraw, picks a
//   bank from the full list, types a 10-digit account number and sees the holder's name the
//   provider resolves, sees the ₦25 fee and the total, confirms, types the code mailed for the
//   new account, and sees "Withdrawal Successful"; the history shows the withdrawal pending; the
//   sandbox completes the transfer (POST EDGE_URL/_flutterwave/sandbox/transfers/{ref}/complete),
//   and the history, without a reload, shows it completed.
//   A second user opens /subscribe, Proceed to Payment opens the sandbox's payment page, Pay
//   sends the browser back, and /subscribe shows the Premium status once the webhook landed.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/withdraw-subscribe.e2e.mjs
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, EDGE_URL, openDepositAccount, RESULTS_DIR, backendUp, launch, logIn, postJson, readOtp, signUpAndVerify, uniqueUser, waitForValue } from './support.mjs';

const up = await backendUp();

async function openBrowser(name) {
  const browser = await launch(`money-${name}`);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(20_000);
  return { name, page, close: browser.close };
}

const apiResponse = (page, pathname, method = 'POST') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api${pathname}` && r.request().method() === method);

test('a creator withdraws to a bank with the resolved name shown; the sandbox completes it and the history shows it', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const creator = { ...uniqueUser('payout', 'Kelechi'), identity: 'producer' };
  let browser;
  let step = 'sign up';
  try {
    await signUpAndVerify(creator);
    browser = await openBrowser('creator');
    const { page } = browser;
    await logIn(page, creator);

    step = 'pay ₦5,000 into the deposit account';
    await page.goto(`${APP_URL}/dashboard`);
    const account = await openDepositAccount(page, 5000);
    const payIn = await postJson(`${EDGE_URL}/_flutterwave/sandbox/pay-in`, { account_number: account.accountNumber, amount: 5000 });
    assert.ok(payIn.status >= 200 && payIn.status < 300, `sandbox pay-in: ${payIn.status} ${payIn.text}`);
    await waitForValue('balance after the deposit', () => page.getByTestId('wallet-balance').textContent(), '₦5,000.00', 30_000);

    step = 'fill Withdraw Funds';
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const form = page.getByRole('form', { name: 'Withdraw Funds' });
    await form.getByText('Minimum withdrawal: ₦100').waitFor();
    await form.getByLabel('Amount (₦)').fill('1000');
    const bank = form.getByLabel('Bank', { exact: true });
    await bank.locator('option', { hasText: 'Guaranty Trust Bank' }).waitFor({ state: 'attached' });
    const banks = await bank.locator('option').count();
    assert.ok(banks > 20, `the picker lists every bank, not a few: ${banks} options`);
    const code = await bank.locator('option', { hasText: 'Guaranty Trust Bank' }).first().getAttribute('value');
    await bank.selectOption(code);
    await form.getByLabel('Account number').fill('0123456789');
    const name = (await form.getByTestId('account-name').textContent()).trim();
    assert.ok(name.length > 0, 'the resolved account name shows');
    assert.match(await form.textContent(), /Total₦1,025\.00/);
    await form.getByRole('button', { name: 'Continue' }).click();

    step = 'confirm, then the mailed code';
    const confirm = page.getByRole('region', { name: 'Confirm Withdrawal' });
    assert.match(await confirm.textContent(), new RegExp(`0123456789 · ${name}`));
    const stepUp = apiResponse(page, '/payment/withdrawal');
    await confirm.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    assert.equal((await stepUp).status(), 202);
    await page.getByRole('textbox', { name: 'Code' }).fill(await readOtp(creator.email));
    const created = apiResponse(page, '/payment/withdrawal');
    await page.getByRole('button', { name: 'Confirm Code' }).click();
    const answer = await created;
    assert.equal(answer.status(), 201, await answer.text());
    const { data } = await answer.json();
    await page.getByRole('heading', { name: 'Withdrawal Successful' }).waitFor();

    step = 'the history shows it pending, then completed without a reload';
    await page.goto(`${APP_URL}/dashboard?view=history&type=withdrawal`);
    const entry = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
    await waitForValue('withdrawal pending', () => entry.locator('.status').textContent(), 'pending');
    const complete = await postJson(`${EDGE_URL}/_flutterwave/sandbox/transfers/${encodeURIComponent(data.tx_ref)}/complete`, { status: 'SUCCESSFUL' });
    assert.ok(complete.status >= 200 && complete.status < 300, `sandbox complete: ${complete.status} ${complete.text}`);
    await waitForValue('withdrawal completed', () => entry.locator('.status').textContent(), 'completed', 30_000);
    assert.match(await entry.textContent(), /−₦1,000\.00/);
  } catch (error) {
    if (browser) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      await browser.page.screenshot({ path: path.join(RESULTS_DIR, 'withdraw.png') }).catch(() => {});
    }
    throw new Error(`${step}: ${error.message}`, { cause: error });
  } finally {
    await browser?.close();
  }
});

test('a user subscribes through the payment page and sees the Premium status', { timeout: 90_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health`);
  const fan = { ...uniqueUser('subscriber', 'Ada'), identity: 'artist' };
  let browser;
  let step = 'sign up';
  try {
    await signUpAndVerify(fan);
    browser = await openBrowser('subscriber');
    const { page } = browser;
    await logIn(page, fan);

    step = '/subscribe: step 2 of 3';
    await page.goto(`${APP_URL}/subscribe`);
    await page.getByRole('list', { name: 'Step 2 of 3' }).waitFor();
    assert.match(await page.locator('.subscribe-details').textContent(), /Duration1 MonthBilling CycleMonthly/);

    step = 'Proceed to Payment → the payment page → Pay';
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL((u) => u.pathname.includes('/_flutterwave/sandbox/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((u) => u.pathname === '/subscribe' && u.searchParams.get('status') === 'successful');

    step = 'the Premium status';
    await page.getByTestId('premium-status').waitFor({ timeout: 30_000 });
    assert.match(await page.getByTestId('premium-status').textContent(), /^Premium · Active until /);
  } catch (error) {
    if (browser) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      await browser.page.screenshot({ path: path.join(RESULTS_DIR, 'subscribe.png') }).catch(() => {});
    }
    throw new Error(`${step}: ${error.message}`, { cause: error });
  } finally {
    await browser?.close();
  }
});
