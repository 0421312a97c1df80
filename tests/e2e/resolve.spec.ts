import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { pngWithText } from '../../src/server/services/workflows/test-images.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';

// The workflow → install plan page against the seeded "(demo)" packs of publisher nodeyard-demo.

const uiWorkflow = {
  nodes: [
    { id: 1, type: 'CheckpointLoaderSimple' },
    { id: 2, type: 'DemoTiledUpscale' },
    { id: 3, type: 'DemoMaskGrow' },
    { id: 4, type: 'Note' },
    { id: 5, type: 'NoSuchNodeAnywhere' },
  ],
  links: [],
};
const apiWorkflow = {
  '1': { class_type: 'KSampler', inputs: {} },
  '2': { class_type: 'DemoSeamBlend', inputs: {} },
};

async function expectPlan(page: Page) {
  const plan = page.getByTestId('resolve-plan');
  await expect(plan).toBeVisible();
  await expect(page.getByTestId('resolve-command')).toHaveText('comfy node install demo-upscale-tools demo-mask-kit');
  const packs = plan.getByTestId('resolve-pack');
  await expect(packs).toHaveCount(2);
  await expect(packs.first()).toContainText('DemoTiledUpscale');
  await expect(plan.locator('a[href$="/nodes/demo-upscale-tools"]').first()).toBeVisible();
  await expect(page.getByTestId('resolve-unresolved')).toContainText('NoSuchNodeAnywhere');
  await expect(page.getByTestId('resolve-core')).toBeVisible();
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`/${lang}/resolve`, () => {
    test('a PNG with an embedded workflow gives the install plan; the page passes axe', async ({ page }) => {
      await gotoHydrated(page, `/${lang}/resolve`);
      if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const png = pngWithText([
        { kind: 'iTXt', keyword: 'workflow', text: JSON.stringify(uiWorkflow), compressed: true },
      ]);
      await page
        .getByTestId('resolve-file')
        .setInputFiles({ name: 'shared.png', mimeType: 'image/png', buffer: Buffer.from(png) });
      await expectPlan(page);
      // The result takes focus so keyboard users land on it.
      await expect(page.getByTestId('resolve-plan').locator('..')).toBeFocused();
      await expectAxeClean(page, { label: `/${lang}/resolve` });
    });

    test('pasted API-format JSON is resolved from the keyboard; bad JSON says why', async ({ page }) => {
      await gotoHydrated(page, `/${lang}/resolve`);
      const box = page.locator('#resolve-json');
      await box.fill('{"nodes": [');
      await box.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('resolve-error')).toBeVisible();
      await box.fill(JSON.stringify(apiWorkflow));
      await box.press('Tab');
      await page.keyboard.press('Enter');
      const plan = page.getByTestId('resolve-plan');
      await expect(page.getByTestId('resolve-command')).toHaveText('comfy node install demo-upscale-tools');
      await expect(plan.getByTestId('resolve-pack')).toHaveCount(1);
      await expect(page.getByTestId('resolve-error')).toHaveCount(0);
      await expectAxeClean(page, { label: `/${lang}/resolve (pasted)` });
    });
  });
}

test('the home page links to the resolver', async ({ page }) => {
  await page.goto('/en/');
  await page.getByTestId('resolve-link').click();
  await expect(page).toHaveURL(/\/en\/resolve$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
