import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { PASSWORD, signUpOrIn, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { EMULATOR, emulator, lookUpLocalId, PROJECT } from './support/emulator.ts';
import { gotoHydrated } from './support/islands.ts';
import { openSignedIn } from './support/session.ts';
import { keepScreenshot } from './support/shot.ts';

// Issue 24: opening the verification link must unlock publishing (and ADMIN_EMAILS admin rights)
// on the page the user comes back to, without signing in again. The first token of the session
// says email_verified=false; only a freshly minted one says true.

/** A second admin address (playwright.config.ts ADMIN_EMAILS), re-created unverified by the test. */
const NEW_ADMIN_EMAIL = 'e2e-new-admin@nodeyard.test';

interface OobCode {
  email: string;
  oobLink: string;
  requestType: string;
}

/** The newest verification link the emulator "sent" to `email`. */
async function verifyLinkFor(email: string): Promise<string> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  const mine = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
  const link = mine.at(-1)?.oobLink;
  if (!link) throw new Error(`no verification link for ${email}`);
  return link;
}

/** Asks for the link with the banner's resend button, then opens it in another browser context. */
async function verifyElsewhere(browser: Browser, page: Page, email: string): Promise<void> {
  const banner = page.getByTestId('verify-banner');
  await banner.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByTestId('verify-banner-note')).toHaveText(`We sent a new link to ${email}.`);
  const other = await browser.newContext();
  const tab = await other.newPage();
  await tab.goto(await verifyLinkFor(email));
  await expect(tab.locator('body')).toContainText(/verified/i);
  await other.close();
}

/** What a returning reader's browser reports: the window has focus again. */
async function comeBack(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('a new user verifies in another tab, comes back and creates a publisher without signing in again', async ({
  page,
  browser,
}) => {
  const email = `verify-${stamp()}@example.test`;
  await signUpOrIn(email);
  await openSignedIn(page, email, '/en/nodes');
  const banner = page.getByTestId('verify-banner');
  await expect(banner).toContainText('Verify your e-mail address', { timeout: 20_000 });
  await expect(banner).toContainText('create publishers and publishing tokens');
  // "I have verified" before the link is opened says it is not so yet.
  await banner.getByRole('button', { name: 'I have verified' }).click();
  await expect(page.getByTestId('verify-banner-note')).toContainText('not verified yet');

  await verifyElsewhere(browser, page, email);
  await comeBack(page);
  await expect(page.getByTestId('verify-banner-done')).toContainText('Your address is verified');
  await expect(banner).toHaveCount(0);

  await page.getByRole('button', { name: 'New publisher' }).click();
  const form = page.getByTestId('create-publisher-form');
  const id = `ver-${stamp()}`;
  await form.getByLabel('Publisher id').fill(id);
  await expect(form.getByText(`${id} is available.`)).toBeVisible();
  await form.getByLabel('Display name').fill('Verified at last');
  await form.getByRole('button', { name: 'Create publisher' }).click();
  await expect(page.getByText(`Publisher ${id} created.`)).toBeVisible();
  await expect(page.getByTestId('verify-email-note')).toHaveCount(0);
});

test('a new ADMIN_EMAILS admin reaches /admin after verifying, without signing in again', async ({ page, browser }) => {
  // A fresh, unverified account on every run (the emulator keeps accounts between runs).
  const existing = await lookUpLocalId(NEW_ADMIN_EMAIL).catch(() => null);
  if (existing) await emulator(`/projects/${PROJECT}/accounts:delete`, { localId: existing }, true);
  await emulator('/accounts:signUp?key=k', { email: NEW_ADMIN_EMAIL, password: PASSWORD, returnSecureToken: true });

  await openSignedIn(page, NEW_ADMIN_EMAIL, '/en/admin');
  await expect(page.getByTestId('admin-forbidden')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('verify-banner')).toBeVisible();

  await verifyElsewhere(browser, page, NEW_ADMIN_EMAIL);
  // Back on the page: the banner's "I have verified" does what focus does.
  await page.getByTestId('verify-banner').getByRole('button', { name: 'I have verified' }).click();
  await expect(page.getByTestId('admin-forbidden')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
});

test('the banner is axe-clean (best practices too) in English and in Arabic (right to left)', async ({ page }) => {
  const email = `verify-axe-${stamp()}@example.test`;
  await signUpOrIn(email);
  await openSignedIn(page, email, '/en/account');
  await expect(page.getByTestId('verify-banner')).toBeVisible({ timeout: 20_000 });
  await expectAxeClean(page, { tags: 'all' });
  await gotoHydrated(page, '/ar/account');
  const banner = page.getByTestId('verify-banner');
  await expect(banner).toContainText('أكِّد عنوان بريدك الإلكتروني');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Keyboard: the two buttons are reached by Tab, in reading order.
  await banner.getByRole('button', { name: 'لقد أكّدت عنواني' }).focus();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'أرسل الرابط مرة أخرى' })).toBeFocused();
  await keepScreenshot(page, 'test-results/screenshots/verify-banner-ar.png');
  await expectAxeClean(page, { tags: 'all' });
});
