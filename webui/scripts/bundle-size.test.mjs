// The bundle-size check's own test, over a made-up route table and manifest (plain JavaScript,
// like the script).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IN_APP_LANDING, LANDING_LIMIT, manifestKey, measure, measureLanding, pathNamesOf, report, ROUTE_LIMIT, routesOf, withLanding } from './bundle-size.mjs';

const ROUTER = `
import { LandingPage } from '@/features/landing/components/landing-page';
function page(load, name) { return async () => ({ Component: (await load())[name] }); }
export const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', lazy: page(() => import('@/features/auth/components/login-page'), 'LoginPage') },
      {
        lazy: page(() => import('./signed-in-layout'), 'SignedInLayout'),
        children: [
          { path: '/home', lazy: page(() => import('@/features/home/components/home-page'), 'HomePage') },
          ...soon.map((path) => ({ path, lazy: page(() => import('@/components/layouts/coming-soon'), 'ComingSoon') })),
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
`;

/** Entry → framework; login → its chunk and amplify; home → layout (amplify) and its chunk, which shares beat-page. */
const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'], dynamicImports: ['src/features/auth/components/login-page.tsx', 'src/app/signed-in-layout.tsx', 'src/features/home/components/home-page.tsx', 'src/components/layouts/coming-soon.tsx'], css: ['assets/index.css'] },
  '_framework.js': { file: 'assets/framework.js' },
  '_amplify.js': { file: 'assets/amplify.js' },
  'src/features/auth/components/login-page.tsx': { file: 'assets/login-page.js', imports: ['_amplify.js', '_framework.js', 'index.html'] },
  'src/app/signed-in-layout.tsx': { file: 'assets/signed-in-layout.js', imports: ['_amplify.js'] },
  'src/features/home/components/home-page.tsx': { file: 'assets/home-page.js', imports: ['_beat-page.js'], dynamicImports: ['_beat-page.js'] },
  '_beat-page.js': { file: 'assets/beat-page.js', name: 'beat-page', imports: ['_amplify.js'] },
  'src/components/layouts/coming-soon.tsx': { file: 'assets/coming-soon.js' },
};

const SIZES = {
  'assets/index.js': 5_000,
  'assets/framework.js': 100_000,
  'assets/amplify.js': 20_000,
  'assets/login-page.js': 3_000,
  'assets/signed-in-layout.js': 1_000,
  'assets/home-page.js': 10_000,
  'assets/beat-page.js': 2_000,
  'assets/coming-soon.js': 500,
};

const sizeOf = (file) => SIZES[file];

/** landing.html as measureLanding gives it: one small inline script. */
const LANDING_HTML = { label: '/', bytes: 1_500, files: [] };

describe('bundle-size', () => {
  it('reads every route of the table with the lazy modules above it, outermost first', () => {
    expect(routesOf(ROUTER)).toEqual([
      { label: '/', modules: [] },
      { label: '/login', modules: ['@/features/auth/components/login-page'] },
      { label: '/home', modules: ['./signed-in-layout', '@/features/home/components/home-page'] },
      { label: '@/components/layouts/coming-soon', modules: ['./signed-in-layout', '@/components/layouts/coming-soon'] },
      { label: '*', modules: [] },
    ]);
  });

  it('reads a route whose path comes from the paths module, and refuses a name the module lacks', () => {
    const names = pathNamesOf(`
export const paths = {
  landing: '/',
  /** A builder is no route pattern. */
  profile: (userId: string) => \`/profile/\${segment(userId)}\`,
  login: '/login',
} as const;
export const patterns = {
  profile: '/profile/:userId',
} as const;
`);
    expect(Object.fromEntries(names)).toEqual({ 'paths.landing': '/', 'paths.login': '/login', 'patterns.profile': '/profile/:userId' });
    const table = ROUTER.replace("path: '/login'", 'path: paths.login').replace("path: '/'", 'path: paths.landing');
    expect(routesOf(table, names)).toEqual(routesOf(ROUTER));
    expect(() => routesOf(table.replace('paths.login', 'paths.logon'), names)).toThrow(/paths\.logon is not in the paths module/);
  });

  it('reads every route of the app: each has a path or a module, and no two share a path', () => {
    const source = (file) => readFileSync(join(fileURLToPath(import.meta.url), '../../src', file), 'utf8');
    const routes = routesOf(source('app/router.tsx'), pathNamesOf(source('config/paths.ts')));
    const labels = routes.map((r) => r.label);
    expect(labels.length).toBeGreaterThanOrEqual(60);
    expect(labels.filter((label) => !/^(\/|\*$)/.test(label))).toEqual([]);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain('/profile/:userId');
  });

  it('finds a screen by its source, or by its name when other chunks import it too', () => {
    expect(manifestKey(MANIFEST, './signed-in-layout')).toBe('src/app/signed-in-layout.tsx');
    expect(manifestKey(MANIFEST, '@/features/beats/components/beat-page')).toBe('_beat-page.js');
    expect(() => manifestKey(MANIFEST, '@/features/wallet/components/dashboard-page')).toThrow(/not in the build's manifest/);
  });

  it("counts the entry, the route's chunks and their static imports, each once, and no CSS", () => {
    const sizes = Object.fromEntries(measure(MANIFEST, routesOf(ROUTER), sizeOf).map((s) => [s.label, s.bytes]));
    expect(sizes['/']).toBe(105_000);
    expect(sizes['/login']).toBe(128_000);
    expect(sizes['/home']).toBe(138_000);
    expect(sizes['*']).toBe(105_000);
  });

  it('passes when every route is within its budget, printing every route, largest first', () => {
    const { lines, ok } = report(withLanding(measure(MANIFEST, routesOf(ROUTER), sizeOf), LANDING_HTML));
    expect(ok).toBe(true);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^ +138\.0 kB {2}\/home$/);
  });

  it('fails when the landing page passes its budget, or any route passes the route budget', () => {
    const routes = routesOf(ROUTER);
    const bigEntry = report(measure(MANIFEST, routes, (file) => (file === 'assets/index.js' ? LANDING_LIMIT : sizeOf(file))));
    expect(bigEntry.ok).toBe(false);
    expect(bigEntry.lines.find((line) => line.endsWith('kB budget') && / \/ {2}OVER/.test(line))).toBeDefined();

    const bigHome = report(withLanding(measure(MANIFEST, routes, (file) => (file === 'assets/home-page.js' ? ROUTE_LIMIT : sizeOf(file))), LANDING_HTML));
    expect(bigHome.ok).toBe(false);
    expect(bigHome.lines.filter((line) => line.includes('OVER')).map((line) => line.trim().split(/\s+/)[2])).toEqual(['/home']);
  });

  it("measures landing.html's JS as its scripts: inline ones by their text, src ones with their static imports, not prefetches or JSON", () => {
    const textSize = (text) => text.length;
    const prerendered = `<head><link rel="prefetch" href="/assets/index.js" crossorigin><link rel="prefetch" href="/assets/framework.js" crossorigin>
      <script id="zuum-config" type="application/json">{"region":"eu-west-1"}</script><script type="module">register()</script></head>`;
    const landing = measureLanding(MANIFEST, prerendered, sizeOf, textSize);
    expect(landing).toEqual({ label: '/', bytes: 'register()'.length, files: [] });

    const withApp = measureLanding(MANIFEST, `${prerendered}<script type="module" crossorigin src="/assets/index.js"></script><script src="/extra.js"></script>`, (file) => (file === 'extra.js' ? 7 : sizeOf(file)), textSize);
    expect(withApp.bytes).toBe(105_000 + 7 + 'register()'.length);
    expect(withApp.files).toEqual(['assets/index.js', 'assets/framework.js', 'extra.js']);
  });

  it("holds landing.html to the landing budget and the app's own / to the route budget", () => {
    const sizes = measure(MANIFEST, routesOf(ROUTER), sizeOf);
    const small = withLanding(sizes, LANDING_HTML);
    expect(small.find((s) => s.label === IN_APP_LANDING)?.bytes).toBe(105_000);
    expect(report(small).ok).toBe(true);
    expect(LANDING_LIMIT).toBe(70_000);

    const big = report(withLanding(sizes, { label: '/', bytes: LANDING_LIMIT + 1, files: [] }));
    expect(big.ok).toBe(false);
    expect(big.lines.filter((line) => line.includes('OVER')).map((line) => line.trim().split(/\s+/)[2])).toEqual(['/']);
  });

  it('takes budgets of its own, and fails a table without a landing page', () => {
    const sizes = measure(MANIFEST, routesOf(ROUTER), sizeOf);
    expect(report(sizes, { landing: 70_000 }).ok).toBe(false);
    expect(report(sizes, { route: 130_000 }).ok).toBe(false);
    expect(report(sizes.filter((s) => s.label !== '/')).ok).toBe(false);
  });
});
