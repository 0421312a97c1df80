import { type APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { ADMIN_EMAIL, ensureAccount, stamp } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';

// Pack reports and class collisions against the real server: two packs publish the same node class
// (the upload pipeline records the collision, the node page says so); a signed-in user reports the
// second pack from its page; an admin resolves the report in the triage queue.

const expect = baseExpect.configure({ timeout: 20_000 });

/** A clean pack defining one node class named `className`. */
function packZip(className: string): Buffer {
  const init = `class Node:\n    pass\n\nNODE_CLASS_MAPPINGS = {"${className}": Node}\n`;
  return Buffer.from(zipSync({ '__init__.py': strToU8(init) }));
}

/** Publishes version 1.0.0 like comfy-cli and waits until the scanner made it installable. */
async function publish(request: APIRequestContext, className: string): Promise<{ nodeId: string; email: string }> {
  const email = `report-pub-${stamp()}@example.test`;
  const token = await ensureAccount(email, true);
  const auth = { authorization: `Bearer ${token}` };
  const publisherId = `rep-${stamp()}`;
  expect(
    (await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Reports' } })).status(),
  ).toBe(201);
  const created = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token: pat } = (await created.json()) as { token: string };
  const nodeId = `rep-node-${stamp()}`;
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: pat,
      node: { id: nodeId, name: `Report Test ${nodeId}`, repository: `https://github.com/example/${nodeId}` },
      node_version: { version: '1.0.0', dependencies: [] },
    },
  });
  expect(published.status()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const zip = packZip(className);
  expect((await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: zip })).status()).toBe(
    200,
  );
  await expect
    .poll(async () => (await request.get(`/api/nodes/${nodeId}/install`)).status(), { timeout: 30_000 })
    .toBe(200);
  return { nodeId, email };
}

test.describe('pack reports and collisions', () => {
  test.describe.configure({ mode: 'serial' });

  test('collision notice, report from the node page, admin resolves it', async ({ browser, page, request }) => {
    test.setTimeout(180_000);
    const className = `SharedClass${stamp()}`;
    const { nodeId: first } = await publish(request, className);
    const { nodeId: second, email: publisherEmail } = await publish(request, className);

    // The collision is on the second pack's page, linking the first, in English and Arabic.
    for (const lang of ['en', 'ar'] as const) {
      await page.goto(`/${lang}/nodes/${second}`);
      const notice = page.getByTestId('collision-notice');
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('link', { name: `Report Test ${first}` })).toBeVisible();
      await expect(notice).toContainText(className);
      expect(await axeViolations(page, { label: lang })).toEqual([]);
    }
    await page.goto(`/en/nodes/${second}`);
    await keepScreenshot(page.getByTestId('collision-notice'), test.info().outputPath('collision-notice.png'));

    // Anonymous visitors see Report too; it asks them to sign in (node-page-polish.spec.ts).
    await expect(page.getByTestId('report-open')).toBeVisible();

    // A signed-in user reports the pack.
    const reporter = `reporter-${stamp()}@example.test`;
    await ensureAccount(reporter);
    await openSignedIn(page, reporter, '/en/account', { timeout: 20_000 });
    await page.goto(`/en/nodes/${second}`);
    await page.getByTestId('report-open').click();
    const dialog = page.getByRole('dialog', { name: `Report Report Test ${second}` });
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page, { label: 'report dialog' })).toEqual([]);
    await dialog.getByLabel('Spam or misleading').check();
    await dialog.getByLabel('Details (optional)').fill('Same class as another pack, copied code.');
    await dialog.getByTestId('report-submit').click();
    await expect(dialog.getByTestId('report-sent')).toBeVisible();

    // The admin resolves it in the queue.
    await ensureAccount(ADMIN_EMAIL, true);
    // A fresh browser context: a different person, nothing shared with the reporter's session.
    const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? '' });
    const admin = await adminContext.newPage();
    await openSignedIn(admin, ADMIN_EMAIL, '/en/admin/reports', { timeout: 20_000 });
    const item = admin.getByTestId('report-item').filter({ hasText: `Report Test ${second}` });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(reporter);
    await expect(item).toContainText('Same class as another pack');
    expect(await axeViolations(admin, { label: 'admin reports' })).toEqual([]);
    await keepScreenshot(admin.getByTestId('admin-reports'), test.info().outputPath('admin-reports.png'));
    await item.getByLabel('Note (optional)').fill('Asked the publisher to rename the class.');
    await item.getByRole('button', { name: 'Resolve' }).click();
    await expect(item).toHaveCount(0);

    await admin.goto('/ar/admin/reports');
    await expect(admin.getByTestId('admin-reports')).toBeVisible();
    expect(await axeViolations(admin, { label: 'ar admin reports' })).toEqual([]);
    await adminContext.close();

    // The publisher sees the collision in Your Nodes, on the version list.
    const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? '' });
    const owner = await ownerContext.newPage();
    await openSignedIn(owner, publisherEmail, '/en/nodes', { timeout: 20_000 });
    const nodeItem = owner.locator(`[data-testid="node-item"][data-node-id="${second}"]`);
    await nodeItem.getByRole('button', { name: `Versions ${second}` }).click();
    const collisions = nodeItem.getByTestId('dashboard-collisions');
    await expect(collisions).toContainText('Version 1.0.0');
    await expect(collisions.getByRole('link', { name: `Report Test ${first}` })).toBeVisible();
    await expect(collisions).toContainText(className);
    expect(await axeViolations(owner, { label: 'dashboard' })).toEqual([]);
    await ownerContext.close();
  });
});
