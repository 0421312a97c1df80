import { expect, test } from './support/test.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';

for (const scheme of ['light', 'dark'] as const) {
  for (const path of ['/en/', '/ar/', '/en/auth/login', '/ja/missing']) {
    test(`${path} passes axe in ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      // The sign-in buttons are enabled (and fade in) once Firebase has loaded: check the settled page.
      if (path.includes('/auth/')) await expect(page.getByTestId('google-sign-in')).toBeEnabled();
      await expectAxeClean(page);
    });
  }
}

test('the open language menu passes axe', async ({ page }) => {
  await gotoHydrated(page, '/en/');
  await page.getByTestId('language-switcher').getByRole('button').click();
  await expectAxeClean(page, { tags: 'all' });
});
