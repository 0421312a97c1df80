import { createHash } from 'node:crypto';
import islandLoader from 'astro/runtime/server/astro-island.prebuilt.js';
import islandLoaderDev from 'astro/runtime/server/astro-island.prebuilt-dev.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import { THEME_BOOTSTRAP_SCRIPT } from '../../lib/theme-bootstrap-script.ts';

// The inline scripts we ship, and only those: the Content-Security-Policy allows these texts by
// hash. Hashing whatever inline scripts the outgoing HTML contains would allow an injected one too.
// Astro inlines its island loader and one small script per hydration directive (the same prebuilt
// strings it hashes for its own CSP support); the theme bootstrap is ours. A new inline script
// must be added here, or the browser blocks it (tests/e2e/csp.spec.ts notices).

export const OWN_INLINE_SCRIPTS: readonly string[] = [
  THEME_BOOTSTRAP_SCRIPT,
  islandLoader,
  islandLoaderDev,
  idleDirective,
  loadDirective,
  mediaDirective,
  onlyDirective,
  visibleDirective,
];

export const sha256Source = (source: string | Uint8Array) =>
  `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

/** `'sha256-…'` sources of every inline script we ship. */
export const OWN_SCRIPT_HASHES: readonly string[] = [...new Set(OWN_INLINE_SCRIPTS.map(sha256Source))];
