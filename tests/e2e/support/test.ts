import { test as base } from '@playwright/test';
import { openTab, resetTab, type ContextOptions, type SharedTab } from './shared-tab.ts';

export { expect } from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with one browser tab per worker handed from test to test.
 *
 * A fresh context costs Chromium a new renderer and a new page (≈ 0.55–0.66 CPU-s for a test's first
 * page against ≈ 0.28 in a tab reset as below, whose scripts V8 has compiled already; `npm run
 * bench:tab-reuse`). Playwright's own `reuseContext` saved nothing here: its reset leaves the site for
 * about:blank, and coming back starts another renderer.
 * This one stays on the site between tests:
 *   1. the tab goes to the site's /robots.txt (same site, same renderer), which ends the last test's
 *      document and its scripts, so nothing they do afterwards lands in the next test's storage;
 *   2. cookies and every origin's storage (local, session, IndexedDB: the Firebase session and the
 *      persisted query cache) are cleared. The HTTP cache is kept: bundles are immutable, pages are
 *      revalidated, and the islands ask the server before reusing an API answer (no-cache), so
 *      nothing one test read is shown to the next;
 *   3. viewport, emulated media and the mouse go back to the project's defaults.
 * A test gets a fresh context as before when it changes anything this reset does not undo (an init
 * script, a listener, a route, a permission, a second page, closing it: DIRTYING in shared-tab.ts),
 * when its options differ (`test.use`), on a retry (which records a trace), and after a failure.
 */
export const test = base.extend<{ _combinedContextOptions: object }, { sharedTab: { current: SharedTab | null } }>({
  // Passed through unchanged: declared here only so that the context fixture below may read it.
  _combinedContextOptions: async ({ _combinedContextOptions }, use) => use(_combinedContextOptions),
  sharedTab: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const holder: { current: SharedTab | null } = { current: null };
      await use(holder);
      await holder.current?.context.close();
    },
    { scope: 'worker' },
  ],
  // `_combinedContextOptions` is Playwright's own merge of every context option a test can set (the
  // one it creates contexts with); read so that a test whose options differ never gets this tab.
  context: async ({ browser, sharedTab, _combinedContextOptions }, use, testInfo) => {
    const options = _combinedContextOptions as ContextOptions;
    const key = JSON.stringify(options);
    if (testInfo.retry > 0 || options.baseURL === undefined) {
      const context = await browser.newContext();
      await use(context);
      await context.close();
      return;
    }
    let tab = sharedTab.current;
    if (tab && (tab.dirty || tab.key !== key)) {
      await tab.context.close();
      tab = null;
    }
    if (tab) await resetTab(tab, options);
    else tab = await openTab(browser, key);
    sharedTab.current = tab;
    await use(tab.context);
    // A failed test may have left anything behind: the next one starts afresh.
    if (testInfo.status !== testInfo.expectedStatus) tab.dirty = true;
  },
  page: async ({ context, sharedTab }, use) => {
    const tab = sharedTab.current;
    await use(tab && tab.context === context ? tab.page : await context.newPage());
  },
});
