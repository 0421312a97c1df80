import { expect as baseExpect, test } from './support/test.ts';
import { ADMIN_EMAIL, ensureAccount, stamp } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';

// The admin publishers and users tables ask in the UI kit's dialog, never the browser's confirm(): a publisher ban
// needs a reason (kept in its audit entry) and offers Undo; granting administrator rights asks first.

// The dashboard hydrates and fetches after load: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

interface AuditPage {
  entries: { action: string; after?: { reason?: string } }[];
}

test.describe('admin publishers and users', () => {
  // The tests share the fixed admin account: one at a time.
  test.describe.configure({ mode: 'serial' });

  test('banning a publisher asks for a reason in the app dialog, records it, and can be undone', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const adminToken = await ensureAccount(ADMIN_EMAIL, true);
    const ownerToken = await ensureAccount(`pub-ban-${stamp()}@example.test`, true);
    const publisherId = `banme-${stamp()}`;
    const created = await request.post('/api/publishers', {
      headers: { authorization: `Bearer ${ownerToken}` },
      data: { id: publisherId, name: 'Ban Me' },
    });
    expect(created.status()).toBe(201);
    const status = async () => {
      const list = await request.get(`/api/admin/publishers?search=${publisherId}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      return ((await list.json()) as { publishers: { id: string; status?: string }[] }).publishers.find(
        (p) => p.id === publisherId,
      )?.status;
    };

    page.on('dialog', () => {
      throw new Error('a native dialog opened');
    });
    await openSignedIn(page, ADMIN_EMAIL, `/en/admin/publishers?search=${publisherId}`, { timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: publisherId });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Ban ${publisherId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Ban publisher ${publisherId}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Its members keep their accounts.');
    // No reason, no ban.
    await expect(dialog.getByTestId('confirm-button')).toBeDisabled();
    await dialog.getByLabel('Reason (shown to its owners and members)').fill('   ');
    await expect(dialog.getByTestId('confirm-button')).toBeDisabled();
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await keepScreenshot(page, 'test-results/admin-publisher-ban-dialog-en.png');
    // Escape cancels and nothing changes.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await status()).toBe('PublisherStatusActive');

    await row.getByRole('button', { name: `Ban ${publisherId}` }).click();
    await dialog
      .getByLabel('Reason (shown to its owners and members)')
      .fill('Publishes packs that run remote scripts.');
    await dialog.getByRole('button', { name: 'Ban publisher' }).click();
    await expect(page.getByTestId('undo-bar')).toContainText(`Publisher ${publisherId} banned.`);
    await expect(row).toContainText('Banned');
    expect(await status()).toBe('PublisherStatusBanned');
    const audit = await request.get(`/api/admin/audit-log?target_id=${publisherId}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const { entries } = (await audit.json()) as AuditPage;
    expect(entries.find((e) => e.action === 'publisher.ban')?.after?.reason).toBe(
      'Publishes packs that run remote scripts.',
    );

    // Undo lifts the ban through the unban route.
    await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
    await expect(row).not.toContainText('Banned');
    expect(await status()).toBe('PublisherStatusActive');

    // The same dialog in Arabic, mirrored.
    await page.goto(`/ar/admin/publishers?search=${publisherId}`);
    const arRow = page.getByRole('row').filter({ hasText: publisherId });
    await arRow.getByRole('button').click();
    const arDialog = page.getByTestId('confirm-dialog');
    await expect(arDialog).toContainText('حظر الناشر');
    await arDialog.getByTestId('confirm-reason').fill('ينشر حزمًا تشغّل نصوصًا عن بُعد.');
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await keepScreenshot(page, 'test-results/admin-publisher-ban-dialog-ar.png');
    await page.keyboard.press('Escape');
    expect(await status()).toBe('PublisherStatusActive');
  });

  test('granting and removing administrator rights ask in the app dialog first', async ({ page, request }) => {
    test.setTimeout(120_000);
    await ensureAccount(ADMIN_EMAIL, true);
    const email = `grant-${stamp()}@example.test`;
    // The account becomes a user row on its first API call.
    const token = await ensureAccount(email);
    expect((await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    page.on('dialog', () => {
      throw new Error('a native dialog opened');
    });
    await openSignedIn(page, ADMIN_EMAIL, `/en/admin/users?search=${encodeURIComponent(email)}`, { timeout: 20_000 });
    const toggle = page.getByRole('switch', { name: `Not an administrator ${email}` });
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: `Make \u2068${email}\u2069 an administrator?` });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await dialog.getByRole('button', { name: 'Make administrator' }).click();
    const granted = page.getByRole('switch', { name: `Administrator ${email}` });
    await expect(granted).toHaveAttribute('aria-checked', 'true');
    await granted.click();
    const revoke = page.getByRole('dialog', {
      name: `Remove administrator rights from \u2068${email}\u2069?`,
    });
    await revoke.getByRole('button', { name: 'Remove rights' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
