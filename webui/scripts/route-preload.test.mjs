import { describe, expect, it } from 'vitest';
import { preloadScript, routeFiles } from './route-preload.mjs';

const chunk = (fileName, extra = {}) => ({ type: 'chunk', fileName, imports: [], ...extra });
const bundle = {
  entry: chunk('assets/index.js', { isEntry: true, imports: ['assets/framework.js'] }),
  framework: chunk('assets/framework.js'),
  layout: chunk('assets/signed-in-layout.js', { facadeModuleId: '/w/src/app/signed-in-layout.tsx', imports: ['assets/framework.js', 'assets/api.js'] }),
  api: chunk('assets/api.js'),
  home: chunk('assets/home-page.js', {
    facadeModuleId: '/w/src/features/home/components/home-page.tsx',
    imports: ['assets/posts.js', 'assets/api.js'],
    viteMetadata: { importedCss: new Set(['assets/home-page.css']) },
  }),
  posts: chunk('assets/posts.js', { viteMetadata: { importedCss: new Set(['assets/posts.css']) } }),
  other: chunk('assets/chat-page.js', { facadeModuleId: '/w/src/features/chat/components/chat-page.tsx' }),
  css: { type: 'asset', fileName: 'assets/home-page.css' },
};

describe('route preload', () => {
  it('names the lazy modules, what they import and their CSS, but nothing the entry loads and no other screen', () => {
    const files = routeFiles(bundle, ['src/app/signed-in-layout.tsx', 'src/features/home/components/home-page.tsx']);
    expect(files.sort()).toEqual(
      ['assets/api.js', 'assets/home-page.css', 'assets/home-page.js', 'assets/posts.css', 'assets/posts.js', 'assets/signed-in-layout.js'].sort(),
    );
  });

  it('fails the build when a module has no chunk (a renamed screen)', () => {
    expect(() => routeFiles(bundle, ['src/features/home/components/gone.tsx'])).toThrow(/no chunk/);
  });

  it('adds the links on its route only', () => {
    const script = preloadScript({ '/home': ['assets/home-page.js', 'assets/home-page.css'] });
    for (const [path, want] of [['/home', 2], ['/login', 0]]) {
      document.head.innerHTML = '';
      window.history.replaceState(null, '', path);
      new Function(script)();
      const links = [...document.head.querySelectorAll('link')];
      expect(links.length).toBe(want);
      if (want) {
        expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
          ['modulepreload', '/assets/home-page.js'],
          ['preload', '/assets/home-page.css'],
        ]);
      }
    }
  });
});
