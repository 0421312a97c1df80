import type { Services } from './services.ts';

// How pages reach the server's services. The Astro adapter's standalone handler does not forward
// `locals`, and the built site bundles its own copy of our modules, so the hand-over goes through
// one well-known global symbol: set by src/server/main.ts, read by src/middleware.ts.
const KEY = Symbol.for('nodeyard.site-services');

type Holder = { [KEY]?: Services };

export function provideSiteServices(services: Services): void {
  (globalThis as Holder)[KEY] = services;
}

export function siteServices(): Services | undefined {
  return (globalThis as Holder)[KEY];
}
