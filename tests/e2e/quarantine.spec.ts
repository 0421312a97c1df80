import { type APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { ADMIN_EMAIL, adminToken, ensureAccount, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';
import { openSignedIn } from './support/session.ts';

// Issue 30.5 in the browser: a trusted reporter's report quarantines a pack published minutes ago; its node
// page says so (en and ar); an admin releases it from the triage queue (en), undoes that, and releases it
// again in Arabic; then it installs. The users screen's switch revokes the reporter's trust. Axe passes on
// every page state.

const expect = baseExpect.configure({ timeout: 20_000 });
const SOURCE = 'class Miner:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Miner": Miner}\n';

interface Pack {
  nodeId: string;
  name: string;
}

/** A verified publisher's new pack with one Active version, 1.0.0 (published like comfy-cli does). */
async function publishPack(request: APIRequestContext): Promise<Pack> {
  const auth = { authorization: `Bearer ${await ensureAccount(`quarantine-${stamp()}@example.test`, true)}` };
  const publisherId = `quar-${stamp()}`;
  expect(
    (await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Quarantine' } })).status(),
  ).toBe(201);
  const minted = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token } = (await minted.json()) as { token: string };
  const nodeId = `quar-node-${stamp()}`;
  const name = `Fast Upscaler ${nodeId.slice(-5)}`;
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: token,
      node: { id: nodeId, name, repository: `https://github.com/quarantine-e2e/${nodeId}` },
      node_version: { version: '1.0.0', dependencies: [] },
    },
  });
  expect(published.status()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const zip = Buffer.from(zipSync({ '__init__.py': strToU8(SOURCE) }));
  expect((await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: zip })).status()).toBe(
    200,
  );
  await expect
    .poll(async () => (await request.get(`/api/nodes/${nodeId}/install`)).status(), { timeout: 60_000 })
    .toBe(200);
  return { nodeId, name };
}

/** A new account the admin marks as a trusted reporter, which then reports the pack as malware. */
async function trustedReport(request: APIRequestContext, nodeId: string): Promise<string> {
  const email = `trusted-${stamp()}@example.test`;
  const reporterToken = await ensureAccount(email, true);
  const reporter = { authorization: `Bearer ${reporterToken}` };
  const { id } = (await (await request.get('/api/users', { headers: reporter })).json()) as { id: string };
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const marked = await request.put(`/api/admin/users/${id}`, { headers: admin, data: { isTrustedReporter: true } });
  expect(marked.status()).toBe(200);
  const filed = await request.post(`/api/nodes/${nodeId}/reports`, {
    headers: reporter,
    data: { reason: 'malware', details: 'Starts a miner on import.' },
  });
  expect(filed.status()).toBe(201);
  return email;
}

let pack: Pack;
let reporterEmail: string;
test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  pack = await publishPack(request);
  reporterEmail = await trustedReport(request, pack.nodeId);
});

test('a trusted report quarantines a new pack; an admin releases it from the triage queue', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Refused at once, with the quarantine's own code.
  const refused = await request.get(`/api/nodes/${pack.nodeId}/install?version=1.0.0`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'quarantined' });

  // The node page says so, in English and Arabic.
  await page.goto(`/en/nodes/${pack.nodeId}`);
  const banner = page.getByTestId('quarantine-banner');
  await expect(banner.getByRole('heading', { name: 'Version 1.0.0 is quarantined' })).toBeVisible();
  await expect(page.getByTestId('version-quarantined')).toHaveText('Quarantined');
  await expectAxeClean(page, { label: 'en node page, quarantined' });
  await page.goto(`/ar/nodes/${pack.nodeId}`);
  await expect(banner.getByRole('heading', { name: 'الإصدار 1.0.0 محجور' })).toBeVisible();
  await expectAxeClean(page, { label: 'ar node page, quarantined' });

  // The admin's queue shows it first; release it, then undo the release.
  await ensureAccount(ADMIN_EMAIL, true);
  await openSignedIn(page, ADMIN_EMAIL, '/en/admin/reports', { timeout: 30_000 });
  await gotoHydrated(page, '/en/admin/reports');
  const first = page.getByTestId('report-item').first();
  await expect(first).toContainText(pack.name);
  const block = first.getByTestId('report-quarantine');
  await expect(block).toContainText('Version 1.0.0 of this pack is quarantined');
  await expect(first).toContainText('Trusted reporter');
  await expectAxeClean(page, { label: 'en admin reports, quarantined' });
  await block.getByRole('button', { name: /^Release/ }).click();
  const dialog = page.getByRole('dialog', { name: `Release 1.0.0 of \u2068${pack.name}\u2069?` });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page, { label: 'en release dialog' });
  await dialog.getByTestId('confirm-button').click();
  const undoBar = page.getByTestId('undo-bar');
  await expect(undoBar).toContainText('was released from quarantine');
  await expect(first.getByTestId('report-quarantine')).toHaveCount(0);
  expect((await request.get(`/api/nodes/${pack.nodeId}/install`)).status()).toBe(200);
  await undoBar.getByRole('button', { name: 'Undo' }).click();
  await expect(undoBar).toHaveCount(0);
  expect((await request.get(`/api/nodes/${pack.nodeId}/install?version=1.0.0`)).status()).toBe(403);

  // Released again, in Arabic.
  await gotoHydrated(page, '/ar/admin/reports');
  const arBlock = page.getByTestId('report-item').first().getByTestId('report-quarantine');
  await expect(arBlock).toBeVisible();
  await expectAxeClean(page, { label: 'ar admin reports, quarantined' });
  await arBlock.getByRole('button', { name: /^رفع الحجر/ }).click();
  await page.getByRole('dialog').getByTestId('confirm-button').click();
  await expect(page.getByTestId('undo-bar')).toContainText('رُفع الحجر');
  expect((await request.get(`/api/nodes/${pack.nodeId}/install?version=1.0.0`)).status()).toBe(200);
  await page.goto(`/ar/nodes/${pack.nodeId}`);
  await expect(page.getByTestId('quarantine-banner')).toHaveCount(0);

  // The users screen shows the reporter as trusted; the switch revokes it (after the app's dialog).
  await gotoHydrated(page, `/en/admin/users?search=${encodeURIComponent(reporterEmail)}`);
  const trust = page.getByRole('switch', { name: `Trusted ${reporterEmail}` });
  await expect(trust).toHaveAttribute('aria-checked', 'true');
  await expectAxeClean(page, { label: 'en admin users, trusted reporter' });
  await trust.click();
  await page.getByRole('dialog').getByTestId('confirm-button').click();
  await expect(page.getByRole('switch', { name: `Not trusted ${reporterEmail}` })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});
