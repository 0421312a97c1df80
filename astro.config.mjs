// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { precompressAssets } from './scripts/lib/precompress-assets.ts';

// Locale routing is done by our own middleware (src/middleware.ts) rather than Astro's `i18n`
// option: we need unprefixed routes such as `/discord` and `/api/*` beside `/{lang}/…`, and a
// redirect from `/` that also honours the saved language cookie.
// NODEYARD_BUILD_DIR lets several checkouts' worth of browser-test servers build side by side
// (each Playwright run on its own E2E_PORT builds into .builds/<port>); everyone else uses dist/.
const buildDir = process.env.NODEYARD_BUILD_DIR ?? './dist';

export default defineConfig({
  output: 'server',
  outDir: buildDir,
  // Middleware mode gives us a handler that renders pages with the `locals` we pass (the server's
  // services); src/server/main.ts mounts it in its own http server (next to the API listener) and
  // serves the built files itself (src/server/http/static-files.ts).
  adapter: node({ mode: 'middleware' }),
  // React 19 islands. Pages stay light by hydrating only what is interactive, each island with the
  // directive that fits (see docs/architecture.md, "JavaScript weight").
  // precompressAssets: brotli and gzip copies of the scripts and styles, made once here and sent as they
  // are (src/server/http/static-files.ts), instead of compressed again on every request.
  integrations: [react(), precompressAssets()],
  vite: {
    plugins: [tailwindcss()],
    // The Content-Security-Policy allows only the inline scripts we list (src/server/http/own-inline-scripts.ts),
    // so a component's <script> always ships as its own file from 'self', never inlined into the page.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
    ...(buildDir === './dist' ? {} : { cacheDir: `${buildDir}/.vite` }),
  },
  server: { port: 4321, host: '127.0.0.1' },
  security: { checkOrigin: true },
  devToolbar: { enabled: false },
});
