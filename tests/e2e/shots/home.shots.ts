import { test } from '../support/test.ts';

// `npm run shots` only (not part of npm test): the home page in a few languages and both themes, for
// people to look at (test-results/screenshots/). What they show is asserted by tests/e2e/layout.spec.ts.
for (const lang of ['en', 'ar', 'ja']) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot ${lang} ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/${lang}/`);
      await page.screenshot({ path: `test-results/screenshots/home-${lang}-${scheme}.png`, fullPage: true });
    });
  }
}

for (const lang of ['en', 'ar']) {
  test(`screenshot ${lang} mobile`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${lang}/`);
    await page.screenshot({ path: `test-results/screenshots/home-${lang}-mobile.png`, fullPage: true });
  });
}
