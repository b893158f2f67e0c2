// Browser test: the landing page (/) is the HTML rendered at build time (dist/landing.html), with
// no React: opening it loads no script of the app (the app's files are only prefetched, at idle),
// and its links reach the app's screens by full page loads. Runs against the local cloud like the
// other browser tests (APP_URL; `make test-browser` starts one).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP_URL, backendUp, launch } from './support.mjs';

const up = await backendUp();

/** The most JavaScript, in bytes over the wire, `/` may run: its one inline script is well under it. */
const SCRIPT_LIMIT = 5_000;

test('/ is the prerendered landing page: no app script runs, and its links reach /start and /login', { timeout: 90_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const browser = await launch('landing');
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));

  try {
    // Every script the page requests, with how it was asked for (a prefetch is not run) and its size.
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (!/\.m?js(\?|$)/.test(new URL(request.url()).pathname)) return;
      const sizes = await request.sizes().catch(() => ({ responseBodySize: -1 }));
      scripts.push({ url: request.url(), type: request.resourceType(), purpose: request.headers()['sec-purpose'] ?? '', bytes: sizes.responseBodySize });
    });

    const res = await page.goto(`${APP_URL}/`);
    assert.equal(res.status(), 200);
    const html = await res.text();
    assert.match(html, /<h1>Your music\. Your fans\. Your label deal\.<\/h1>/, 'the hero is in the HTML itself, not rendered by a script');
    assert.doesNotMatch(html, /<script[^>]*\ssrc=/, 'landing.html names no script file');
    await page.getByRole('heading', { name: 'Your music. Your fans. Your label deal.' }).waitFor();
    await page.waitForLoadState('networkidle');

    // No script was run from a file: the app's entry and framework are prefetched only.
    const run = scripts.filter((s) => s.type === 'script');
    assert.deepEqual(run, [], `scripts run by /: ${JSON.stringify(run)}`);
    assert.ok(scripts.some((s) => /\/assets\/framework-[^/]+\.js$/.test(s.url)), `the app's framework is prefetched for the next page: ${JSON.stringify(scripts)}`);
    for (const s of scripts) assert.ok(s.type === 'other' || s.purpose.includes('prefetch'), `not a prefetch: ${JSON.stringify(s)}`);
    // The inline script is what / runs.
    const inline = await page.evaluate(() => [...document.scripts].filter((s) => !s.src && s.type === 'module').map((s) => s.text.length));
    assert.equal(inline.length, 1);
    assert.ok(inline[0] < SCRIPT_LIMIT, `inline script of ${inline[0]} bytes`);
    // React never mounted: the markup is what the server sent.
    assert.equal(await page.evaluate(() => '__reactContainer' in document.getElementById('root') || Object.keys(document.getElementById('root')).some((k) => k.startsWith('__react'))), false);
    assert.match(await page.locator('.copyright').innerText(), new RegExp(`© ${new Date().getFullYear()} Zuum`));

    // Get Started reaches /start (the app, by a full page load).
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${APP_URL}/start`);
    await page.getByText('Where artist and industry meet').waitFor();

    // Log In reaches /login.
    await page.goto(`${APP_URL}/`);
    await page.getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL(`${APP_URL}/login`);
    await page.getByRole('button', { name: 'Log In', exact: true }).waitFor();

    // Inside the app, / is the app's own landing page: the logo of /about leads there without a page load.
    await page.goto(`${APP_URL}/about`);
    await page.getByRole('heading', { name: 'About Zuum' }).waitFor();
    await page.evaluate(() => (window.zuumSamePage = true));
    await page.getByRole('link', { name: 'Zuum home' }).click();
    await page.waitForURL(`${APP_URL}/`);
    await page.getByRole('heading', { name: 'Your music. Your fans. Your label deal.' }).waitFor();
    assert.equal(await page.evaluate(() => window.zuumSamePage), true, 'the logo reloaded the page');

    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
