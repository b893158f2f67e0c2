// Browser test: real-time chat between two real users, end to end against the local cloud.
//   B follows A, and Message on A's profile opens their room; B writes and A's Message tab counts it
//   at once; A opens /message, sees the conversation with its unread badge, opens it (the count clears)
//   and answers; B sees the answer without reloading; B reloads and reads the history; B writes twice
//   more while A is elsewhere, A's count rises to 2, and reading the room clears it for good.
// Two persistent contexts (two browser profiles), no mocking: the socket is the local cloud's /ws,
// the same chat Lambda as in AWS behind it.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/chat.e2e.mjs
//
// Fails at once, saying why, when APP_URL/api/health does not answer (see signup-profile.e2e.mjs).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { APP_URL, RESULTS_DIR, backendUp, launch, logIn, signUpAndVerify, uniqueUser, waitForValue } from './support.mjs';

const up = await backendUp();

async function openBrowser(name) {
  const browser = await launch(`chat-${name}`);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15_000);
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  // Refused calls by path: the chat's own must have none (payment details are 404 until payments exist).
  const refused = [];
  page.on('response', (r) => r.status() >= 400 && refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
  return { name, page, consoleErrors, refused, close: browser.close };
}

/** The bottom navigation's Message tab. */
const messageTab = (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Message/ });

/** The tab's unread count as shown ("" when there is no badge). */
const tabCount = (page) =>
  messageTab(page).locator('.nav-badge').count().then((n) => (n ? messageTab(page).locator('.nav-badge').textContent() : ''));

/** The texts of the conversation's messages, oldest first, and whether any is still pending. */
const thread = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('ol.chat-thread > li')].map((li) => `${li.classList.contains('mine') ? 'me' : 'them'}: ${li.querySelector('p').textContent}${li.classList.contains('pending') ? ' (pending)' : ''}`),
  );

async function send(page, text) {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test('two users chat both ways in real time; history survives a reload; unread counts rise and clear', { timeout: 120_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const userA = uniqueUser('chata', 'Ada');
  const userB = uniqueUser('chatb', 'Bola');
  const browsers = [];
  let step = 'sign up A and B';
  try {
    await Promise.all([signUpAndVerify(userA), signUpAndVerify(userB)]);
    const a = await openBrowser('A');
    browsers.push(a);
    const b = await openBrowser('B');
    browsers.push(b);

    step = 'both log in';
    const profileA = await logIn(a.page, userA);
    await logIn(b.page, userB);
    assert.equal(await tabCount(a.page), '', 'A starts with nothing unread');

    step = "B follows A and opens their room from A's profile";
    await b.page.goto(`${APP_URL}/profile/${profileA.id}`);
    await b.page.getByRole('heading', { name: `@${userA.username}`, exact: true }).waitFor();
    assert.equal(await b.page.getByRole('button', { name: 'Message', exact: true }).count(), 0, 'no Message before following');
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await b.page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
    const roomAnswer = b.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/get-room-id');
    await b.page.getByRole('button', { name: 'Message', exact: true }).click();
    const roomRes = await roomAnswer;
    assert.equal(roomRes.status(), 200, `POST /api/user/get-room-id: ${await roomRes.text()}`);
    const { room_id: roomId } = await roomRes.json();
    await b.page.waitForURL(`**/chat/${roomId}`);
    await b.page.getByRole('link', { name: `@${userA.username}`, exact: true }).waitFor();
    await b.page.getByText('No messages yet.', { exact: true }).waitFor();

    step = 'B writes; A, on /home, sees the count at once';
    await send(b.page, 'Hello from B');
    await waitForValue("B's thread", async () => (await thread(b.page)).join('|'), 'me: Hello from B');
    await waitForValue("A's Message tab", () => tabCount(a.page), '1');

    step = 'A opens the conversation list, then the room';
    await messageTab(a.page).click();
    await a.page.waitForURL('**/message');
    const row = a.page.getByRole('link', { name: new RegExp(`@${userB.username}`) });
    await row.waitFor();
    await row.getByText('Hello from B', { exact: true }).waitFor();
    assert.equal(await row.getByLabel('1 unread', { exact: true }).textContent(), '1');
    await row.click();
    await a.page.waitForURL(`**/chat/${roomId}`);
    await waitForValue("A's thread", async () => (await thread(a.page)).join('|'), 'them: Hello from B');
    await waitForValue("A's Message tab after reading", () => tabCount(a.page), '');

    step = 'A answers; B sees it without reloading';
    await send(a.page, 'Hi B, A here');
    await waitForValue("A's thread", async () => (await thread(a.page)).join('|'), 'them: Hello from B|me: Hi B, A here');
    await waitForValue("B's thread", async () => (await thread(b.page)).join('|'), 'me: Hello from B|them: Hi B, A here');
    assert.equal(await tabCount(b.page), '', 'B read the answer as it came');

    step = 'B reloads the room and reads the history';
    await b.page.reload();
    await waitForValue("B's thread after reload", async () => (await thread(b.page)).join('|'), 'me: Hello from B|them: Hi B, A here');
    await b.page.getByRole('link', { name: `@${userA.username}`, exact: true }).waitFor();

    step = 'B writes twice while A is elsewhere; A counts 2';
    await a.page.goto(`${APP_URL}/home`);
    await messageTab(a.page).waitFor();
    assert.equal(await tabCount(a.page), '');
    await send(b.page, 'Are you there?');
    await send(b.page, 'Studio at 6?');
    await waitForValue("B's thread", async () => (await thread(b.page)).join('|'), 'me: Hello from B|them: Hi B, A here|me: Are you there?|me: Studio at 6?');
    await waitForValue("A's Message tab", () => tabCount(a.page), '2');

    step = 'A reads the room; the count clears and stays cleared after a reload';
    await messageTab(a.page).click();
    await a.page.getByRole('link', { name: new RegExp(`@${userB.username}`) }).getByLabel('2 unread', { exact: true }).waitFor();
    await a.page.getByRole('link', { name: new RegExp(`@${userB.username}`) }).click();
    await waitForValue("A's thread", async () => (await thread(a.page)).length, 4);
    await waitForValue("A's Message tab after reading", () => tabCount(a.page), '');
    await a.page.goto(`${APP_URL}/home`);
    // Asked of the server with A's session after the reload (a response the old page awaited may
    // be gone with it, its body unreadable).
    const roomsRes = await a.page.request.get(`${APP_URL}/api/user/get-rooms`);
    assert.equal(roomsRes.status(), 200);
    assert.deepEqual((await roomsRes.json()).rooms.map((r) => r.unread), [0], 'the server keeps the read mark');
    await messageTab(a.page).waitFor();
    assert.equal(await tabCount(a.page), '');

    for (const browser of browsers) {
      assert.deepEqual(browser.refused.filter((r) => !r.endsWith(' GET /api/payment/create')), [], `${browser.name}'s refused calls`);
      assert.deepEqual(browser.consoleErrors.filter((e) => !e.startsWith('Failed to load resource')), [], `${browser.name}'s console errors`);
    }
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    for (const { name, page } of browsers) {
      await page.screenshot({ path: path.join(RESULTS_DIR, `chat-${name}.png`), fullPage: true }).catch(() => {});
    }
    const logs = browsers.flatMap((b) => [...b.refused, ...b.consoleErrors].map((line) => `${b.name}: ${line}`));
    error.message = [`${step}: ${error.message}`, ...logs].join('\n');
    throw error;
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
  }
});
