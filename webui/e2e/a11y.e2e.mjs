// Browser test: every screen passes axe-core with no serious or critical violation on a phone
// (390×844), signed out, signed in as a user and as the admin.
//   The routes are read from the app's route table (src/app/router.tsx), so a new route fails
//   here until it is given a place to visit below. Routes with an id visit real items of the
//   local cloud's demo data (a demo account's profile, posts and beats, the caller's licence and
//   chat room when they have one). Each screen is loaded, left to settle, and axe-core (the same
//   rules as the browser extension) runs on the whole document; every serious or critical
//   violation is listed with its route and the elements concerned.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/a11y.e2e.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { APP_URL, backendUp, launch } from './support.mjs';

const up = await backendUp();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const USER = { email: 'ada@demo.zuum.ng', password: 'zuumdemo123' };
const ADMIN = { email: 'admin@demo.zuum.ng', password: 'zuumdemo123' };

/** Every path of the route table: `path: '…'` entries and the coming-soon list. */
function routePaths() {
  const source = readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
  const soon = source.match(/comingSoonPaths = \[([^\]]*)\]/)?.[1] ?? '';
  return [...new Set([...paths, ...[...soon.matchAll(/'([^']+)'/g)].map((m) => m[1])])];
}

/** The first id of the first list in an answer (`id` or `_id`, or a named field). */
function firstId(body, field = 'id') {
  if (Array.isArray(body)) {
    for (const item of body) {
      const id = item?.[field] ?? item?._id;
      if (typeof id === 'string' && id) return id;
    }
    return undefined;
  }
  if (body && typeof body === 'object') {
    for (const value of Object.values(body)) {
      const id = firstId(value, field);
      if (id) return id;
    }
  }
  return undefined;
}

async function getJson(context, path) {
  const res = await context.request.get(`${APP_URL}${path}`);
  return res.ok() ? res.json() : undefined;
}

/** Loads url, lets it settle, and answers axe's serious and critical violations there. */
async function audit(page, url) {
  await page.goto(`${APP_URL}${url}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => {});
  await page.waitForTimeout(300);
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return violations.map((v) => ({ route: url, finalUrl: new URL(page.url()).pathname, ...v }));
}

test('every route passes axe-core (no serious or critical violation) at 390×844', { timeout: 600_000 }, async () => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const browsers = [];
  const open = async (name) => {
    const b = await launch(`a11y-${name}`);
    browsers.push(b);
    const page = b.context.pages()[0] ?? (await b.context.newPage());
    await page.setViewportSize({ width: 390, height: 844 });
    page.setDefaultTimeout(15_000);
    return { context: b.context, page };
  };
  try {
    const guest = await open('guest');
    const user = await open('user');
    const admin = await open('admin');
    const login = await user.context.request.post(`${APP_URL}/api/auth/login`, { data: USER });
    assert.equal(login.status(), 200, `user login: ${await login.text()}`);
    const me = (await login.json()).profile;
    const adminLogin = await admin.context.request.post(`${APP_URL}/api/admin/auth/login`, { data: ADMIN });
    assert.equal(adminLogin.status(), 200, `admin login: ${await adminLogin.text()}`);

    // Real items of the demo data for the routes that name one.
    const audioId = firstId(await getJson(user.context, '/api/audio')) ?? '00000000-0000-7000-8000-000000000000';
    const videoId = firstId(await getJson(user.context, '/api/video')) ?? '00000000-0000-7000-8000-000000000000';
    const beatId = firstId(await getJson(user.context, '/api/beat')) ?? '00000000-0000-7000-8000-000000000000';
    const licence = firstId(await getJson(user.context, '/api/beat/purchases'), 'licence_number') ?? 'ZUUM-0000-0000-0000';
    const roomId = firstId(await getJson(user.context, '/api/user/get-rooms'), 'room_id') ?? 'no-such-room';
    const other = firstId((await getJson(user.context, '/api/user/profile'))?.following_list) ?? me.id;

    const asGuest = (url) => ({ who: 'guest', url });
    const asUser = (url) => ({ who: 'user', url });
    const asAdmin = (url) => ({ who: 'admin', url });
    const visits = {
      '/': asGuest('/'), '/start': asGuest('/start'), '/signup': asGuest('/signup'), '/verify': asGuest('/verify'),
      '/login': asGuest('/login'), '/forgot': asGuest('/forgot'), '/reset': asGuest('/reset?token=abc&email=x%40example.com'),
      '/about': asGuest('/about'), '/contact': asGuest('/contact'), '/faq': asGuest('/faq'), '/support': asGuest('/support'),
      '/zuum-news': asGuest('/zuum-news'), '/auth/google/*': asGuest('/auth/google/callback'),
      '/licences/:number': asGuest(`/licences/${licence}`), '*': asGuest('/no-such-page'),
      '/adlog': asGuest('/adlog'), '/adsin': asGuest('/adsin'), '/admin/signup': asGuest('/admin/signup'),
      '/adver': asGuest('/adver'), '/admin/forgot-password': asGuest('/admin/forgot-password'),
      '/home': asUser('/home'), '/search': asUser('/search?q=ada'), '/profile': asUser('/profile'),
      '/profile/:userId': asUser(`/profile/${other}`), '/editprofile': asUser('/editprofile'), '/settings': asUser('/settings'),
      '/add': asUser('/add'), '/addmusic': asUser('/addmusic'), '/addvideo': asUser('/addvideo'),
      '/addpaybeat': asUser('/addpaybeat'), '/addbeat': asUser('/addbeat'), '/beats': asUser('/beats'),
      '/beats/:id': asUser(`/beats/${beatId}`), '/userbeats/:userId': asUser(`/userbeats/${me.id}`),
      '/purchasedbeats': asUser('/purchasedbeats'), '/dashboard': asUser('/dashboard'), '/subscribe': asUser('/subscribe'),
      '/subscription': asUser('/subscription'), '/activity': asUser('/activity'), '/all': asUser('/all'),
      '/music/:postId': asUser(`/music/${audioId}`), '/shared-audio/:shareId': asUser('/shared-audio/no-such-share'),
      '/videos/:id': asUser(`/videos/${videoId}`), '/video/:id': asUser(`/video/${videoId}`), '/messages': asUser('/messages'),
      '/message': asUser('/message'), '/chat/:roomId': asUser(`/chat/${roomId}`), '/distribution': asUser('/distribution'),
      '/distribution/releases': asUser('/distribution/releases'), '/creator-hub': asUser('/creator-hub'),
      '/promotion': asUser('/promotion'), '/global': asUser('/global'), '/req': asUser('/req'),
      '/user/promotions': asUser('/user/promotions'), '/details': asUser('/details'), '/lock': asUser('/lock'), '/jet': asUser('/jet'),
      '/users': asAdmin('/users'), '/admin': asAdmin('/admin'), '/admin/users': asAdmin('/admin/users'),
      '/admin/queues': asAdmin('/admin/queues'), '/admin/audit': asAdmin('/admin/audit'), '/admin/ledger': asAdmin('/admin/ledger'),
      '/admin/*': asAdmin('/admin/no-such-page'),
    };
    const missing = routePaths().filter((p) => !(p in visits));
    assert.deepEqual(missing, [], 'routes of src/app/router.tsx this test does not visit');

    const pages = { guest: guest.page, user: user.page, admin: admin.page };
    const found = [];
    const bounced = [];
    for (const { who, url } of Object.values(visits)) {
      found.push(...(await audit(pages[who], url)).map((v) => ({ who, ...v })));
      // A signed-in screen must have been seen as such, not as the sign-in screen it sends a
      // visitor to.
      const at = new URL(pages[who].url()).pathname;
      if (who !== 'guest' && ['/login', '/adlog'].includes(at)) bounced.push(`${who} ${url} → ${at}`);
    }
    assert.deepEqual(bounced, [], 'signed-in screens that sent their caller to sign in');
    const report = found.map((v) => `${v.who} ${v.route} (${v.finalUrl}): ${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.join('\n    ')}`);
    assert.equal(found.length, 0, `axe-core found ${found.length} serious or critical violation(s):\n${report.join('\n')}`);
  } finally {
    for (const b of browsers) await b.close();
  }
});
