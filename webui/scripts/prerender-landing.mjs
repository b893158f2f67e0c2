// The landing page (/) served as HTML rendered at build time, with almost no JavaScript:
//   node scripts/prerender-landing.mjs   after `vite build` (`npm run build` runs both)
// renders src/app/landing-markup.tsx with react-dom/server (a `vite build --ssr` into a scratch
// folder under node_modules/.cache, removed after) and writes dist/landing.html: dist/index.html's
// head (the built CSS, the manifest, icons, theme colour), the markup inside #root, and, instead of
// the app's scripts, one small inline module (LANDING_SCRIPT) with prefetch hints for the app's
// entry and the chunks it imports, so the next page (/start, /login) starts from the cache. The
// CDN serves it for `/` only (infra/web.go, localstack/app); every other route is index.html.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * landing.html's only script: sets the footer's year (the markup has the build's) and registers
 * the service worker once the page has loaded, handing it this page's stylesheet and the app's files it prefetched,
 * as src/lib/service-worker.ts does for the app.
 */
export const LANDING_SCRIPT = `const c=document.querySelector('.copyright');if(c)c.textContent=c.textContent.replace(/\\d{4}/,String(new Date().getFullYear()));
if('serviceWorker' in navigator)addEventListener('load',()=>{navigator.serviceWorker.register('/sw.js').then(()=>navigator.serviceWorker.ready).then((r)=>r.active&&r.active.postMessage({type:'cache-assets',urls:[...document.querySelectorAll('link[rel=prefetch],link[rel=stylesheet]')].map((l)=>l.href)})).catch((e)=>console.warn('The service worker could not be registered:',e))},{once:true});`;

/**
 * landing.html from the built index.html and the landing page's markup: the app's module scripts
 * and modulepreloads become prefetch hints (fetched when the network is idle, run by no one on
 * this page), the markup goes inside #root, and LANDING_SCRIPT is the one script that runs.
 */
export function landingHtml(index, markup) {
  const scripts = [...index.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g)];
  const preloads = [...index.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
  if (scripts.length === 0) throw new Error('prerender-landing: index.html has no module script');
  if (!index.includes('<div id="root"></div>')) throw new Error('prerender-landing: index.html has no empty #root');
  let html = index;
  for (const [tag] of [...scripts, ...preloads]) html = html.replace(tag, '');
  const hints = [...scripts, ...preloads].map(([, href]) => `<link rel="prefetch" href="${href}" crossorigin>`).join('\n    ');
  html = html.replace('</head>', `  ${hints}\n    <script type="module">${LANDING_SCRIPT}</script>\n  </head>`);
  return html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}

async function main() {
  const webui = fileURLToPath(new URL('..', import.meta.url));
  const dist = join(webui, 'dist');
  const { build } = await import('vite');
  // Under node_modules so the bundle's imports of react and react-dom resolve from webui/node_modules.
  mkdirSync(join(webui, 'node_modules/.cache'), { recursive: true });
  const scratch = mkdtempSync(join(webui, 'node_modules/.cache/prerender-'));
  try {
    await build({
      root: webui,
      logLevel: 'warn',
      build: { ssr: 'src/app/landing-markup.tsx', outDir: scratch, emptyOutDir: true, rolldownOptions: { output: { entryFileNames: 'landing-markup.mjs' } } },
    });
    const { renderLanding } = await import(pathToFileURL(join(scratch, 'landing-markup.mjs')).href);
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    writeFileSync(join(dist, 'landing.html'), landingHtml(index, renderLanding()));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
