import { type APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { ADMIN_EMAIL, ensureAccount, signInAt, stamp } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';

// Banning an account from the admin Users page: the app's dialog insists on a reason, the row shows the ban and its
// reason, the account's writes are refused at once (403 user_banned), and Undo makes it active again. An admin's own
// row has no ban button (and the server refuses a self-ban with 409 self_ban, see admin-update-user.test.ts).

// The dashboard hydrates and fetches after load: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The address as plain-text messages carry it: in Unicode isolates, so it keeps its order inside Arabic. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** A write the account makes: creating a publisher (refused while banned). */
async function createPublisher(request: APIRequestContext, token: string) {
  const response = await request.post('/api/publishers', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: `ban-user-${stamp()}`, name: 'Banned Or Not' },
  });
  return { status: response.status(), body: (await response.json()) as { error?: string } };
}

test.describe('admin users: bans', () => {
  // The tests share the fixed admin account: one at a time.
  test.describe.configure({ mode: 'serial' });

  test('an admin bans a user with a required reason, the account is refused, and Undo restores it', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await ensureAccount(ADMIN_EMAIL, true);
    const email = `ban-user-${stamp()}@example.test`;
    const token = await ensureAccount(email, true);
    // The account becomes a user row on its first API call.
    expect((await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    page.on('dialog', () => {
      throw new Error('a native dialog opened');
    });
    await signInAt(page, ADMIN_EMAIL, `/en/admin/users?search=${encodeURIComponent(email)}`, { timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Active');

    // No reason, no ban; Escape cancels and nothing changes.
    const banButton = row.getByRole('button', { name: `Ban ${email}` });
    await banButton.click();
    const dialog = page.getByRole('dialog', { name: `Ban ${isolated(email)}?` });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByTestId('confirm-button');
    await expect(confirm).toHaveText('Ban user');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Reason').fill('   ');
    await expect(confirm).toBeDisabled();
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await keepScreenshot(page, 'test-results/admin-user-ban-dialog-en.png');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await createPublisher(request, token)).status).toBe(201);

    // With the keyboard only: open, type the reason, Tab past Cancel to the ban button.
    const reason = 'Posts spam reviews on every pack.';
    await banButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Reason').focus();
    await page.keyboard.type(reason);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('undo-bar')).toContainText(`${isolated(email)} banned.`);
    await expect(row).toContainText('Banned');
    await expect(row).toContainText(`Reason: ${reason}`);
    await expect(row.getByRole('button', { name: `Unban ${email}` })).toBeVisible();

    const refused = await createPublisher(request, token);
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ error: 'user_banned' }) });

    // Undo makes the account active again.
    await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
    await expect(row).not.toContainText('Banned');
    await expect(row).not.toContainText(reason);
    await expect(banButton).toBeVisible();
    expect((await createPublisher(request, token)).status).toBe(201);

    // An admin's own row offers no ban.
    await page.goto(`/en/admin/users?search=${encodeURIComponent(ADMIN_EMAIL)}`);
    const own = page.getByRole('row').filter({ hasText: ADMIN_EMAIL });
    await expect(own).toContainText('You');
    await expect(own.getByRole('button', { name: /^Ban / })).toHaveCount(0);

    // The same dialog in Arabic, mirrored and clean.
    await page.goto(`/ar/admin/users?search=${encodeURIComponent(email)}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arRow = page.getByRole('row').filter({ hasText: email });
    await arRow.getByRole('button', { name: `حظر ${email}` }).click();
    const arDialog = page.getByRole('dialog', { name: `حظر ${isolated(email)}؟` });
    await expect(arDialog).toBeVisible();
    await expect(arDialog.getByTestId('confirm-button')).toBeDisabled();
    await arDialog.getByLabel('السبب').fill('ينشر مراجعات مزعجة.');
    await expect(arDialog.getByTestId('confirm-button')).toBeEnabled();
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await keepScreenshot(page, 'test-results/admin-user-ban-dialog-ar.png');
    await page.keyboard.press('Escape');
    await expect(arDialog).toBeHidden();
    expect((await createPublisher(request, token)).status).toBe(201);
  });
});
