// `npm run build:site`: the site build `npm start` would make, made now if the sources changed since
// the last one (scripts/lib/site-build.ts). `npm test` runs it before Playwright, beside Vitest, so
// the browser tests start on a built site instead of building it while everything waits.
import { buildIfStale } from './lib/site-build.ts';

// A browser-test run on its own port serves its own build (playwright.config.ts): build that one.
const port = process.env['E2E_PORT'];
if (port !== undefined && process.env['NODEYARD_BUILD_DIR'] === undefined) {
  process.env['NODEYARD_BUILD_DIR'] = `.builds/${port}`;
}

buildIfStale();
