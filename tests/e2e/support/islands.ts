import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until every island that hydrates on its own (`client:load`, `client:idle`)
 * has hydrated: Astro drops the island's `ssr` attribute then. A click that lands on server HTML before that is silently lost, which made
 * tests flaky on a busy machine.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelectorAll('astro-island[ssr]:is([client="load"], [client="idle"])').length),
    )
    .toBe(0);
}
