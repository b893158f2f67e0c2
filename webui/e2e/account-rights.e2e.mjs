// Browser test: a person uses their rights over their data on a phone (390×844), by tapping.
//   A new artist logs in and uploads a track, then in Settings taps Download My Data: the file
//   saved is JSON with their profile and the track (with a link to its audio). They deactivate
//   their account behind the confirmation, by keyboard alone, and land on /login with the notice; their profile is
//   gone for others (404) until they log in again, which brings it back. Then they delete the
//   account with their password: /login with the notice, logging in again is refused (401) and
//   the profile and the track's audio file (the export's link) are gone. Nothing is mocked: the real API and the local cloud.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/account-rights.e2e.mjs
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch, logIn, makePng, makeWav, signUpAndVerify, uniqueUser, waitForValue } from './support.mjs';

const up = await backendUp();

const apiResponse = (page, suffix, method = 'POST') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api${suffix}` && r.request().method() === method);

/** The status GET /api/user/profile/{id} answers a stranger. */
async function publicProfileStatus(id) {
  return (await fetch(`${APP_URL}/api/user/profile/${id}`)).status;
}

test('export, deactivate and come back, then delete an account, all by tapping at 390×844', { timeout: 150_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const artist = uniqueUser('rights', 'Amaka');
  const caption = `Data I own ${artist.username}`;
  await signUpAndVerify(artist);
  const browser = await launch('rights');
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.setViewportSize({ width: 390, height: 844 });
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));

  let step = 'log in';
  try {
    const profile = await logIn(page, artist);

    step = 'upload a track';
    await page.goto(`${APP_URL}/add`);
    await page.getByRole('link', { name: 'Upload Music/Beat', exact: true }).click();
    await page.waitForURL('**/addmusic');
    await page.getByLabel('Caption', { exact: true }).fill(caption);
    await page.getByLabel('Cover Photo', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByLabel('Audio File', { exact: true }).setInputFiles({ name: 'track.wav', mimeType: 'audio/wav', buffer: makeWav() });
    await page.getByText(/^track\.wav · /).waitFor();
    const created = apiResponse(page, '/audio/create');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const createdRes = await created;
    assert.equal(createdRes.status(), 201, `POST /api/audio/create: ${await createdRes.text()}`);
    const { post } = await createdRes.json();

    step = 'download my data from Settings';
    await page.goto(`${APP_URL}/settings`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download My Data', exact: true }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), new RegExp(`^zuum-data-${artist.username}-.*\\.json$`));
    const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert.equal(data.profile.username, artist.username);
    assert.equal(data.profile.email, artist.email);
    const mine = data.posts.find((p) => p.id === post.id);
    assert.ok(mine, `the export lists the track: ${JSON.stringify(data.posts)}`);
    assert.equal(mine.caption, caption);
    assert.ok(mine.files.media, 'the track has a link to its audio');
    const fileLink = new URL(mine.files.media, APP_URL).href;
    assert.ok((await fetch(fileLink)).ok, `the export's link to the audio works: ${fileLink}`);
    await page.getByText('Your data has been downloaded.').waitFor();

    step = 'deactivate behind the confirmation, by keyboard alone';
    // Enter opens the confirmation, Escape closes it and gives the focus back; Tab reaches its
    // action and Space presses it.
    const opener = page.getByRole('button', { name: 'Deactivate Account', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate your account?' });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    assert.ok(await opener.evaluate((el) => el === document.activeElement), 'the focus went back to Deactivate Account');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Deactivate', 'Tab reaches the confirmation\'s action');
    const deactivated = apiResponse(page, '/user/deactivate');
    await page.keyboard.press('Space');
    assert.equal((await deactivated).status(), 200);
    await page.waitForURL('**/login');
    await page.getByText('Log in again any time to bring it back.', { exact: false }).waitFor();
    assert.equal(await publicProfileStatus(profile.id), 404, 'a deactivated profile is hidden');

    step = 'come back by logging in';
    await logIn(page, artist);
    assert.equal(await publicProfileStatus(profile.id), 200, 'logging in brought the profile back');

    step = 'delete with the password';
    await page.goto(`${APP_URL}/settings`);
    await page.getByRole('button', { name: 'Delete Account', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill(artist.password);
    const deleted = apiResponse(page, '/user/delete');
    await dialog.getByRole('button', { name: 'Delete My Account', exact: true }).click();
    const deletedRes = await deleted;
    assert.equal(deletedRes.status(), 200, `POST /api/user/delete: ${await deletedRes.text()}`);
    await page.waitForURL('**/login');
    await page.getByText('Your account has been deleted.', { exact: false }).waitFor();

    step = 'logging in fails and the profile and the track are gone';
    await page.getByLabel('Email', { exact: true }).fill(artist.email);
    await page.getByLabel('Password', { exact: true }).fill(artist.password);
    const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    assert.equal((await login).status(), 401, 'a deleted account cannot log in');
    assert.equal(await publicProfileStatus(profile.id), 404);
    // The erasure runs in the jobs worker: the track's audio file (the export's link) goes too.
    await waitForValue('the track\'s audio file is gone', async () => ((await fetch(fileLink)).ok ? 'there' : 'gone'), 'gone', 30_000);
    assert.deepEqual(errors, []);
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'account-rights-failure.png'), fullPage: true }).catch(() => {});
    error.message = `[${step}] ${error.message}`;
    throw error;
  } finally {
    await browser.close();
  }
});
