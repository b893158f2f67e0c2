// The web app manifest's icons, drawn from public/favicon.svg by Chromium (playwright-core, as
// the browser tests use it): run `node scripts/make-icons.mjs` after changing the logo, and commit
// the PNGs it writes into public/icons/.
//   icon-192.png, icon-512.png   the favicon as it is (rounded square), for launchers that show it whole
//   icon-maskable-512.png        the favicon at 80 % on a full-bleed background of its colour: its Z sits in the central 40 %, so
//                                any mask a launcher cuts (circle, squircle) keeps it whole
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, 'utf8');
/** The page's background colour (src/styles/tokens.css --color-bg), also the maskable icon's. */
const BACKGROUND = '#0c0a11';

const whole = (size) => favicon.replace('<svg ', `<svg width="${size}" height="${size}" `);
const maskable = (size) =>
  `<div style="width:${size}px;height:${size}px;background:${BACKGROUND};display:grid;place-items:center">${favicon.replace(
    '<svg ',
    `<svg width="${size * 0.8}" height="${size * 0.8}" `,
  )}</div>`;

const icons = [
  ['icon-192.png', 192, whole(192)],
  ['icon-512.png', 512, whole(512)],
  ['icon-maskable-512.png', 512, maskable(512)],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const [name, size, markup] of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
    await page.screenshot({ path: `${publicDir}icons/${name}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`make-icons: wrote public/icons/${name}`);
  }
} finally {
  await browser.close();
}
