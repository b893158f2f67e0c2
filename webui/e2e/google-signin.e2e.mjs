// Browser test: "Sign in with Google" on /login goes through the local cloud's Google stand-in
// (state and PKCE checked for real), and the session cookie the callback sets carries the user
// to /home and their new profile. Runs where signup-profile.e2e.mjs runs (make test-browser).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP_URL, launch } from './support.mjs';

test('a listener signs in with Google and lands on their new profile', { timeout: 60_000 }, async () => {
  const browser = await launch('google');
  const ctx = browser.context;
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const email = `g${Date.now()}@example.com`;
    await page.goto(`${APP_URL}/login`);
    await page.getByRole('button', { name: /google/i }).click();
    await page.waitForURL(/\/_google\/auth\?.*code_challenge_method=S256/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Gbemi');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/auth\/google\/success/);
    await page.waitForURL(/\/home$/, { timeout: 15_000 });
    await page.goto(`${APP_URL}/profile`);
    await page.getByText(email).waitFor();
    assert.match(await page.locator('body').innerText(), /Gbemi/);
  } finally {
    await browser.close();
  }
});
