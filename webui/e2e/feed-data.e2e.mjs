// Browser test: what the home feed downloads on a first visit.
//   An artist signs up and uploads three tracks with covers through /addmusic (so the top of the
//   feed is audio posts, above the demo beats), then opens /home again with the browser's cache emptied and every
//   request recorded. Once the first slide can play (its audio's metadata is in, its cover drawn),
//   no audio but the first slide's and the next one's was requested, and no cover of a slide
//   below the next one. Scrolled one slide down, the window moves along by one. With data saver on
//   (the setting, kept in localStorage), only the first slide's audio and cover are fetched.
//   Prints the bytes received before the first slide could play, with data saver off and on.
//
//   APP_URL=http://127.0.0.1:8080 EDGE_URL=http://127.0.0.1:4566 node --test e2e/feed-data.e2e.mjs
//
// Fails at once, saying why, when APP_URL/api/health does not answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP_URL, backendUp, launch, logIn, makePng, makeWav, signUpAndVerify, uniqueUser } from './support.mjs';

const up = await backendUp();

/** Uploads a track with a cover through /addmusic. */
async function uploadTrack(page, caption) {
  await page.goto(`${APP_URL}/addmusic`);
  await page.getByLabel('Caption', { exact: true }).fill(caption);
  await page.getByLabel('Cover Photo', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(480) });
  await page.getByLabel('Audio File', { exact: true }).setInputFiles({ name: 'tone.wav', mimeType: 'audio/wav', buffer: makeWav(3) });
  await page.getByText(/^tone\.wav · /).waitFor();
  await page.getByLabel('Spotify', { exact: true }).fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/audio/create' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const res = await created;
  assert.equal(res.status(), 201, `POST /api/audio/create: ${await res.text()}`);
  await page.waitForURL('**/home', { timeout: 10_000 });
}

/** A media URL's identity: signed URLs of one object differ only in their query; posts' media are paths on the app's origin. */
const objectOf = (url) => {
  const u = new URL(url, APP_URL);
  return `${u.host}${u.pathname}`;
};

/**
 * Records every request of the page through the DevTools protocol, with the bytes each one
 * received (headers and body, as sent over the wire), until stop().
 */
async function recordNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!requests.has(e.requestId)) requests.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0, finished: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.finished = e.encodedDataLength;
  });
  return {
    async clearCache() {
      await cdp.send('Network.clearBrowserCache');
    },
    /** Requests so far: url, type (Media, Image, Script, ...) and bytes received. */
    snapshot() {
      return [...requests.values()].map((r) => ({ url: r.url, type: r.type, bytes: Math.max(r.bytes, r.finished) }));
    },
    reset() {
      requests.clear();
    },
  };
}

/** Opens /home on an empty cache and answers the audio tab's slides: their audio and cover objects. */
async function openHome(page, network) {
  // Leave the app first, so the feed answer awaited is the new page's, not a request in flight.
  await page.goto('about:blank');
  await network.clearCache();
  network.reset();
  const feedAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/feed' && r.request().method() === 'GET');
  await page.goto(`${APP_URL}/home`);
  const { posts } = await (await feedAnswer).json();
  const slides = posts
    .filter((p) => p.kind === 'audio' || p.kind === 'beat')
    .map((p) => ({
      id: p.id,
      kind: p.kind,
      // The audio as uploaded and its listening copies (the app plays one of those when there are any).
      audio: [p.kind === 'beat' ? p.preview_url : p.audio_upload, ...(p.audio_renditions ?? []).map((r) => r.url)].filter(Boolean).map(objectOf),
      // The cover as uploaded and its resized renditions (posts from before renditions have none).
      covers: [p.cover_photo, ...(p.cover_renditions ?? []).map((r) => r.url)].filter(Boolean).map(objectOf),
    }));
  assert.ok(slides.length >= 4, `the demo feed should hold at least 4 audio slides, has ${slides.length}`);
  return slides;
}

/**
 * Waits until the feed's first slide can play: its audio has its metadata (a locked beat's preview
 * has none to wait for) and its cover is drawn.
 */
async function firstSlideReady(page) {
  const first = page.getByRole('feed', { name: 'Audio feed' }).getByRole('article').first();
  await first.waitFor();
  await page.waitForFunction(() => {
    const slide = document.querySelector('[role="feed"] article');
    const audio = slide?.querySelector('audio');
    const cover = slide?.querySelector('.slide-cover img');
    // A locked beat's preview loads nothing until it is asked for: its cover is what shows.
    const audioReady = !!audio && (audio.preload === 'none' || audio.readyState >= 1);
    return audioReady && (!cover || (cover.complete && cover.naturalWidth > 0));
  }, null, { timeout: 15_000 });
}

/** The slides (by index) whose audio, and whose cover (any of its sizes), the page requested. */
function fetchedSlides(network, slides) {
  const urls = new Set(network.snapshot().map((r) => objectOf(r.url)));
  return {
    audio: slides.flatMap((s, i) => (s.audio.some((a) => urls.has(a)) ? [i] : [])),
    covers: slides.flatMap((s, i) => (s.covers.some((c) => urls.has(c)) ? [i] : [])),
  };
}

const total = (network) => network.snapshot().reduce((sum, r) => sum + r.bytes, 0);

/** The bytes received by kind of request (Script, Image, Media, Fetch, ...), largest first. */
function byType(network) {
  const sums = new Map();
  for (const r of network.snapshot()) sums.set(r.type, (sums.get(r.type) ?? 0) + r.bytes);
  return [...sums].sort((a, b) => b[1] - a[1]).map(([type, bytes]) => `${type} ${kb(bytes)}`).join(', ');
}
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const settle = (ms) => new Promise((r) => setTimeout(r, ms));

test('the feed fetches the media of the slide in view and the next one only; with data saver, of the slide in view', { timeout: 180_000 }, async (t) => {
  assert.ok(up, `backend not reachable at ${APP_URL}/api/health; start the local cloud (make dev) or set APP_URL`);
  const artist = uniqueUser('feeddata', 'Tobi');
  let step = 'sign up';
  const browser = await launch('feed-data');
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15_000);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  try {
    await signUpAndVerify(artist);
    step = 'log in and upload three tracks';
    await logIn(page, artist);
    for (const n of [1, 2, 3]) await uploadTrack(page, `Track ${n} of ${artist.username}`);
    const network = await recordNetwork(page);
    // The same recording through Playwright's own event, as a cross-check of what was asked for.
    const asked = [];
    page.on('request', (r) => asked.push(objectOf(r.url())));

    step = 'first visit to /home, data saver off';
    await page.evaluate(() => localStorage.setItem('zuum-data-saver', 'off'));
    let slides = await openHome(page, network);
    await firstSlideReady(page);
    const offBytes = total(network);
    const offTypes = byType(network);
    await settle(1500);
    let fetched = fetchedSlides(network, slides);
    assert.equal(slides[0].kind, 'audio', 'the newest post, on top of the feed, is one of the tracks just uploaded');
    assert.deepEqual(fetched.audio, [0], `audio requested for slides ${fetched.audio}: only the first slide's (the next one is prepared without preloading)`);
    assert.ok(fetched.covers.every((i) => i <= 1), `covers requested for slides ${fetched.covers}: none below the next slide`);
    assert.ok(fetched.covers.includes(0), 'the first slide\'s cover was not requested');
    assert.ok(slides.slice(2).every((s) => !s.audio.some((a) => asked.includes(a)) && !s.covers.some((c) => asked.includes(c))), 'page.on(request) saw media of a slide below the next one');

    step = 'scroll one slide down';
    await page.getByRole('feed', { name: 'Audio feed' }).getByRole('article').nth(1).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('[role="feed"] article')[1]?.hasAttribute('data-active'));
    await settle(1500);
    fetched = fetchedSlides(network, slides);
    assert.ok(fetched.audio.every((i) => i <= 2), `audio requested for slides ${fetched.audio} after one scroll: none below the new next slide`);
    assert.ok(fetched.covers.every((i) => i <= 2), `covers requested for slides ${fetched.covers} after one scroll: none below the new next slide`);

    step = 'first visit to /home, data saver on';
    await page.evaluate(() => localStorage.setItem('zuum-data-saver', 'on'));
    asked.length = 0;
    slides = await openHome(page, network);
    await firstSlideReady(page);
    const onBytes = total(network);
    const onTypes = byType(network);
    await settle(1500);
    fetched = fetchedSlides(network, slides);
    assert.deepEqual(fetched.audio, [0], `with data saver, audio requested for slides ${fetched.audio}: only the first slide's`);
    assert.deepEqual(fetched.covers, slides[0].covers.length ? [0] : [], `with data saver, covers requested for slides ${fetched.covers}: only the first slide's`);
    assert.ok(slides.slice(1).every((s) => !s.audio.some((a) => asked.includes(a))), 'page.on(request) saw audio of a slide below the first with data saver');
    await page.getByRole('link', { name: /^Data used this session: .+, data saver on$/ }).waitFor();

    t.diagnostic(`received before the first slide could play, data saver off: ${kb(offBytes)} (${offTypes})`);
    t.diagnostic(`received before the first slide could play, data saver on: ${kb(onBytes)} (${onTypes})`);
    assert.deepEqual(pageErrors, []);
  } catch (error) {
    error.message = `[${step}] ${error.message}`;
    throw error;
  } finally {
    await browser.close();
  }
});
