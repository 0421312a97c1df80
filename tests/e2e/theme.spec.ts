import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { gotoHydrated } from './support/islands.ts';

const rootClass = (page: Page) => page.evaluate(() => document.documentElement.className);

// Records the <html> class at the moment <body> is created: proves the theme is set before paint.
async function recordClassBeforeBody(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body) {
        (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}
const classAtBody = (page: Page) => page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody);

test('defaults to Auto and follows the system setting live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/en/');
  expect(await rootClass(page)).toContain('dark');
  await expect(page.locator('[data-theme-option="auto"]')).toHaveAttribute('aria-pressed', 'true');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => rootClass(page)).toContain('light');
  expect(await rootClass(page)).not.toContain('dark');
});

test('a chosen theme is saved, survives reload and is applied before first paint', async ({ page }) => {
  await recordClassBeforeBody(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await gotoHydrated(page, '/en/');
  await page.locator('[data-theme-option="dark"]').click();
  await expect.poll(() => rootClass(page)).toContain('dark');
  expect(await page.evaluate(() => localStorage.getItem('registry-theme'))).toBe('dark');

  await page.reload();
  expect(await classAtBody(page)).toContain('dark');
  await expect(page.locator('[data-theme-option="dark"]')).toHaveAttribute('aria-pressed', 'true');

  // An explicit choice ignores the system setting.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('[data-theme-option="light"]').click();
  await expect.poll(() => rootClass(page)).toContain('light');
  await page.reload();
  expect(await classAtBody(page)).toContain('light');
});

test('the toggle is keyboard operable', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await gotoHydrated(page, '/en/');
  await page.locator('[data-theme-option="dark"]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => rootClass(page)).toContain('dark');
});
