import { expect, test } from './support/test.ts';
import { gotoHydrated } from './support/islands.ts';

test('lists every language by its own name and in the current language, Arabic marked Beta', async ({ page }) => {
  await gotoHydrated(page, '/fr/');
  await page.getByTestId('language-switcher').getByRole('button').click();
  const options = page.locator('[data-language-option]');
  await expect(options).toHaveCount(8);
  const arabic = page.locator('[data-language-option="ar"]');
  await expect(arabic).toContainText('العربية');
  await expect(arabic).toContainText('arabe');
  await expect(arabic).toContainText('Bêta');
  await expect(page.locator('[data-language-option="ja"]')).toContainText('日本語');
  await expect(page.locator('[data-language-option="fr"]')).toHaveAttribute('aria-current', 'true');
});

test('switching keeps path and query, replaces history and sets dir', async ({ page }) => {
  await page.goto('/en/');
  await gotoHydrated(page, '/en/?q=video&page=2');
  const historyLength = await page.evaluate(() => history.length);
  await page.getByTestId('language-switcher').getByRole('button').click();
  await page.locator('[data-language-option="ar"]').click();
  await page.waitForURL('/ar/?q=video&page=2');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  await page.getByTestId('language-switcher').getByRole('button').click();
  await page.locator('[data-language-option="ja"]').click();
  await page.waitForURL('/ja/?q=video&page=2');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // Back leaves the switcher's page entirely instead of stepping through languages.
  await page.goBack();
  await expect(page).toHaveURL('/en/');
});

test('the chosen language is remembered for /', async ({ page }) => {
  await gotoHydrated(page, '/en/');
  await page.getByTestId('language-switcher').getByRole('button').click();
  await page.locator('[data-language-option="ko"]').click();
  await page.waitForURL('/ko/');
  await page.goto('/');
  await expect(page).toHaveURL('/ko/');
});

test('filter and keyboard: type, arrow down, Enter; Esc closes and restores focus', async ({ page }) => {
  await gotoHydrated(page, '/en/');
  const trigger = page.getByTestId('language-switcher').getByRole('button');
  await trigger.click();
  await page.keyboard.type('span');
  await expect(page.locator('[data-language-option]')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-language-option="es"]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  await trigger.press('Enter');
  await page.keyboard.type('zzz');
  await expect(page.getByRole('status')).toContainText('zzz');
  await page.keyboard.press('Escape');

  await trigger.press('Enter');
  await page.keyboard.type('日本');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL('/ja/');
});

test('Arabic mirrors the layout', async ({ page }) => {
  await page.goto('/ar/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const logo = await page.locator('header > a').first().boundingBox();
  const nav = await page.locator('header nav').boundingBox();
  expect(logo && nav && logo.x > nav.x).toBe(true);

  await page.goto('/en/');
  const logoEn = await page.locator('header > a').first().boundingBox();
  const navEn = await page.locator('header nav').boundingBox();
  expect(logoEn && navEn && logoEn.x < navEn.x).toBe(true);
});
