// The /home chain, asked for at once. Every screen is a lazy route (src/app/router.tsx), so a
// page opened at /home would otherwise learn of its code one level at a time: the entry, then the
// signed-in layout, then the home screen, then what that imports, each a round trip on a phone's
// network before the first slide can render. This plugin writes into index.html a few lines that,
// on the routes named, add <link rel="modulepreload"> (and preload for their CSS) for the chunks
// those routes' lazy modules need, so they download beside the entry.

/** The chunks of the modules named (their files, the chunks they import statically, and CSS), minus what the entry already loads. */
export function routeFiles(bundle, modules) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entryFiles = new Set();
  const walk = (file, into) => {
    if (into.has(file)) return;
    into.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
  };
  for (const c of chunks) if (c.isEntry) walk(c.fileName, entryFiles);
  const files = new Set();
  for (const m of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(m));
    if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
    walk(chunk.fileName, files);
  }
  const out = [];
  for (const f of files) {
    if (entryFiles.has(f)) continue;
    out.push(f);
    for (const css of byFile.get(f)?.viteMetadata?.importedCss ?? []) out.push(css);
  }
  return [...new Set(out)];
}

/** The inline script: on a route of routes (path → files), preload its files. */
export function preloadScript(routes, base = '/') {
  const table = Object.fromEntries(Object.entries(routes).map(([path, files]) => [path, files.map((f) => base + f)]));
  return (
    `(function(){var f=${JSON.stringify(table)}[location.pathname];if(!f)return;` +
    `for(var i=0;i<f.length;i++){var l=document.createElement("link");` +
    `if(/\\.css$/.test(f[i])){l.rel="preload";l.as="style"}else{l.rel="modulepreload"}` +
    `l.crossOrigin="";l.href=f[i];document.head.appendChild(l)}})()`
  );
}

/** The Vite plugin: routes maps a path to the source modules (ends of their paths) it loads lazily. */
export function routePreload(routes) {
  return {
    name: 'zuum-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const files = Object.fromEntries(Object.entries(routes).map(([path, modules]) => [path, routeFiles(ctx.bundle, modules)]));
        return { html, tags: [{ tag: 'script', children: preloadScript(files), injectTo: 'head' }] };
      },
    },
  };
}
