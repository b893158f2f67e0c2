// Browser test: the social loop between two real users, end to end against the local cloud.
//   A uploads a track (cover PNG + WAV + Spotify link) through /add -> /addmusic and lands on /home;
//   B finds it at the top of the audio feed, likes it, comments on it and follows A from the slide's
//   uploader link; after a full reload B still sees the like, both counts and the comment, and A's
//   profile shows one follower; A's /activity lists B's FOLLOW, COMMENT and LIKE, newest first.
// Two persistent contexts (two browser profiles), no API mocking. Signing up goes through the API
// (the OTP read from the edge's mail list, as signup-profile.e2e.mjs does), logging in through /login.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/social.e2e.mjs
//
// Fails at once, saying why, when APP_URL/api/health does not answer (see signup-profile.e2e.mjs).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch, makePng, makeWav, uniqueUser, signUpAndVerify, logIn, waitForValue } from './support.mjs';

const up = await backendUp();

// ---- accounts ------------------------------------------------------------------------------------

// ---- browsers ------------------------------------------------------------------------------------

async function openBrowser(name) {
  const browser = await launch(`social-${name}`);
  const { context } = browser;
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  return {
    name,
    page,
    consoleErrors,
    close: browser.close,
  };
}

const apiResponse = (page, suffix, method = 'POST') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api${suffix}` && r.request().method() === method);

/** The `dd` under the profile header's "Followers" term. */
const followersCount = (page) => page.locator('.profile-counts div').filter({ has: page.locator('dt', { hasText: /^Followers$/ }) }).locator('dd');

// ---- the journey ---------------------------------------------------------------------------------

test('A uploads a track; B likes, comments and follows; both see it stick', { timeout: 90_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const userA = uniqueUser('uploader', 'Ada');
  const userB = uniqueUser('fan', 'Bola');
  const caption = `Lagos sunset riddim ${userA.username}`;
  const comment = `Big tune! ${userB.username}`;
  const slideName = `${caption} by ${userA.username}`;

  const browsers = [];
  let step = 'sign up A and B';
  try {
    await Promise.all([signUpAndVerify(userA), signUpAndVerify(userB)]);
    const a = await openBrowser('A');
    browsers.push(a);
    const b = await openBrowser('B');
    browsers.push(b);

    // 1. A logs in and uploads a track.
    step = 'A logs in';
    const profileA = await logIn(a.page, userA);
    assert.equal(profileA.username, userA.username);

    step = 'A uploads a track';
    await a.page.goto(`${APP_URL}/add`);
    await a.page.getByRole('link', { name: 'Upload Music/Beat', exact: true }).click();
    await a.page.waitForURL('**/addmusic');
    await a.page.getByRole('heading', { name: 'Upload Music/Beat', exact: true }).waitFor();
    await a.page.getByLabel('Caption', { exact: true }).fill(caption);
    const png = makePng();
    const wav = makeWav();
    await a.page.getByLabel('Cover Photo', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await a.page.getByLabel('Audio File', { exact: true }).setInputFiles({ name: 'riddim.wav', mimeType: 'audio/wav', buffer: wav });
    // The form keeps both files (a refused one would show its reason instead).
    await a.page.getByText(/^cover\.png · /).waitFor();
    await a.page.getByText(/^riddim\.wav · /).waitFor();
    await a.page.getByLabel('Spotify', { exact: true }).fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');

    // Upload progress shows and fills while the files travel; it is gone by the time the post exists,
    // so a MutationObserver records every value the bar takes.
    await a.page.evaluate(() => {
      const seen = (window.__uploadProgress = []);
      const record = () => {
        const bar = document.querySelector('progress[aria-labelledby="upload-progress-label"]');
        if (bar && seen[seen.length - 1] !== bar.value) seen.push(bar.value);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const tickets = [];
    a.page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/uploads' && r.request().method() === 'POST') tickets.push(r.status());
    });
    const created = apiResponse(a.page, '/audio/create');
    await a.page.getByRole('button', { name: 'Upload', exact: true }).click();
    const createdRes = await created;
    assert.equal(createdRes.status(), 201, `POST /api/audio/create: ${await createdRes.text()}`);
    const { post } = await createdRes.json();
    assert.deepEqual(tickets, [201, 201], 'one upload ticket for the audio, one for the cover');
    assert.equal(post.caption, caption);
    assert.equal(post.profile_id, profileA.id);
    assert.equal(post.spotify, 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    assert.ok(post.audio_upload && post.cover_photo, `post has both media: ${JSON.stringify(post)}`);
    await a.page.getByText('Audio uploaded successfully!', { exact: true }).waitFor();
    const progress = await a.page.evaluate(() => window.__uploadProgress);
    assert.ok(progress.includes(0) && progress.at(-1) === 100, `upload progress went 0 -> 100: ${JSON.stringify(progress)}`);
    await a.page.waitForURL('**/home', { timeout: 10_000 });
    // A's own feed has the track on top.
    const feedA = a.page.getByRole('feed', { name: 'Audio feed' });
    await feedA.getByRole('article', { name: slideName, exact: true }).waitFor();

    // 2. B logs in, finds A's track on top of the audio feed, likes it, comments and follows A.
    step = 'B logs in and finds the track';
    const profileB = await logIn(b.page, userB);
    const feedB = b.page.getByRole('feed', { name: 'Audio feed' });
    const slide = feedB.getByRole('article', { name: slideName, exact: true });
    await slide.waitFor();
    assert.equal(await feedB.getByRole('article').first().getAttribute('aria-label'), slideName, 'the newest post is first');
    // The uploaded PNG really decodes (16 px wide) from its signed URL.
    const cover = slide.getByRole('img', { name: `Cover of ${caption}`, exact: true });
    await waitForValue('cover width', () => cover.evaluate((img) => (img.complete ? img.naturalWidth : -1)), 16);

    step = 'B likes the track';
    const like = slide.getByRole('button', { name: 'Like', exact: true });
    assert.equal(await like.getAttribute('aria-pressed'), 'false');
    assert.equal(await slide.getByTestId('like-count').textContent(), '0');
    const reacted = apiResponse(b.page, '/audio/react');
    await like.click();
    const reactRes = await reacted;
    assert.equal(reactRes.status(), 200, `POST /api/audio/react: ${await reactRes.text()}`);
    assert.equal((await reactRes.json()).reactions, 1);
    await waitForAttr(like, 'aria-pressed', 'true');
    await waitForText(slide.getByTestId('like-count'), '1');

    step = 'B comments';
    assert.equal(await slide.getByTestId('comments-count').textContent(), '0');
    await slide.getByRole('button', { name: 'Comments', exact: true }).click();
    let sheet = b.page.getByRole('dialog', { name: 'Comments (0)', exact: true });
    await sheet.getByText('No comments yet. Be the first to comment!').waitFor();
    await sheet.getByRole('textbox', { name: 'Add a comment', exact: true }).fill(comment);
    const commented = apiResponse(b.page, '/audio/comment/create');
    await sheet.getByRole('button', { name: 'Send comment', exact: true }).click();
    const commentRes = await commented;
    assert.equal(commentRes.status(), 201, `POST /api/audio/comment/create: ${await commentRes.text()}`);
    sheet = b.page.getByRole('dialog', { name: 'Comments (1)', exact: true });
    const posted = sheet.getByRole('list', { name: 'Comments' }).getByRole('listitem');
    // The optimistic entry is aria-busy until the server has it.
    await sheet.locator('li.comment:not([aria-busy])', { hasText: comment }).waitFor();
    assert.equal(await posted.count(), 1);
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
    await sheet.waitFor({ state: 'detached' });
    await waitForText(slide.getByTestId('comments-count'), '1');

    step = 'B follows A';
    await slide.getByRole('link', { name: userA.username, exact: true }).click();
    await b.page.waitForURL(`**/profile/${profileA.id}`);
    await b.page.getByRole('heading', { name: `@${userA.username}`, exact: true }).waitFor();
    await waitForText(followersCount(b.page), '0');
    const followed = apiResponse(b.page, '/user/follow');
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    const followRes = await followed;
    assert.equal(followRes.status(), 200, `POST /api/user/follow: ${await followRes.text()}`);
    assert.equal((await followRes.json()).changed, true);
    await b.page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
    await waitForText(followersCount(b.page), '1');

    // 3. After a full reload everything B did is still there.
    step = 'B reloads /home';
    await b.page.goto(`${APP_URL}/home`);
    const again = b.page.getByRole('feed', { name: 'Audio feed' }).getByRole('article', { name: slideName, exact: true });
    await again.waitFor();
    assert.equal(await again.getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed'), 'true');
    assert.equal(await again.getByTestId('like-count').textContent(), '1');
    assert.equal(await again.getByTestId('comments-count').textContent(), '1');
    await again.getByRole('button', { name: 'Comments', exact: true }).click();
    const reloadedSheet = b.page.getByRole('dialog', { name: 'Comments (1)', exact: true });
    const listed = reloadedSheet.getByRole('list', { name: 'Comments' }).getByRole('listitem');
    await listed.first().waitFor();
    assert.equal(await listed.count(), 1);
    await listed.getByText(comment, { exact: true }).waitFor();
    await listed.getByText(userB.username, { exact: true }).waitFor();
    await reloadedSheet.getByRole('button', { name: 'Close', exact: true }).click();

    step = "B reloads A's profile";
    await b.page.goto(`${APP_URL}/profile/${profileA.id}`);
    await b.page.getByRole('heading', { name: `@${userA.username}`, exact: true }).waitFor();
    await b.page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
    assert.equal(await followersCount(b.page).textContent(), '1');

    // 4. A's activity: B's follow, comment and like, newest first.
    step = 'A opens /activity';
    await a.page.goto(`${APP_URL}/activity`);
    const items = a.page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await items.first().waitFor();
    const texts = (await items.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.equal(texts.length, 3, `A has exactly three notifications: ${JSON.stringify(texts)}`);
    // Each reads "Unread: <name> <message><time>", and the message names the actor too.
    const who = `Unread: ${userB.username} ${userB.username}`;
    assert.ok(texts[0].startsWith(`${who} started following you.`), `FOLLOW first: ${texts[0]}`);
    assert.ok(texts[1].startsWith(`${who} commented: ${comment}`), `COMMENT second: ${texts[1]}`);
    assert.ok(texts[2].startsWith(`${who} liked your post.`), `LIKE third: ${texts[2]}`);
    const links = await items.getByRole('link').evaluateAll((els) => els.map((e) => new URL(e.href).pathname));
    assert.deepEqual(links, [`/profile/${profileB.id}`, `/music/${post.id}`, `/music/${post.id}`]);
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const details = [`step: ${step}`];
    for (const { name, page, consoleErrors } of browsers) {
      const shot = path.join(RESULTS_DIR, `social-${name}-failure-${Date.now()}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
      details.push(`${name} screenshot: ${shot}`, `${name} url: ${page.url()}`, ...consoleErrors.map((e) => `${name} console: ${e}`));
    }
    error.message = `${error.message}\n${details.join('\n')}`;
    throw error;
  } finally {
    await Promise.all(browsers.map((b) => b.close()));
  }
});

const waitForText = (locator, expected) =>
  waitForValue(`text of ${locator}`, async () => (await locator.textContent({ timeout: 1000 }))?.trim(), expected);

const waitForAttr = (locator, name, expected) =>
  waitForValue(`${name} of ${locator}`, () => locator.getAttribute(name, { timeout: 1000 }), expected);
