import { afterEach, describe, expect, it, vi } from 'vitest';
import source from '../../public/sw.js?raw';
import { registerServiceWorker } from './service-worker';

const ORIGIN = 'https://zuum.test';

type AnyRequest = { url: string; method: string; mode?: string; headers: Headers };
type WorkerEvent = { request?: AnyRequest; data?: unknown; respondWith?(answer: Promise<Response>): void; waitUntil?(work: Promise<unknown>): void };

const keyOf = (request: string | AnyRequest, ignoreSearch = false) => {
  const url = new URL(typeof request === 'string' ? request : request.url, ORIGIN);
  if (ignoreSearch) url.search = '';
  return url.href;
};

/** The Cache API as much as sw.js uses it: entries kept in the order they were put. */
class MemoryCache {
  entries: [string, Response][] = [];
  async match(request: string | AnyRequest, options: { ignoreSearch?: boolean } = {}) {
    const wanted = keyOf(request, options.ignoreSearch);
    const hit = this.entries.find(([key]) => keyOf(key, options.ignoreSearch) === wanted);
    return hit?.[1].clone();
  }
  async put(request: string | AnyRequest, response: Response) {
    const key = keyOf(request);
    this.entries = [...this.entries.filter(([k]) => k !== key), [key, response]];
  }
  async keys() {
    return this.entries.map(([key]) => ({ url: key }));
  }
  async delete(request: string | { url: string }) {
    const key = keyOf(typeof request === 'string' ? request : { ...request, method: 'GET', headers: new Headers() });
    const before = this.entries.length;
    this.entries = this.entries.filter(([k]) => k !== key);
    return this.entries.length < before;
  }
}

class MemoryCacheStorage {
  caches = new Map<string, MemoryCache>();
  async open(name: string) {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name)!;
  }
  async keys() {
    return [...this.caches.keys()];
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
}

/** Runs public/sw.js as a browser would, on a fake scope: its listeners, caches and network. */
function startWorker() {
  const listeners = new Map<string, (event: WorkerEvent) => void>();
  const caches = new MemoryCacheStorage();
  const network = vi.fn(async (request: string | AnyRequest): Promise<Response> => {
    const path = new URL(keyOf(request)).pathname;
    const type = path.endsWith('.js') ? 'text/javascript' : path.endsWith('.jpg') ? 'image/jpeg' : 'text/html';
    return new Response(`body of ${path}`, { status: 200, headers: { 'content-type': type } });
  });
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: WorkerEvent) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => {}),
    clients: { claim: vi.fn(async () => {}) },
  };
  const { strategyFor } = new Function('self', 'caches', 'fetch', `${source}\nreturn { strategyFor };`)(scope, caches, network) as {
    strategyFor(request: AnyRequest, origin: string): string | null;
  };

  /** A fetch event: the worker's answer, or undefined when it left the request to the browser. */
  async function fetchThrough(request: AnyRequest): Promise<Response | undefined> {
    let answer: Promise<Response> | undefined;
    listeners.get('fetch')!({ request, respondWith: (a) => (answer = a) });
    return answer;
  }
  async function dispatch(type: string, data?: unknown) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ data, waitUntil: (w) => (work = w) });
    await work;
  }
  return { strategyFor, fetchThrough, dispatch, caches, network, scope };
}

function get(path: string, init: { mode?: string; headers?: Record<string, string>; method?: string } = {}): AnyRequest {
  return { url: path.startsWith('http') ? path : `${ORIGIN}${path}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers: new Headers(init.headers) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('service worker routing', () => {
  it.each([
    ['a page load of any route', get('/home', { mode: 'navigate' }), 'shell'],
    ['a page load of the landing page', get('/', { mode: 'navigate' }), 'landing'],
    ['a page load of the landing page with a query', get('/?ref=share', { mode: 'navigate' }), 'landing'],
    ['a hashed asset', get('/assets/index-Ck0pb4Z7.js'), 'asset'],
    ['a cover rendition', get('/media/uploads/u-1/cover.w480.jpg'), 'image'],
    ['a small cover rendition, signed', get('/media/uploads/u-1/cover.w160.jpg?Expires=1&Signature=abc'), 'image'],
    ['a large cover rendition', get('/media/uploads/u-1/cover.w960.jpg'), 'image'],
    ['a public profile picture', get('/public/profile/u-1.png'), 'image'],
    ['an API call', get('/api/feed?tab=audio'), null],
    ['an API page load', get('/api/docs', { mode: 'navigate' }), null],
    ['the chat socket', get('/ws'), null],
    ['audio media', get('/media/uploads/u-1/track.mp3'), null],
    ['an original cover, not a rendition', get('/media/uploads/u-1/cover.png'), null],
    ['a Range request', get('/media/uploads/u-1/cover.w480.jpg', { headers: { range: 'bytes=0-' } }), null],
    ['a POST', get('/assets/x.js', { method: 'POST' }), null],
    ['another origin', get('https://bucket.s3.amazonaws.com/assets/x.js'), null],
  ])('%s: %s', (_, request, strategy) => {
    expect(startWorker().strategyFor(request, ORIGIN)).toBe(strategy);
  });

  it('leaves what it does not route to the browser', async () => {
    const worker = startWorker();
    for (const request of [get('/api/feed'), get('/media/uploads/u-1/track.mp3', { headers: { range: 'bytes=0-1023' } })]) {
      expect(await worker.fetchThrough(request)).toBeUndefined();
    }
    expect(worker.network).not.toHaveBeenCalled();
  });
});

describe('service worker caching', () => {
  it('answers a hashed asset from the cache once it has it', async () => {
    const worker = startWorker();
    const first = await worker.fetchThrough(get('/assets/home-page-DhPkw1JS.js'));
    const second = await worker.fetchThrough(get('/assets/home-page-DhPkw1JS.js'));
    expect(await first!.text()).toBe('body of /assets/home-page-DhPkw1JS.js');
    expect(await second!.text()).toBe('body of /assets/home-page-DhPkw1JS.js');
    expect(worker.network).toHaveBeenCalledTimes(1);
  });

  it('keeps the newest 200 images, and finds a signed rendition whatever its signature', async () => {
    const worker = startWorker();
    for (let i = 0; i < 205; i++) await worker.fetchThrough(get(`/media/uploads/u-${i}/cover.w160.jpg`));
    const images = await worker.caches.open('zuum-images-v2');
    expect(images.entries).toHaveLength(200);
    expect(await images.match(`${ORIGIN}/media/uploads/u-4/cover.w160.jpg`)).toBeUndefined();
    expect(await images.match(`${ORIGIN}/media/uploads/u-5/cover.w160.jpg`)).toBeDefined();

    worker.network.mockClear();
    await worker.fetchThrough(get('/media/uploads/u-204/cover.w160.jpg?Signature=new'));
    expect(worker.network).not.toHaveBeenCalled();
  });

  it('keeps no error answer', async () => {
    const worker = startWorker();
    worker.network.mockResolvedValueOnce(new Response('gone', { status: 404 }));
    expect((await worker.fetchThrough(get('/public/profile/u-1.png')))!.status).toBe(404);
    expect((await worker.caches.open('zuum-images-v2')).entries).toHaveLength(0);
  });

  it('loads the shell from the network first, and paints the cached one when the network fails', async () => {
    const worker = startWorker();
    expect(await (await worker.fetchThrough(get('/home', { mode: 'navigate' })))!.text()).toBe('body of /home');
    worker.network.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    // Any route's page load gets the one shell.
    expect(await (await worker.fetchThrough(get('/profile', { mode: 'navigate' })))!.text()).toBe('body of /home');
  });

  it('keeps the landing page apart from the shell: / never paints index.html, and no route paints landing.html', async () => {
    const worker = startWorker();
    await worker.fetchThrough(get('/home', { mode: 'navigate' }));
    expect(await (await worker.fetchThrough(get('/', { mode: 'navigate' })))!.text()).toBe('body of /');
    const shell = await worker.caches.open('zuum-shell-v2');
    expect(await (await shell.match('/index.html'))!.text()).toBe('body of /home');
    expect(await (await shell.match('/landing.html'))!.text()).toBe('body of /');

    worker.network.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await (await worker.fetchThrough(get('/', { mode: 'navigate' })))!.text()).toBe('body of /');
    expect(await (await worker.fetchThrough(get('/login', { mode: 'navigate' })))!.text()).toBe('body of /home');
  });

  it('loads the landing page from the network when it has no copy of it, even with the shell cached', async () => {
    const worker = startWorker();
    await worker.fetchThrough(get('/home', { mode: 'navigate' }));
    worker.network.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(worker.fetchThrough(get('/', { mode: 'navigate' }))).rejects.toThrow('Failed to fetch');
  });

  it('paints the cached shell after 3 s of a slow network, and keeps the late answer for next time', async () => {
    const worker = startWorker();
    await worker.fetchThrough(get('/home', { mode: 'navigate' }));
    vi.useFakeTimers();
    let arrive!: (response: Response) => void;
    worker.network.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    const answer = worker.fetchThrough(get('/home', { mode: 'navigate' }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(await (await answer)!.text()).toBe('body of /home');

    arrive(new Response('the new shell', { status: 200, headers: { 'content-type': 'text/html' } }));
    await vi.runAllTimersAsync();
    const shell = await worker.caches.open('zuum-shell-v2');
    expect(await (await shell.match('/index.html'))!.text()).toBe('the new shell');
  });

  it('caches the assets the page loaded before it was installed, and only the site\'s own', async () => {
    const worker = startWorker();
    await worker.dispatch('message', {
      type: 'cache-assets',
      urls: [`${ORIGIN}/assets/index-a.js`, `${ORIGIN}/assets/framework-b.js`, 'https://elsewhere.test/assets/c.js', `${ORIGIN}/api/feed`],
    });
    const assets = await worker.caches.open('zuum-assets-v2');
    expect(assets.entries.map(([key]) => key)).toEqual([`${ORIGIN}/assets/index-a.js`, `${ORIGIN}/assets/framework-b.js`]);
  });

  it('drops the caches of older versions when it activates, and takes the open pages over', async () => {
    const worker = startWorker();
    await worker.caches.open('zuum-assets-v0');
    await worker.caches.open('zuum-images-v2');
    await worker.caches.open('someone-else');
    await worker.dispatch('activate');
    expect(await worker.caches.keys()).toEqual(['zuum-images-v2', 'someone-else']);
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });
});

describe('registering the service worker', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers /sw.js once the page has loaded and hands it the assets the page loaded', async () => {
    const postMessage = vi.fn();
    const registration = { active: { postMessage } };
    const register = vi.fn(async () => registration);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register, ready: Promise.resolve(registration) } });
    const origin = window.location.origin;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${origin}/assets/index-a.js` },
      { name: `${origin}/api/feed` },
      { name: 'https://elsewhere.test/assets/b.js' },
    ] as PerformanceEntryList);
    expect(document.readyState).toBe('complete');

    registerServiceWorker();

    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'cache-assets', urls: [`${origin}/assets/index-a.js`] }));
    expect(register).toHaveBeenCalledWith('/sw.js');
  });

  it('does nothing where the browser has no service workers', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => registerServiceWorker()).not.toThrow();
  });
});
