import { expect, test } from './support/test.ts';
import { startFakeVendor } from '#test/fake-vendor.ts';
import { ADMIN_EMAIL, ensureAccount, stamp } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { expectAxeClean } from './support/axe.ts';
import { API_PORT, FAKE_VENDOR_PORT } from './support/ports.ts';
import { keepScreenshot } from './support/shot.ts';

// The account page against the real server: sign in, create an API key (shown once), call a
// proxied vendor route with it (a fake Luma on the port playwright.config.ts points the server
// at), see the call in the events; revoke the key. Then the admin customers page grants credits.

const API = `http://127.0.0.1:${API_PORT}`;

test.describe('account page', () => {
  test('is personal: private, no-store and not indexed', async ({ request }) => {
    const response = await request.get('/en/account');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(await response.text()).toContain('<meta name="robots" content="noindex"');
  });

  test('create a key (shown once) → use it on a proxied route → see the call → revoke', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const fake = await startFakeVendor(FAKE_VENDOR_PORT);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const email = `account-${stamp()}@example.test`;
      await ensureAccount(email);
      await openSignedIn(page, email, '/en/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
      await expect(page.getByTestId('balance-amount')).toHaveText('$0.00');
      await expect(page.getByTestId('events-table')).toContainText('Account created');

      const form = page.getByTestId('create-api-key-form');
      await form.getByLabel('Name').fill('e2e laptop');
      await form.getByLabel('Description (optional)').fill('ComfyUI at home');
      await form.getByRole('button', { name: 'Create key' }).click();
      const secret = page.getByTestId('new-api-key-value');
      await expect(secret).toHaveValue(/^nyd_ak_[A-Za-z0-9_-]{43}$/);
      const key = await secret.inputValue();
      await expect(page.getByRole('heading', { name: 'Copy your new key now' })).toBeFocused();
      await page.getByTestId('copy-api-key').click();
      await expect(page.getByTestId('new-api-key')).toContainText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await expectAxeClean(page);
      await page.getByTestId('api-key-done').click();
      await expect(page.getByTestId('new-api-key')).toHaveCount(0);
      // Shown once: gone from the page and never in the list, which has the prefix only.
      const list = page.getByTestId('api-key-list');
      await expect(list).toContainText('e2e laptop');
      await expect(list).toContainText(key.slice(0, 11));
      expect(await page.content()).not.toContain(key);

      // The key works against the stand-alone API, through the proxy, to the (fake) vendor.
      const proxied = await request.get(`${API}/proxy/luma/generations/e2e-task-1`, { headers: { 'X-API-KEY': key } });
      expect(proxied.status()).toBe(200);
      expect(await proxied.json()).toMatchObject({ ok: true, path: '/luma/generations/e2e-task-1' });
      expect(fake.requests.at(-1)!.headers['authorization']).toBe('Bearer e2e-fake-luma-key');
      expect(JSON.stringify(fake.requests.at(-1)!.headers)).not.toContain(key);

      await page.reload();
      await page.getByTestId('events-filter').selectOption('api_usage');
      const events = page.getByTestId('events-table');
      await expect(events).toContainText('Vendor API call');
      await expect(events).toContainText('luma /generations/e2e-task-1 → 200');
      await expect(list).toContainText(/Last used|e2e laptop/);

      // Revoke with confirmation; the key stops working.
      await page.getByTestId('revoke-api-key').click();
      // The page holds other confirmation dialogs (the security section's), closed: take the open one.
      const dialog = page.getByTestId('confirm-dialog').filter({ visible: true });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Revoke “e2e laptop”?');
      await expectAxeClean(page);
      await dialog.getByTestId('confirm-button').click();
      await expect(page.getByTestId('toast-success').filter({ hasText: 'Key “e2e laptop” revoked' })).toBeVisible();
      await expect(page.getByText('You have no API keys yet.')).toBeVisible();
      const refused = await request.get(`${API}/proxy/luma/generations/e2e-task-2`, { headers: { 'X-API-KEY': key } });
      expect(refused.status()).toBe(401);
      await expectAxeClean(page);
    } finally {
      await fake.close();
    }
  });

  test('admins find a customer and grant credits; the customer sees the balance', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const customerEmail = `grantee-${stamp()}@example.test`;
    const customerToken = await ensureAccount(customerEmail);
    const created = await fetch(`${API}/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(created.status).toBe(201);
    await ensureAccount(ADMIN_EMAIL, true);

    const path = '/en/admin/customers';
    await openSignedIn(page, ADMIN_EMAIL, path, { timeout: 20_000 });
    await page.getByLabel('E-mail contains').fill(customerEmail);
    // The page's own Search, not the header's pack search.
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`email=${encodeURIComponent(customerEmail).replace(/\./g, '\\.')}`));
    const table = page.getByTestId('customers-table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByTestId('open-customer').click();
    const detail = page.getByTestId('customer-detail');
    await expect(detail.getByTestId('customer-balance')).toHaveText('$0.00');
    await detail.getByLabel('Amount (USD)').fill('5.25');
    await detail.getByLabel('Reason (kept in the audit log)').fill('e2e welcome credit');
    await detail.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('toast-success').filter({ hasText: 'New balance: $5.25' })).toBeVisible();
    await expect(detail.getByTestId('customer-balance')).toHaveText('$5.25');
    await expect(detail.getByTestId('events-table')).toContainText('$5.25: e2e welcome credit');
    await expect(table).toContainText('$5.25');
    await expectAxeClean(page);

    // A deduction larger than the balance is refused with the server's message.
    await detail.getByLabel('Deduct').check();
    await detail.getByLabel('Amount (USD)').fill('10');
    await detail.getByLabel('Reason (kept in the audit log)').fill('too much');
    await detail.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('toast-error')).toContainText('The balance is too low to take this amount away.');
    await expect(detail.getByTestId('customer-balance')).toHaveText('$5.25');

    // The customer sees it on their own page.
    const other = await browser.newContext();
    const customerPage = await other.newPage();
    await openSignedIn(customerPage, customerEmail, '/en/account');
    await expect(customerPage.getByTestId('balance-amount')).toHaveText('$5.25');
    await other.close();
  });

  test('a non-admin gets the admins-only notice and no customer data', async ({ page }) => {
    const email = `nonadmin-${stamp()}@example.test`;
    await ensureAccount(email);
    await openSignedIn(page, email, '/en/admin/customers', { timeout: 20_000 });
    await expect(page.getByTestId('admin-forbidden')).toContainText('Administrators only');
    await expect(page.getByTestId('customers-table')).toHaveCount(0);
  });
});

test.describe('account screenshots', () => {
  for (const lang of ['en', 'ar', 'zh'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`account and admin customers in ${lang}, ${scheme}`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.emulateMedia({ colorScheme: scheme });
        await ensureAccount(ADMIN_EMAIL, true);
        await openSignedIn(page, ADMIN_EMAIL, `/${lang}/account`);
        await expect(page.getByTestId('account-content')).toBeVisible();
        await page.getByTestId('create-api-key-form').locator('input[name="api-key-name"]').fill(`shot ${lang}`);
        await page.getByTestId('create-api-key-form').locator('button[type="submit"]').click();
        await expect(page.getByTestId('new-api-key')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await keepScreenshot(page, `test-results/account-${lang}-${scheme}.png`, { fullPage: true });
        await expectAxeClean(page);
        await page.goto(`/${lang}/admin/customers?email=${encodeURIComponent(ADMIN_EMAIL)}`);
        await page.getByTestId('open-customer').first().click();
        await expect(page.getByTestId('customer-detail')).toBeVisible();
        await expect(page.getByTestId('events-table')).toBeVisible();
        await keepScreenshot(page, `test-results/admin-customers-${lang}-${scheme}.png`, { fullPage: true });
        await expectAxeClean(page);
      });
    }
  }
});
