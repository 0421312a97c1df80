import type { Page } from '@playwright/test';

/**
 * Waits until every island that hydrates on its own (`client:load`, `client:idle`) has hydrated:
 * Astro drops the island's `ssr` attribute then. Checked on every animation frame (expect.poll's
 * back-off of 100, 250, 500 ms… made each page wait ≈ 200 ms after it had hydrated).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length === 0,
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
}

/**
 * Opens a page and waits for its islands to hydrate. A click that lands on server HTML before that
 * is silently lost, which made tests flaky on a busy machine.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}
