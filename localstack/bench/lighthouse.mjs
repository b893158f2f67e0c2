// The "Fast feed" figures of localstack/bench/RESULTS.md, measured against a running local cloud
// (make dev, or the binary `make bench` starts): Lighthouse 12.8 (mobile preset with simulated
// throttling, and the desktop preset) on / and on signed-in /home, three runs each, the median of
// the performance score, LCP, CLS and total bytes; then, with playwright-core and Chromium, the bytes
// transferred on /home before the active slide's media can play, once as it is and once with data
// saver on (a localStorage key and value given as flags; skipped when none is given).
//
//   node localstack/bench/lighthouse.mjs -url http://127.0.0.1:8080 -out localstack/bench/RESULTS.md -table before
//
// -table names the table of the section the figures go to ("before" or "after"); the other table
// is kept as it is. Lighthouse runs through npx, pinned (LIGHTHOUSE, default lighthouse@12.8.2);
// Chromium is CHROME_PATH (default /usr/bin/chromium).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
// playwright-core is the web app's dev dependency; this script lives outside webui/.
const require = createRequire(new URL('../../webui/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('-') ? [...pairs, [a.replace(/^-+/, ''), all[i + 1]]] : pairs), []),
);
const base = (args.url ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const out = args.out ?? '';
const table = args.table ?? 'after';
const runs = Number(args.runs ?? 3);
const email = args.email ?? 'chioma@demo.zuum.ng';
const password = args.password ?? 'zuumdemo123';
const saverKey = args['data-saver-key'] ?? '';
const saverValue = args['data-saver-value'] ?? '1';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse@12.8.2';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (!['before', 'after'].includes(table)) throw new Error(`-table is "before" or "after", not ${table}`);

/** signIn logs the demo user in through the API and returns its session cookie's value. */
async function signIn() {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login as ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('zuum_session='));
  if (!cookie) throw new Error('login set no zuum_session cookie');
  return cookie.split(';')[0].slice('zuum_session='.length);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** audit runs Lighthouse once on path and returns its performance score, LCP (ms), CLS and bytes. */
async function audit(path, preset, session) {
  const flags = [
    '--yes',
    lighthouse,
    `${base}${path}`,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance',
    '--throttling-method=simulate',
    `--chrome-flags=${chromeFlags.join(' ')}`,
  ];
  if (preset === 'desktop') flags.push('--preset=desktop');
  if (session) flags.push(`--extra-headers=${JSON.stringify({ Cookie: `zuum_session=${session}` })}`);
  const { stdout } = await run('npx', flags, {
    env: { ...process.env, CHROME_PATH: chromePath },
    maxBuffer: 256 << 20,
  });
  const lhr = JSON.parse(stdout);
  if (lhr.runtimeError) throw new Error(`lighthouse ${path} ${preset}: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.startsWith(`${base}${path}`)) {
    throw new Error(`lighthouse ${path} ended on ${lhr.finalDisplayedUrl}`);
  }
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    bytes: lhr.audits['total-byte-weight'].numericValue,
  };
}

/**
 * bytesBeforePlay opens /home signed in and sums the bytes the page received over the network (each
 * response's encoded size, headers included, as Chromium's network layer counts it) until the
 * active slide's audio or video can play ('canplay', or readyState ≥ 3 already; when the page has
 * not started playback by the time the slide is shown, the script presses play as a tap would),
 * or, for a slide without media, until its cover has loaded.
 */
async function bytesBeforePlay(session, saver) {
  const dir = mkdtempSync(join(tmpdir(), 'zuum-bench-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromePath,
    headless: true,
    // A listener reaches /home from a tap (sign-in, a link), which lets the page start playback;
    // a fresh headless page has had no gesture, so the policy is relaxed to match.
    args: [...chromeFlags.filter((f) => f !== '--headless'), '--autoplay-policy=no-user-gesture-required'],
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies([{ name: 'zuum_session', value: session, url: base, httpOnly: true }]);
    if (saver) {
      await context.addInitScript(([k, v]) => window.localStorage.setItem(k, v), [saverKey, saverValue]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const received = new Map(); // request id → bytes so far
    let requests = 0;
    cdp.on('Network.requestWillBeSent', () => requests++);
    cdp.on('Network.dataReceived', (e) => received.set(e.requestId, (received.get(e.requestId) ?? 0) + e.encodedDataLength));
    cdp.on('Network.loadingFinished', (e) => received.set(e.requestId, Math.max(received.get(e.requestId) ?? 0, e.encodedDataLength)));
    const started = Date.now();
    await page.goto(`${base}/home`);
    if (!page.url().includes('/home')) throw new Error(`/home went to ${page.url()}`);
    await page.waitForSelector('[data-active]', { timeout: 30000 });
    const how = await page.evaluate(
      () =>
        new Promise((resolve) => {
          setTimeout(() => resolve('timeout'), 60000);
          const slide = document.querySelector('[data-active]');
          const media = slide.querySelector('audio, video');
          if (media && media.getAttribute('src')) {
            if (media.readyState >= 3) return resolve('canplay');
            media.addEventListener('canplay', () => resolve('canplay'), { once: true });
            // As a tap would, when the page did not start playback itself.
            if (media.paused) media.play().catch(() => {});
            return;
          }
          const img = slide.querySelector('img');
          if (!img || img.complete) return resolve('cover');
          img.addEventListener('load', () => resolve('cover'), { once: true });
          img.addEventListener('error', () => resolve('cover'), { once: true });
        }),
    );
    const bytes = [...received.values()].reduce((a, b) => a + b, 0);
    if (how === 'timeout') throw new Error('the active slide could not play within 60 s');
    return { bytes, requests, ms: Date.now() - started, how };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (b) => `${Math.round(b / 1024)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const session = await signIn();
const rows = [];
const paths = args['skip-lighthouse'] ? [] : ['/', '/home'];
for (const path of paths) {
  for (const preset of ['mobile', 'desktop']) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await audit(path, preset, path === '/' ? '' : session));
    const m = {
      score: median(results.map((r) => r.score)),
      lcp: median(results.map((r) => r.lcp)),
      cls: median(results.map((r) => r.cls)),
      bytes: median(results.map((r) => r.bytes)),
    };
    console.log(path, preset, JSON.stringify(results), '→', JSON.stringify(m));
    rows.push(`| ${path === '/' ? '`/`' : '`/home` (signed in)'} | ${preset} | ${m.score} | ${seconds(m.lcp)} | ${m.cls.toFixed(3)} | ${kb(m.bytes)} |`);
  }
}
const plain = await bytesBeforePlay(session, false);
console.log('bytes before the first slide can play', JSON.stringify(plain));
let saverRow = `| /home, data saver on | (no data saver setting in this build) | |`;
if (saverKey) {
  const saved = await bytesBeforePlay(session, true);
  console.log('with data saver', JSON.stringify(saved));
  saverRow = `| /home, data saver on (localStorage \`${saverKey}\` = \`${saverValue}\`) | ${kb(saved.bytes)} (${saved.bytes} B, ${saved.requests} requests) | ${seconds(saved.ms)} |`;
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const commit = (await run('git', ['rev-parse', '--short', 'HEAD']).catch(() => ({ stdout: '' }))).stdout.trim();
const tableText = [
  `### ${table === 'before' ? 'Before' : 'After'}`,
  '',
  `Measured on ${when} UTC${commit ? ` at ${commit}` : ''} against ${base} (${runs} runs of each, median).`,
  '',
  '| page | Lighthouse preset | performance | LCP | CLS | total bytes |',
  '|---|---|---:|---:|---:|---:|',
  ...rows,
  '',
  '| bytes before the first slide can play | bytes | time to playable |',
  '|---|---:|---:|',
  `| /home | ${kb(plain.bytes)} (${plain.bytes} B, ${plain.requests} requests) | ${seconds(plain.ms)} |`,
  saverRow,
  '',
].join('\n');
console.log(tableText);

const heading = '\n## Fast feed\n';
const intro = `${heading}
Written by \`make bench\` (\`node localstack/bench/lighthouse.mjs -url <local cloud> -out localstack/bench/RESULTS.md -table after\` runs it alone against a running local cloud). Lighthouse 12.8.2 through npx with Debian's Chromium (headless, no sandbox, no GPU, no QUIC): the mobile preset with simulated throttling and the desktop preset, on the landing page \`/\` and on \`/home\` signed in as chioma_listens (the session cookie passed with --extra-headers), three runs each, the median of each figure. "Bytes before the first slide can play" is measured with playwright-core and the same Chromium (a 412×823 mobile viewport, cache off): the sum of every response's encoded bytes (headers included, as Chromium's network layer counts them) from navigation until the active slide's audio or video fires \`canplay\` (the script presses play, as a tap would, when the page has not started playback itself; or, for a slide without media, its cover has loaded). Goals: mobile ≥ 95 on \`/\` and ≥ 90 on \`/home\`, LCP ≤ 2.5 s on both, CLS < 0.05; at most 400 KB before the first slide can play, 200 KB with data saver.
`;

if (out) {
  const old = existsSync(out) ? readFileSync(out, 'utf8') : '';
  let [head, section] = old.includes(heading) ? [old.slice(0, old.indexOf(heading)), old.slice(old.indexOf(heading) + heading.length)] : [old, ''];
  // The section runs to the next "## " heading.
  const next = section.search(/\n## /);
  const tail = next >= 0 ? section.slice(next) : '';
  section = next >= 0 ? section.slice(0, next) : section;
  const tables = {};
  for (const name of ['before', 'after']) {
    const title = `### ${name === 'before' ? 'Before' : 'After'}`;
    const at = section.indexOf(title);
    if (at < 0) continue;
    const end = section.indexOf('\n### ', at + 1);
    tables[name] = (end >= 0 ? section.slice(at, end + 1) : section.slice(at)).trimEnd() + '\n';
  }
  tables[table] = tableText;
  const body = ['before', 'after'].filter((n) => tables[n]).map((n) => `\n${tables[n]}`).join('');
  writeFileSync(out, `${head.trimEnd()}\n${intro}${body}${tail}`);
}
