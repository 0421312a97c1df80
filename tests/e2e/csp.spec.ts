import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ensureAccount, stamp } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { gotoHydrated } from './support/islands.ts';

// The Content-Security-Policy allows inline scripts and <style> elements by hash only. A page whose
// own markup the policy blocks would silently lose its behaviour or its look: every page must load
// without a single violation.

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

const PUBLIC_PAGES = [
  '/en/',
  '/ar/?q=mask',
  '/en/nodes/demo-upscale-tools',
  '/en/publishers/nodeyard-demo',
  '/en/releases',
  '/en/ci',
  '/en/auth/login',
  '/en/auth/signup',
];

for (const path of PUBLIC_PAGES) {
  test(`${path} loads without a CSP violation`, async ({ page }) => {
    await recordViolations(page);
    await gotoHydrated(page, path);
    expect(await violations(page)).toEqual([]);
  });
}

test('the README keeps its inline stylesheet under the policy', async ({ page }) => {
  await recordViolations(page);
  await gotoHydrated(page, '/en/nodes/demo-upscale-tools');
  const readme = page.locator('.readme').first();
  await expect(readme).toBeVisible();
  // From ReadmeSection's <style>: blocked, the browser default ("normal") would apply.
  expect(await readme.evaluate((el) => getComputedStyle(el).overflowWrap)).toBe('anywhere');
  expect(await violations(page)).toEqual([]);
});

test('signed-in pages (Firebase loaded) load without a CSP violation', async ({ page }) => {
  const email = `e2e-csp-${stamp()}@nodeyard.test`;
  await ensureAccount(email);
  await recordViolations(page);
  await openSignedIn(page, email, '/en/nodes');
  await expect(page).toHaveURL(/\/en\/nodes$/);
  await gotoHydrated(page, '/en/account');
  expect(await violations(page)).toEqual([]);
});
