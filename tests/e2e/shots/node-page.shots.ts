import { test } from '../support/test.ts';

// `npm run shots` only (not part of npm test): pictures for people to look at, in test-results/screenshots/.
// What they show is asserted by tests/e2e/layout.spec.ts.
for (const lang of ['en', 'ar', 'zh']) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshot ${lang} ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/${lang}/nodes/demo-upscale-tools`);
      await page.screenshot({ path: `test-results/screenshots/node-page-${lang}-${scheme}.png`, fullPage: true });
    });
  }
}
