// `npm run build:site`: the site build `npm start` would make, made now if the sources changed since
// the last one (scripts/lib/site-build.ts). `npm test` runs it in its check lane, beside Vitest, so
// the browser tests start on a built site instead of building it while everything waits.
import { buildIfStale } from './lib/site-build.ts';

buildIfStale();
