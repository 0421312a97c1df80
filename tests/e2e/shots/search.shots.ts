import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

// `npm run shots` only (not part of npm test): pictures for people to look at, in test-results/screenshots/.
// What they show is asserted by tests/e2e/layout.spec.ts.

async function waitForIsland(page: Page) {
  await expect(page.getByTestId('search-app')).toHaveAttribute('data-hydrated', 'true');
}

for (const lang of ['en', 'ar', 'zh']) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot search ${lang} ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/${lang}/`);
      await waitForIsland(page);
      await page.screenshot({ path: `test-results/screenshots/search-home-${lang}-${scheme}.png`, fullPage: true });
      await page.goto(`/${lang}/?q=upscale&tags=image`);
      await waitForIsland(page);
      await page.screenshot({ path: `test-results/screenshots/search-results-${lang}-${scheme}.png`, fullPage: true });
    });
  }
}
