// Browser test: "Sign in with Google" on /login goes through the local cloud's Google stand-in
// (state and PKCE checked for real), and the session cookie the callback sets carries the user
// to /home and their new profile. Runs where signup-profile.e2e.mjs runs (make test-browser).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';

const APP_URL = (process.env.APP_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

test('a listener signs in with Google and lands on their new profile', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zuum-google-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
