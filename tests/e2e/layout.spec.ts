import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAxeClean } from './support/axe.ts';

// What the screenshots (`npm run shots`) let people look at, asserted: each public page in a left-to-
// right, a right-to-left and a CJK language, light and dark: its text is there, Arabic lays it out
// right to left, nothing scrolls sideways, and the dark theme passes axe (contrast included).

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

const PAGES = [
  { name: 'home', path: '/', langs: ['en', 'ar', 'ja'] },
  { name: 'node page', path: '/nodes/demo-upscale-tools', langs: ['en', 'ar', 'zh'] },
  { name: 'publisher page', path: '/publishers/nodeyard-demo', langs: ['en', 'ar', 'zh'] },
  { name: 'search results', path: '/?q=upscale&tags=image', langs: ['en', 'ar', 'zh'] },
];

for (const { name, path, langs } of PAGES) {
  test(`${name}: text, direction and width in ${langs.join(', ')}, light and dark`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const lang of langs) {
      for (const scheme of ['light', 'dark'] as const) {
        const label = `/${lang}${path} (${scheme})`;
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/${lang}${path}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('main'), label).toContainText(/\S/);
        await expectNoSidewaysScroll(page, label);
        if (scheme === 'dark') await expectAxeClean(page, { label });
      }
    }
  });
}

test('home on a phone: no sideways scrolling in English or Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of ['en', 'ar']) {
    await page.goto(`/${lang}/`);
    await expect(page.locator('main')).toContainText(/\S/);
    await expectNoSidewaysScroll(page, `/${lang}/ at 390 px`);
  }
});
