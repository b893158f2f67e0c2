// landing.html from a built index.html: the prerender's own test (plain JavaScript, like the script).
import { describe, expect, it } from 'vitest';
import { LANDING_SCRIPT, landingHtml } from './prerender-landing.mjs';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <link rel="manifest" href="/manifest.webmanifest" />
    <meta name="theme-color" content="#0c0a11" />
    <title>Zuum</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('landingHtml', () => {
  const html = landingHtml(INDEX, '<div class="landing"><h1>Your music.</h1></div>');

  it("keeps index.html's head and styles and puts the markup inside #root", () => {
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<meta name="theme-color" content="#0c0a11" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
    expect(html).toContain('<div id="root"><div class="landing"><h1>Your music.</h1></div></div>');
  });

  it("runs none of the app's scripts: they become prefetch hints, and the one script is the small inline one", () => {
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).toContain('<link rel="prefetch" href="/assets/index-abc.js" crossorigin>');
    expect(html).toContain('<link rel="prefetch" href="/assets/framework-def.js" crossorigin>');
    expect([...html.matchAll(/<script\b/g)]).toHaveLength(1);
    expect(html).toContain(`<script type="module">${LANDING_SCRIPT}</script>`);
    expect(LANDING_SCRIPT.length).toBeLessThan(1_000);
  });

  it('refuses an index.html without the module script or the empty #root it replaces', () => {
    expect(() => landingHtml(INDEX.replace(/<script[^\n]*\n/, ''), 'x')).toThrow(/no module script/);
    expect(() => landingHtml(INDEX.replace('<div id="root"></div>', '<div id="app"></div>'), 'x')).toThrow(/no empty #root/);
  });
});
