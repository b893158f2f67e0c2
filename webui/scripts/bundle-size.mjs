// The JavaScript each route makes a phone download, from the build's manifest, against a budget:
//   node scripts/bundle-size.mjs             builds (vite build --manifest) into dist/, then checks
//   node scripts/bundle-size.mjs --no-build  checks the dist/ already there (its .vite/manifest.json)
// A route's JS is the entry (index.html's script) and every chunk it imports statically, plus, for
// a lazy route, the chunks of its lazy layouts and its own screen and what they import statically;
// each counted once, by its gzip size. Every route's size is printed; the check fails when the
// landing page passes LANDING_LIMIT or any route passes ROUTE_LIMIT. `npm test` runs it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1000;

/**
 * The landing page's budget. The issue asks for 70 kB; React 19's react-dom alone is 67 kB gzip
 * and react-router 7 another 31 kB, so no page rendered by React in the browser gets there: the
 * landing page would have to be served as HTML rendered at build time. Until then this is the
 * framework (React, the router, TanStack Query) plus the landing page's own code, with a few kB
 * to spare, so anything signed-in, Amplify or zod that leaks into it fails the check.
 */
export const LANDING_LIMIT = 125 * KB;
/** Any route's budget: the framework, Amplify, zod and the largest screen fit with room to spare. */
export const ROUTE_LIMIT = 170 * KB;

/**
 * The routes of a route table's source (app/router.tsx): each object literal with a `path: '...'`
 * or an `import('...')` of its own that has no route below it, with the lazy modules of it and
 * its ancestors, outermost first. Labels are the path, or the module for a route without one.
 */
export function routesOf(source) {
  const start = source.indexOf('export const routes');
  const text = start < 0 ? source : source.slice(start);
  const token = /\{|\}|path:\s*'([^']*)'|import\('([^']+)'\)/g;
  const stack = [];
  const routes = [];
  for (const match of text.matchAll(token)) {
    const [whole, path, module] = match;
    const top = stack.at(-1);
    if (whole === '{') stack.push({ path: null, module: null, parent: top, hasChildRoute: false });
    else if (whole === '}') {
      const node = stack.pop();
      if (!node) break;
      if (node.path === null && node.module === null) continue;
      if (node.parent) node.parent.hasChildRoute = true;
      if (node.hasChildRoute) continue;
      const modules = [];
      for (let at = node; at; at = at.parent) if (at.module) modules.unshift(at.module);
      routes.push({ label: node.path ?? node.module, modules });
    } else if (top && path !== undefined) top.path = path;
    else if (top && module !== undefined) top.module = module;
  }
  return routes;
}

/**
 * The manifest key of an import specifier of app/router.tsx ('@/x' is src/x, './x' src/app/x).
 * A screen that other chunks also import statically has no key of its own: the manifest lists it
 * as a dynamic import named after the file (`_beat-page-<hash>.js`, name "beat-page").
 */
export function manifestKey(manifest, specifier) {
  const base = specifier.startsWith('@/') ? `src/${specifier.slice(2)}` : `src/app/${specifier.replace(/^\.\//, '')}`;
  const key = ['.tsx', '.ts', '/index.tsx', '/index.ts', ''].map((ext) => base + ext).find((k) => k in manifest);
  if (key) return key;
  const name = base.split('/').at(-1);
  const dynamic = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const named = [...dynamic].filter((k) => manifest[k]?.name === name);
  if (named.length !== 1) throw new Error(`bundle-size: ${specifier} is not in the build's manifest`);
  return named[0];
}

/** `keys` and every chunk they import statically, each once. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * Each route's JS in bytes (gzip), from the manifest, the routes, and `sizeOf(file)` giving a
 * chunk file's gzip size.
 */
export function measure(manifest, routes, sizeOf) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('bundle-size: the manifest has no entry');
  return routes.map(({ label, modules }) => {
    const chunks = staticClosure(manifest, [entry, ...modules.map((m) => manifestKey(manifest, m))]);
    const files = [...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    return { label, bytes: files.reduce((sum, file) => sum + sizeOf(file), 0), files };
  });
}

/** The lines to print and whether every route is within its budget. */
export function report(sizes, { landing = LANDING_LIMIT, route = ROUTE_LIMIT } = {}) {
  const lines = [];
  let ok = true;
  for (const { label, bytes } of [...sizes].sort((a, b) => b.bytes - a.bytes)) {
    const limit = label === '/' ? landing : route;
    const over = bytes > limit;
    ok &&= !over;
    lines.push(`${(bytes / KB).toFixed(1).padStart(7)} kB  ${label}${over ? `  OVER the ${limit / KB} kB budget` : ''}`);
  }
  if (!sizes.some((s) => s.label === '/')) {
    ok = false;
    lines.push('the landing page (/) is not in the route table');
  }
  return { lines, ok };
}

function main() {
  const webui = fileURLToPath(new URL('..', import.meta.url));
  const dist = join(webui, 'dist');
  if (!process.argv.includes('--no-build')) {
    execFileSync(process.execPath, [join(webui, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--logLevel', 'warn'], {
      cwd: webui,
      stdio: 'inherit',
    });
  }
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`bundle-size: no ${manifestPath}; build with --manifest first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const routes = routesOf(readFileSync(join(webui, 'src/app/router.tsx'), 'utf8'));
  const sizes = measure(manifest, routes, (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  const { lines, ok } = report(sizes);
  console.log(`JS per route, gzip (landing page budget ${LANDING_LIMIT / KB} kB, other routes ${ROUTE_LIMIT / KB} kB):`);
  for (const line of lines) console.log(line);
  if (!ok) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
