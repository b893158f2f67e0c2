// Browser test: a release from the wizard to approval, end to end against the local cloud.
//   An artist opens /distribution and goes through the five steps with an album of two tracks:
//   artist profile (a new artist name), release information (two track titles), real uploads
//   (a 3000x3000 PNG cover made here and two WAV tracks, each with its own progress), metadata and
//   rights, platforms and agreements (the Basic package refused for an empty wallet, then none);
//   sees "Submission Successful!"; the demo admin approves the
//   release through the admin API; the artist's "My releases" shows it Approved.
// One persistent context, no API mocking; sign-up goes through the API as the other tests do.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/distribution.e2e.mjs
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch, logIn, makePng, makeWav, postJson, signUpAndVerify, uniqueUser, waitForValue } from './support.mjs';

const up = await backendUp();

/** The demo admin of the local cloud (README, "Demo logins"). */
const ADMIN = { email: 'admin@demo.zuum.ng', password: 'zuumdemo123' };

const lagosToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

test('an artist submits an album of two tracks through the wizard, an admin approves it, and the artist sees it approved', { timeout: 180_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const artist = { ...uniqueUser('release', 'Adaeze'), identity: 'artist' };
  const title = `Eko Nights ${artist.username}`;
  const browser = await launch('distribution');
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(30_000);
  const consoleErrors = [];
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  let step = 'sign up';
  try {
    await signUpAndVerify(artist);
    await logIn(page, artist);

    step = 'step 1, artist profile';
    await page.goto(`${APP_URL}/distribution`);
    await page.getByRole('heading', { name: 'Artist Profile' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Please select an option').waitFor();
    await page.getByLabel('No, this is my first release').check();
    await page.getByLabel('Artist name', { exact: true }).fill('Adaeze Lagos');
    await page.getByLabel(/I own this artist name/).check();
    const draftSaved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/distribution/releases' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    assert.equal((await draftSaved).status(), 201, 'the draft is saved when the artist moves on');

    step = 'step 2, release information';
    await page.getByRole('heading', { name: 'Release Information' }).waitFor();
    await page.getByLabel('Album', { exact: true }).check();
    await page.getByLabel('Release title', { exact: true }).fill(title);
    await page.getByLabel('Number of tracks', { exact: true }).selectOption('2');
    await page.getByLabel('Track 1 title', { exact: true }).fill('Lagoon Light');
    await page.getByLabel('Track 2 title', { exact: true }).fill('Third Mainland');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    step = 'step 3, uploads';
    await page.getByRole('heading', { name: 'Upload Files' }).waitFor();
    await page.getByLabel('Cover art', { exact: true }).setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: makePng(64) });
    await page.getByText('Cover art must be at least 3000x3000').waitFor();
    await page.getByLabel('Cover art', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(3000) });
    await page.getByText('Uploaded: cover.png').waitFor();
    await page.getByLabel('Track 1 audio (Lagoon Light)', { exact: true }).setInputFiles({ name: 'lagoon.wav', mimeType: 'audio/wav', buffer: makeWav(3) });
    await page.getByText('Uploaded: lagoon.wav').waitFor();
    await page.getByLabel('Track 2 audio (Third Mainland)', { exact: true }).setInputFiles({ name: 'mainland.wav', mimeType: 'audio/wav', buffer: makeWav(2) });
    await page.getByText('Uploaded: mainland.wav').waitFor();
    const uploadsSaved = page.waitForResponse((r) => /\/api\/distribution\/releases\/[^/]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    assert.equal((await uploadsSaved).status(), 200, 'the draft with its files is saved');

    step = 'the draft is restored after the tab is reopened';
    await page.goto(`${APP_URL}/home`);
    await page.goto(`${APP_URL}/distribution`);
    await page.getByText(`Your draft "${title}" was restored.`).waitFor();
    step = 'step 4, metadata and rights';
    await page.getByRole('heading', { name: 'Metadata & Rights' }).waitFor();
    await page.getByLabel('Primary genre', { exact: true }).selectOption('pop');
    await page.getByLabel('Release date', { exact: true }).fill(lagosToday());
    await page.getByLabel('Copyright owner', { exact: true }).fill('Adaeze Lagos');
    await page.getByLabel('Songwriter 1', { exact: true }).fill('Adaeze Okafor');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    step = 'step 5, distribution and agreements';
    await page.getByRole('heading', { name: 'Distribution & Agreements' }).waitFor();
    await page.getByText('Your release goes to 150+ platforms and stores worldwide.').waitFor();
    await page.getByRole('button', { name: 'Submit Release', exact: true }).click();
    await page.getByText('You must agree to continue').first().waitFor();
    for (const box of await page.locator('.dist-agreements input[type=checkbox]').all()) await box.check();
    // A new artist's wallet is empty: the Basic package is refused and nothing is submitted.
    await page.getByLabel(/^Basic · ₦20,000\.00/).check();
    const refused = page.waitForResponse((r) => /\/api\/distribution\/releases\/[^/]+\/submit$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Submit Release', exact: true }).click();
    assert.equal((await refused).status(), 406);
    await page.getByText('Insufficient funds: your wallet does not cover the Basic package (₦20,000.00).').waitFor();
    await page.getByLabel(/^No promotion/).check();
    const submitted = page.waitForResponse((r) => /\/api\/distribution\/releases\/[^/]+\/submit$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Submit Release', exact: true }).click();
    const submitRes = await submitted;
    assert.equal(submitRes.status(), 200, `submit: ${await submitRes.text()}`);
    const { release } = await submitRes.json();
    assert.equal(release.status, 'submitted');
    assert.equal(release.form.tracks.length, 2);
    await page.getByRole('heading', { name: 'Submission Successful!' }).waitFor();
    await page.getByRole('button', { name: 'Submit Another Release', exact: true }).waitFor();

    step = 'the artist sees it submitted';
    await page.getByRole('link', { name: 'My releases', exact: true }).click();
    const item = page.getByTestId('release').filter({ hasText: title });
    await waitForValue('status before review', () => item.locator('.dist-status').textContent(), 'Submitted');

    step = 'the admin approves it';
    const login = await postJson(`${APP_URL}/api/admin/auth/login`, ADMIN);
    assert.equal(login.status, 200, `admin login: ${login.text}`);
    const { token } = JSON.parse(login.text);
    const approve = await fetch(`${APP_URL}/api/admin/releases/${release.id}/approve`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    assert.equal(approve.status, 200, `approve: ${await approve.text()}`);

    step = 'the artist sees it approved';
    await page.reload();
    await waitForValue('status after approval', () => page.getByTestId('release').filter({ hasText: title }).locator('.dist-status').textContent(), 'Approved');
    assert.deepEqual(consoleErrors, []);
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'distribution-failure.png'), fullPage: true }).catch(() => {});
    throw new Error(`${step}: ${error.message}`, { cause: error });
  } finally {
    await browser.close();
  }
});
