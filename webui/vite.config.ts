/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { routePreload } from './scripts/route-preload.mjs';

/** The local cloud serves the API and uploaded media on :8080 (make dev). */
const backend = process.env.ZUUM_BACKEND ?? 'http://127.0.0.1:8080';

type OriginHeaders = { headers: { origin?: string; host?: string } };
type OriginProxy = {
  on(event: 'proxyReq' | 'proxyReqWs', listener: (out: { setHeader(name: string, value: string): void }, incoming: OriginHeaders) => void): void;
};

/**
 * The dev server stands where the CDN stands: a request from its own page is passed on as coming
 * from the backend's origin (APP_URL), which the API requires of cookie writes and of the chat
 * upgrade. A request from any other page keeps its Origin and is refused as it would be.
 */
function fromTheApp(proxy: OriginProxy): void {
  const rewrite = (out: { setHeader(name: string, value: string): void }, incoming: OriginHeaders) => {
    const { origin, host } = incoming.headers;
    if (origin && host && origin === `http://${host}`) out.setHeader('origin', backend);
  };
  proxy.on('proxyReq', rewrite);
  proxy.on('proxyReqWs', rewrite);
}

/** The API client and the error texts: what every screen that calls the API needs, signed in or not. */
const apiShared = /src[\\/]lib[\\/](api-client|error-message)\./;
/** Modules only signed-in screens use, which they share (the signed-in and posts chunks below). */
const signedInShared = /src[\\/]lib[\\/](auth[\\/](get-|logout|require)|chat|media-url|money)/;
/** A post's building blocks and what every list of posts draws them with (covers, data saver, the
 * beat preview's countdown and texts): one chunk, since small chunks each cost their own overhead. */
const postsShared = /src[\\/](features[\\/](posts|feed[\\/]api)[\\/]|lib[\\/](cover-|data-saver|data-usage)|features[\\/]beats[\\/](preview-countdown|components[\\/]beat-texts))/;
/** A post's sheets (comments, share, streaming platforms) and the calls only they make: loaded when one is
 * first opened (post-actions.tsx), so they stay out of the posts chunk, in one chunk of their own. */
const postSheets = /src[\\/]features[\\/]posts[\\/](components[\\/][a-z-]*sheet\.tsx|api[\\/](comments|share-post)\.ts)$/;
/** Screens (*-page.tsx) keep chunks of their own: each route loads its own. */
const notAScreen = (id: string) => !/-pages?\.tsx$/.test(id);

export default defineConfig({
  plugins: [
    react(),
    // /home (where a signed-in listener lands, and the installed app starts) preloads its lazy chain.
    routePreload({ '/home': ['src/app/signed-in-layout.tsx', 'src/features/home/components/home-page.tsx'] }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    rolldownOptions: {
      output: {
        // Libraries change less often than screens: cache them apart, by who needs them. The
        // framework (React, the router, TanStack Query) is what the landing page needs; Amplify
        // (the API client's transport) and zod (forms, and the checked answers of
        // src/lib/api-schemas) load only with the screens that call the API or check a form.
        // The app's own code is split by route (app/router.tsx), shared modules by rolldown.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|cookie|set-cookie-parser)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            { name: 'amplify', test: /node_modules/ },
            // What the signed-in screens share (the API client, the session, the post players),
            // in one request rather than twenty small ones. Never what the entry imports: the
            // bundle-size check fails when this chunk reaches the landing page.
            { name: 'api', test: apiShared, includeDependenciesRecursively: false },
            { name: 'signed-in', test: (id) => signedInShared.test(id) && notAScreen(id), includeDependenciesRecursively: false },
            // A post's building blocks (its calls, cache and players), for the feed, the post pages and the beats.
            { name: 'posts', test: (id) => postsShared.test(id) && notAScreen(id) && !postSheets.test(id), includeDependenciesRecursively: false },
            { name: 'post-sheets', test: postSheets, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false, configure: fromTheApp },
      '/public': { target: backend, changeOrigin: false },
      // Posts' media: URLs signed for the app's origin, which the local cloud checks against its own host,
      // so the proxied request carries the backend's host (changeOrigin).
      '/media': { target: backend, changeOrigin: true },
      // The chat socket (same origin, so the session cookie goes with the upgrade).
      '/ws': { target: backend, changeOrigin: false, ws: true, configure: fromTheApp },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    // A worker's test files share its modules: one jsdom and one import of the app per worker
    // instead of one per file (a quarter of the time). setup-tests.ts resets what a test leaves.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/*.test.mjs'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
