// What every browser test shares: where the app and the AWS edge are, Chromium launched the one
// way this machine allows (Debian's binary, a fresh profile through launchPersistentContext), the
// reachability check, and reading a verification code from the edge's sent-mail list.
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const APP_URL = (process.env.APP_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const EDGE_URL = (process.env.EDGE_URL ?? 'http://127.0.0.1:4566').replace(/\/+$/, '');
export const RESULTS_DIR = fileURLToPath(new URL('../test-results/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether APP_URL/api/health answers: tests fail (not skip) when it does not. */
export async function backendUp() {
  try {
    await fetch(`${APP_URL}/api/health`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts Chromium with a fresh profile; close() also removes the profile. The subscription popup
 * on /home is marked seen for the visit (it would cover the feed these tests use) unless
 * `subscriptionPopup` is true. Other options go to the context (a phone: viewport and hasTouch).
 */
export async function launch(name, { subscriptionPopup = false, ...contextOptions } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), `zuum-${name}-`));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    ...contextOptions,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  if (!subscriptionPopup) {
    await context.addInitScript(() => {
      try {
        sessionStorage.setItem('zuum-subscription-popup', '1');
      } catch {
        // about:blank has no storage
      }
    });
  }
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls the edge's sent-mail list until `find` returns something for a message addressed to
 * `email` (newest first) and returns that; `what` names it in the error after `timeoutMs`.
 */
async function pollMail(email, what, find, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no message yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${EDGE_URL}/_aws/ses?email=${encodeURIComponent(email)}`);
      if (res.ok) {
        const { messages = [] } = await res.json();
        const mine = messages.filter((m) =>
          (m.Destination?.ToAddresses ?? []).some((a) => a.toLowerCase() === email.toLowerCase()),
        );
        for (const message of mine.reverse()) {
          const found = find(message);
          if (found) return found;
        }
        lastError = `${mine.length} message(s) for ${email}, none with ${what}`;
      } else {
        lastError = `GET /_aws/ses answered ${res.status}`;
      }
    } catch (error) {
      lastError = `GET ${EDGE_URL}/_aws/ses failed: ${error.message}`;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`No e-mail with ${what} for ${email}: ${lastError}`);
}

/** Polls the edge's sent-mail list until a 6-digit code addressed to `email` shows up. */
export function readOtp(email, timeoutMs = 20_000) {
  return pollMail(email, 'a 6-digit code', (message) =>
    `${message.Body?.text_part ?? ''}\n${message.Body?.html_part ?? ''}`.match(/\b(\d{6})\b/)?.[1], timeoutMs);
}

/**
 * Polls the edge's sent-mail list until a message to `email` holds a password-reset link
 * ({APP_URL}/reset?...) and returns it as a URL. The newest such message wins.
 */
export function readResetLink(email, timeoutMs = 20_000) {
  return pollMail(email, 'a /reset link', (message) => {
    const link = (message.Body?.text_part ?? '').match(/https?:\/\/\S+\/reset\?\S+/);
    return link ? new URL(link[0]) : undefined;
  }, timeoutMs);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 16x16 RGB PNG with a diagonal gradient: decodable, so the cover really renders. */
export function makePng(size = 16) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) row.set([x * 16, y * 16, 160], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mono 16-bit PCM WAV of a 440 Hz tone. */
export function makeWav(seconds = 1, rate = 8000) {
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
}

/** A new artist's sign-up fields, unique to this run. */
export function uniqueUser(prefix, firstname = 'Ngozi') {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    firstname,
    lastname: 'Tester',
    username: `${prefix}${stamp}`,
    email: `${prefix}.${stamp}@example.com`,
    phonenumber: `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: 'Sup3rSecret!',
    identity: 'artist',
  };
}

/** POSTs body as JSON and answers the status and the text of the reply. */
export async function postJson(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

// Each test file runs in a process of its own: start each at another address, so that the files
// of one run do not all sign up from 127.0.0.2, .3, … and meet the limit together.
let viewers = process.pid % 250;

/**
 * POSTs JSON from a loopback address of its own (127.0.0.2, .3, …): a person signing up from
 * their own device. The CDN stand-in reports the connection's address as the viewer's, as
 * CloudFront does, so the per-address sign-up limit (10 an hour) counts each test user apart
 * instead of the whole suite as one visitor.
 */
function postJsonAsNewViewer(url, body) {
  viewers = (viewers % 250) + 1;
  const localAddress = `127.0.0.${viewers + 1}`;
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST', localAddress,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** Signs up and verifies through the API (the sign-up screens have their own test). */
export async function signUpAndVerify(user) {
  const { firstname, lastname, username, email, phonenumber, password, identity } = user;
  const signup = await postJsonAsNewViewer(`${APP_URL}/api/auth/signup`, { firstname, lastname, username, email, phonenumber, password, identity });
  assert.equal(signup.status, 201, `signup of ${email}: ${signup.text}`);
  const verify = await postJson(`${APP_URL}/api/auth/verify-email`, { email, otp: await readOtp(email) });
  assert.equal(verify.status, 200, `verify of ${email}: ${verify.text}`);
}

/** Logs in through /login; returns the profile the login answered. */
export async function logIn(page, user) {
  await page.goto(`${APP_URL}/login`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const res = await answer;
  assert.equal(res.status(), 200, `login of ${user.email}: ${await res.text()}`);
  const { profile } = await res.json();
  await page.waitForURL('**/home');
  return profile;
}

/** Polls `read` until it gives `expected` (counts and states settle after the server answers). */
export async function waitForValue(what, read, expected, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await read().catch((e) => `<${e.message.split('\n')[0]}>`);
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: expected ${JSON.stringify(expected)}, still ${JSON.stringify(last)} after ${timeout} ms`);
}

/**
 * On /dashboard: opens Deposit Funds, asks for an account for `naira`, and returns the account the
 * server opened (POST /api/payment/deposit-account's data), shown on the screen. Pay exactly that
 * amount into it once (sandbox pay-in); anything else is returned by the bank.
 */
export async function openDepositAccount(page, naira) {
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Deposit Funds' });
  await panel.getByLabel('Amount to deposit (₦)').fill(String(naira));
  const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment/deposit-account' && r.request().method() === 'POST');
  await panel.getByRole('button', { name: 'Get Account Details' }).click();
  const res = await opened;
  assert.equal(res.status(), 201, `POST /api/payment/deposit-account: ${await res.text()}`);
  const { data } = await res.json();
  await panel.getByText(data.accountNumber, { exact: true }).waitFor();
  return data;
}
