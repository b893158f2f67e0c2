// Browser test: what counts as a share, and the profile grid that holds the posts.
//   A signs up, uploads two tracks (one with a long caption) through /addmusic, then on /home
//   opens the share sheet of the top track and closes it with Escape: no share is recorded and the
//   count stays 0. Copying the link records exactly one share: the count reads 1, the clipboard
//   holds the /shared-audio/ link the server answered, and after a reload the server still says 1.
//   On /profile the two audio tiles are squares of one size, whatever their captions' lengths.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/share-count.e2e.mjs
//
// Fails at once, saying why, when APP_URL/api/health does not answer.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch, makeWav, uniqueUser, signUpAndVerify, logIn, waitForValue } from './support.mjs';

const up = await backendUp();

const isApi = (r, suffix, method = 'POST') => new URL(r.url()).pathname === `/api${suffix}` && r.request().method() === method;

/** Uploads a track through /addmusic and answers the created post. */
async function uploadTrack(page, caption) {
  await page.goto(`${APP_URL}/addmusic`);
  await page.getByLabel('Caption', { exact: true }).fill(caption);
  await page.getByLabel('Audio File', { exact: true }).setInputFiles({ name: 'tone.wav', mimeType: 'audio/wav', buffer: makeWav() });
  await page.getByText(/^tone\.wav · /).waitFor();
  await page.getByLabel('Spotify', { exact: true }).fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
  const created = page.waitForResponse((r) => isApi(r, '/audio/create'));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const res = await created;
  assert.equal(res.status(), 201, `POST /api/audio/create: ${await res.text()}`);
  const { post } = await res.json();
  await page.waitForURL('**/home', { timeout: 10_000 });
  return post;
}

test('opening the share sheet shares nothing; copying the link counts one share; profile tiles keep one size', { timeout: 90_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const user = uniqueUser('sharer', 'Sade');
  const short = `Hi ${user.username}`;
  const long = `A very long caption that goes on and on about a track recorded one rainy night in Surulere ${user.username}`;
  let step = 'sign up';
  const browser = await launch('share-count');
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15_000);
  const consoleErrors = [];
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  const shareCalls = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/audio/share' && shareCalls.push(r.method()));
  try {
    await signUpAndVerify(user);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });

    step = 'log in and upload two tracks';
    await logIn(page, user);
    await uploadTrack(page, long);
    const post = await uploadTrack(page, short);

    step = 'open the share sheet and close it with Escape';
    const slide = page.getByRole('feed', { name: 'Audio feed' }).getByRole('article', { name: `${short} by ${user.username}`, exact: true });
    await slide.waitFor();
    const count = slide.getByTestId('share-count');
    assert.equal(await count.textContent(), '0');
    await slide.getByRole('button', { name: 'Share', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Share this track', exact: true });
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    assert.equal(await count.textContent(), '0', 'closing the sheet leaves the count alone');
    assert.deepEqual(shareCalls, [], 'opening the sheet records no share');
    const stored = await page.request.get(`${APP_URL}/api/audio/${post.id}`);
    assert.equal((await stored.json()).post.shares, 0, 'the server counted no share');

    step = 'copy the link';
    await slide.getByRole('button', { name: 'Share', exact: true }).click();
    await sheet.waitFor();
    const shared = page.waitForResponse((r) => isApi(r, '/audio/share'));
    await sheet.getByRole('button', { name: 'Copy', exact: true }).click();
    const res = await shared;
    assert.equal(res.status(), 201, `POST /api/audio/share: ${await res.text()}`);
    const answer = await res.json();
    assert.equal(answer.shares, 1);
    await sheet.getByRole('button', { name: 'Copied!', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), answer.url);
    assert.match(answer.url, /\/shared-audio\/[^/]+$/);
    assert.equal(await sheet.getByLabel('Link', { exact: true }).inputValue(), answer.url);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    assert.equal(await count.textContent(), '1');
    assert.equal(shareCalls.length, 1, 'one copy, one share');

    step = 'reload /home';
    await page.goto(`${APP_URL}/home`);
    await slide.waitFor();
    await waitForValue('share count after reload', async () => (await count.textContent())?.trim(), '1');

    step = 'profile grid';
    await page.goto(`${APP_URL}/profile`);
    const tiles = page.getByRole('list', { name: 'Audio posts' }).locator('.post-tile-cover');
    await waitForValue('audio tiles', () => tiles.count(), 2);
    const boxes = await tiles.evaluateAll((els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { width: Math.round(r.width), height: Math.round(r.height) };
    }));
    assert.ok(boxes[0].width > 40, `tiles have room: ${JSON.stringify(boxes)}`);
    assert.deepEqual(boxes[1], boxes[0], `both tiles one size whatever the caption: ${JSON.stringify(boxes)}`);
    assert.equal(boxes[0].height, boxes[0].width, `audio tiles are square: ${JSON.stringify(boxes)}`);
    const grid = await page.getByRole('list', { name: 'Audio posts' }).boundingBox();
    const columns = await page.getByRole('list', { name: 'Audio posts' }).evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').map(parseFloat));
    assert.ok(columns.length === 3 && Math.max(...columns) - Math.min(...columns) < 1, `three equal columns: ${columns.join(' ')}`);
    const tileHeights = await page.getByRole('list', { name: 'Audio posts' }).locator('.post-tile').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    assert.equal(tileHeights[1], tileHeights[0], `captions of any length take the same room: ${tileHeights}`);
    assert.ok(boxes[0].width < grid.width / 3, `a tile takes one of three columns: ${JSON.stringify({ boxes, grid })}`);
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const shot = path.join(RESULTS_DIR, `share-count-failure-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
    error.message = `${error.message}\nstep: ${step}\nscreenshot: ${shot}\nurl: ${page.url()}\n${consoleErrors.join('\n')}`;
    throw error;
  } finally {
    await browser.close();
  }
});
