// Module resolution for eslint-plugin-boundaries (the import/resolver interface, version 2):
// the `@/` alias of tsconfig.app.json and vite.config.ts (`@/x` is `src/x`), relative paths, and
// TypeScript's extensions. A bare name (react, zod, ...) is a package: found, with no path.
const fs = require('node:fs');
const path = require('node:path');

const SRC = path.join(__dirname, 'src');
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

function fileAt(base) {
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  const bare = source.split('?')[0];
  let base;
  if (bare.startsWith('@/')) base = path.join(SRC, bare.slice(2));
  else if (bare.startsWith('.')) base = path.resolve(path.dirname(file), bare);
  else return { found: true, path: null };
  const found = fileAt(base);
  return found ? { found: true, path: found } : { found: false };
};
