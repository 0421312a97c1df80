import { isAbsolute, join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/**
 * Where `astro build` writes the site (astro.config.mjs reads the same variable). Defaults to
 * dist/; browser-test runs on their own port use .builds/<port> so parallel runs never rebuild
 * each other's files underneath a running server.
 */
export function buildDirectory(): string {
  const configured = process.env['NODEYARD_BUILD_DIR'];
  if (!configured) return join(root, 'dist');
  return isAbsolute(configured) ? configured : join(root, configured);
}
