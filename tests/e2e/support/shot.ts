import type { Locator, Page } from '@playwright/test';

type ScreenshotOptions = Parameters<Page['screenshot']>[0];

/** Whether this run keeps pictures for people: `npm run shots` (and `E2E_SCREENSHOTS=1` on any run). */
export const keepingScreenshots = process.env['SHOTS'] === '1' || process.env['E2E_SCREENSHOTS'] === '1';

/**
 * A picture of what a spec just checked, for a person to look at. Taken only when asked for: a
 * full-page capture costs the browser about as much as loading the page again, and `npm test`
 * asserts what the page shows instead of keeping pictures nobody opens (docs/testing.md).
 */
export async function keepScreenshot(target: Page | Locator, path: string, options: ScreenshotOptions = {}) {
  if (!keepingScreenshots) return;
  await target.screenshot({ ...options, path });
}
