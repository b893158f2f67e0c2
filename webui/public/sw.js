// Zuum's service worker: a second visit paints from cache, and covers seen once cost no data again.
//   the app shell (a page load: every route but / is the same          network first, the cached copy
//   index.html) and the landing page (a page load of /: landing.html,  when the network fails or takes
//   the page rendered at build time), each cached under its own key    longer than SHELL_TIMEOUT_MS
//   /assets/* (hashed by the build, so never changed in place)       cache first
//   cover renditions (/media/...w160|w480|w960.jpg) and /public/ images  cache first, the newest
//                                                                     IMAGE_LIMIT kept
//   everything else: /api/, the chat socket, audio and video (Range requests), other origins,
//   anything but GET                                                  never touched: the browser's own
// src/lib/service-worker.ts registers it (production builds only) and hands it the assets the page
// loaded before it was installed. Its routing and caching are tested by src/lib/service-worker.test.ts.

// v2: landing.html is cached apart; a v1 shell cache may hold it as the shell, so it is dropped.
const VERSION = 'v2';
const SHELL_CACHE = `zuum-shell-${VERSION}`;
const ASSET_CACHE = `zuum-assets-${VERSION}`;
const IMAGE_CACHE = `zuum-images-${VERSION}`;
/** Every route but / answers the same index.html, kept under this one key. */
const SHELL_KEY = '/index.html';
/** / answers landing.html (the CDN serves it for / alone), kept apart so it never stands in for the app. */
const LANDING_KEY = '/landing.html';
const SHELL_TIMEOUT_MS = 3000;
const IMAGE_LIMIT = 200;
/** Old builds' assets are dropped once this many are kept (a build has about a hundred). */
const ASSET_LIMIT = 400;

/**
 * How a request is answered: 'landing', 'shell', 'asset', 'image', or null when the service worker leaves it
 * to the browser. `origin` is the site's own.
 */
function strategyFor(request, origin) {
  if (request.method !== 'GET' || request.headers.has('range')) return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/') || path === '/ws' || path.startsWith('/ws/')) return null;
  if (request.mode === 'navigate') return path === '/' ? 'landing' : 'shell';
  if (path.startsWith('/assets/')) return 'asset';
  if (/^\/media\/.+w(160|480|960)\.(jpe?g|webp)$/.test(path)) return 'image';
  if (/^\/public\/.+\.(jpe?g|png|webp|gif|avif|svg)$/i.test(path)) return 'image';
  return null;
}

/** Drops the oldest entries of `cache` (keys come back in the order they were put) beyond `limit`. */
async function trim(cache, limit) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

/** Whether a response may be kept: a whole 200 from this site (no partial or opaque answers). */
function keepable(response) {
  return response.status === 200 && response.type !== 'opaque';
}

/** A page load, network first, the copy cached under `key` when the network fails or is slow. */
async function fromShell(request, key) {
  const cache = await caches.open(SHELL_CACHE);
  const network = fetch(request).then(async (response) => {
    const html = (response.headers.get('content-type') || '').includes('text/html');
    if (keepable(response) && html) await cache.put(key, response.clone());
    return response;
  });
  const cached = await cache.match(key);
  if (!cached) return network;
  // Answered from the cache, the failure of a late network answer is nobody's to handle.
  network.catch(() => {});
  // A slow network does not hold the page: after SHELL_TIMEOUT_MS the cached shell paints, and the
  // answer, when it comes, refreshes the cache for the next visit.
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(cached), SHELL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([network, late]);
  } catch {
    return cached;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Cache first. Images are looked up without their query string: a signed URL's signature changes,
 * the rendition it names does not.
 */
async function cacheFirst(request, cacheName, limit, ignoreSearch) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request, { ignoreSearch });
  if (cached) return cached;
  const response = await fetch(request);
  if (keepable(response)) {
    await cache.put(request, response.clone());
    await trim(cache, limit);
  }
  return response;
}

function respond(request, origin) {
  switch (strategyFor(request, origin)) {
    case 'landing':
      return fromShell(request, LANDING_KEY);
    case 'shell':
      return fromShell(request, SHELL_KEY);
    case 'asset':
      return cacheFirst(request, ASSET_CACHE, ASSET_LIMIT, false);
    case 'image':
      return cacheFirst(request, IMAGE_CACHE, IMAGE_LIMIT, true);
    default:
      return null;
  }
}

/** Caches the site's own /assets/ URLs the page names (what it loaded before this worker ran). */
async function cacheAssets(urls, origin) {
  const cache = await caches.open(ASSET_CACHE);
  const wanted = urls.filter((url) => typeof url === 'string' && url.startsWith(`${origin}/assets/`));
  await Promise.all(
    wanted.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url);
      if (keepable(response)) await cache.put(url, response);
    }),
  );
  await trim(cache, ASSET_LIMIT);
}

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  const current = [SHELL_CACHE, ASSET_CACHE, IMAGE_CACHE];
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('zuum-') && !current.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const answer = respond(event.request, self.location.origin);
  if (answer) event.respondWith(answer);
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'cache-assets' && Array.isArray(event.data.urls)) {
    event.waitUntil(cacheAssets(event.data.urls, self.location.origin));
  }
});
