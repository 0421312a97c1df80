import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

// The tab the specs hand from test to test (tests/e2e/support/test.ts says when and why), and its reset.
// Also measured by bench/tab-reuse.ts.

/** The options Playwright creates a test's context with (only what the reset restores is read). */
export interface ContextOptions {
  baseURL?: string;
  viewport?: { width: number; height: number } | null;
  colorScheme?: 'light' | 'dark' | 'no-preference' | null;
  reducedMotion?: 'reduce' | 'no-preference' | null;
  forcedColors?: 'active' | 'none' | null;
  contrast?: 'more' | 'no-preference' | null;
}

export interface SharedTab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** The options it was made with, as JSON: a test with others gets its own context. */
  key: string;
  /** Every origin the tab has sent a request to: their storage is cleared between tests. */
  origins: Set<string>;
  /** Something the reset does not undo happened: close it rather than hand it on. */
  dirty: boolean;
}

/**
 * Methods whose effect outlives a test and that the reset does not undo: calling one marks the tab
 * for closing after the test. (Routes could be removed, but a held route may still be answering.)
 */
/** What a page and its context both have (the context's apply to every page in it). */
const DIRTYING_ON_BOTH = [
  'addInitScript',
  'addListener',
  'close',
  'exposeBinding',
  'exposeFunction',
  'on',
  'once',
  'prependListener',
  'prependOnceListener',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setDefaultNavigationTimeout',
  'setDefaultTimeout',
  'setExtraHTTPHeaders',
] as const;
const DIRTYING = {
  page: DIRTYING_ON_BOTH,
  context: [...DIRTYING_ON_BOTH, 'grantPermissions', 'newPage', 'setGeolocation', 'setHTTPCredentials', 'setOffline'],
} as const;

export async function openTab(browser: Browser, key: string): Promise<SharedTab> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const tab: SharedTab = { context, page, cdp, key, origins: new Set(), dirty: false };
  // Installed before the methods are watched: this listener is the tab's own.
  context.on('request', (request) => {
    const { origin } = new URL(request.url());
    if (origin.startsWith('http')) tab.origins.add(origin);
  });
  markDirtyOnCall(page, DIRTYING.page, tab);
  markDirtyOnCall(context, DIRTYING.context, tab);
  return tab;
}

/** Replaces each named method on this one object by one that marks the tab dirty, then calls it. */
function markDirtyOnCall(target: object, methods: readonly string[], tab: SharedTab): void {
  const record = target as Record<string, unknown>;
  for (const name of methods) {
    const original = record[name];
    if (typeof original !== 'function') continue;
    record[name] = (...args: unknown[]) => {
      tab.dirty = true;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

export async function resetTab(tab: SharedTab, options: ContextOptions): Promise<void> {
  const { page, context, cdp } = tab;
  await page.goto(new URL('/robots.txt', options.baseURL).href);
  await context.clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await Promise.all(
    [...tab.origins].map((origin) =>
      cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,cache_storage' }),
    ),
  );
  if (options.viewport) await page.setViewportSize(options.viewport);
  await page.emulateMedia({
    media: null,
    colorScheme: options.colorScheme ?? null,
    reducedMotion: options.reducedMotion ?? null,
    forcedColors: options.forcedColors ?? null,
    contrast: options.contrast ?? null,
  });
  // Where Playwright's own reset leaves it: over nothing, so no hover style carries over.
  await page.mouse.move(-1, -1);
}
