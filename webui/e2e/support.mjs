// What every browser test shares: where the app and the AWS edge are, Chromium launched the one
// way this machine allows (Debian's binary, a fresh profile through launchPersistentContext), the
// reachability check, and reading a verification code from the edge's sent-mail list.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Starts Chromium with a fresh profile; close() also removes the profile. */
export async function launch(name) {
  const dir = mkdtempSync(path.join(tmpdir(), `zuum-${name}-`));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
