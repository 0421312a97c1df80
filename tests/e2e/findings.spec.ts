import { type APIRequestContext, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { adminToken, ensureAccount, stamp } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { axeViolations } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';

// A publisher whose pack the scanner holds learns, in their language, what was found and what to
// do: the node row says "Flagged for review", the version lists each finding (translated rule title
// and explanation, file, line, the code itself, left-to-right even in Arabic), and a review can be
// requested with a message, which the admins' queue then shows.

const expect = baseExpect.configure({ timeout: 20_000 });

/** Runs code decoded from base64 at import time (PY002, critical): the version is held. */
function obfuscatedZip(): Buffer {
  return Buffer.from(
    zipSync({
      '__init__.py': strToU8(
        'import base64\nexec(base64.b64decode("cHJpbnQoJ2hpJyk="))\n\nclass Logo:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Logo": Logo}\n',
      ),
    }),
  );
}

async function publishFlagged(request: APIRequestContext, email: string) {
  const token = await ensureAccount(email, true);
  const auth = { authorization: `Bearer ${token}` };
  const publisherId = `fnd-${stamp()}`;
  const created = await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Findings' } });
  expect(created.status()).toBe(201);
  const minted = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token: pat } = (await minted.json()) as { token: string };
  const nodeId = `fnd-node-${stamp()}`;
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: pat,
      node: {
        id: nodeId,
        name: 'Logo Loader',
        description: 'shows a logo',
        repository: `https://github.com/e/${nodeId}`,
      },
      node_version: { version: '1.0.0', dependencies: [] },
    },
  });
  expect(published.status()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const put = await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: obfuscatedZip() });
  expect(put.status()).toBe(200);
  const findings = `/api/publishers/${publisherId}/nodes/${nodeId}/versions/1.0.0/findings`;
  // The scan runs in the server's job worker about a second after the upload.
  await expect
    .poll(async () => ((await (await request.get(findings, { headers: auth })).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('NodeVersionStatusFlagged');
  return { nodeId, publisherId, auth, findings };
}

async function openVersions(page: Page, nodeId: string, label: string) {
  const item = page.locator(`[data-testid="node-item"][data-node-id="${nodeId}"]`);
  await item.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  return item;
}

test('a flagged pack: status, translated findings in en/ja/ar, and a review request', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = `findings-${stamp()}@example.test`;
  const { nodeId, auth, findings } = await publishFlagged(request, email);

  // The API sends structure, not an English sentence to show.
  const body = (await (await request.get(findings, { headers: auth })).json()) as Record<string, unknown>;
  expect(body).toMatchObject({
    reason: { source: 'scan', text: null },
    review_request: null,
    findings: [{ rule_id: 'PY002', severity: 'critical', file: '__init__.py', line: 2 }],
  });

  await openSignedIn(page, email, '/en/nodes', { timeout: 30_000 });
  const status = page.locator(`[data-testid="node-item"][data-node-id="${nodeId}"] [data-testid="node-status"]`);
  await expect(status).toHaveAttribute('data-status', 'flagged');
  await expect(status).toContainText('Flagged for review');
  let item = await openVersions(page, nodeId, 'Versions');
  const panel = item.getByTestId('version-findings');
  await expect(panel).toContainText('The automated scan found 1 problem in this version.');
  await expect(panel.getByTestId('finding')).toContainText('Hidden code run after decoding');
  await expect(panel.getByTestId('finding')).toContainText('Critical');
  await expect(panel.getByTestId('finding')).toContainText('line 2');
  await expect(panel.locator('pre code')).toHaveText('exec(base64.b64decode("cHJpbnQoJ2hpJyk="))');
  await expect(panel).toContainText('What you can do');
  await expect(panel).not.toContainText('PY002 at');
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  await keepScreenshot(page, 'test-results/screenshots/findings-en.png', { fullPage: true });

  await page.goto('/ja/nodes');
  await expect(status).toContainText('審査のため保留中');
  item = await openVersions(page, nodeId, 'バージョン');
  await expect(item.getByTestId('finding')).toContainText('デコードした隠しコードを実行');
  await expect(item.getByTestId('finding')).toContainText('2 行目');
  await expect(item.getByTestId('version-findings')).toContainText('できること');
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  await keepScreenshot(page, 'test-results/screenshots/findings-ja.png', { fullPage: true });

  await page.goto('/ar/nodes');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(status).toContainText('مُعلَّمة للمراجعة');
  item = await openVersions(page, nodeId, 'الإصدارات');
  await expect(item.getByTestId('finding')).toContainText('تشغيل شيفرة مخفية بعد فك ترميزها');
  // Code and paths read left to right inside the right-to-left page.
  await expect(item.locator('[data-testid="finding"] pre')).toHaveAttribute('dir', 'ltr');
  await expect(item.locator('[data-testid="finding"] code').first()).toHaveAttribute('dir', 'ltr');
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  await keepScreenshot(page, 'test-results/screenshots/findings-ar.png', { fullPage: true });

  // Request a review, in Arabic: the form asks for a message, then says the request waits.
  await item.getByRole('button', { name: /^طلب مراجعة/ }).click();
  await item.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(item.getByText('اكتب رسالة إلى المشرفين.')).toBeVisible();
  await item.getByLabel('رسالة إلى المشرفين').fill('The decoded string only prints a greeting; 1.0.1 removes it.');
  await item.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(page.getByTestId('toast-success')).toContainText('1.0.0');
  const waiting = item.getByTestId('review-requested');
  await expect(waiting).toContainText('The decoded string only prints a greeting');
  await expect(item.getByRole('button', { name: /^طلب مراجعة/ })).toHaveCount(0);
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  await keepScreenshot(page, 'test-results/screenshots/findings-ar-requested.png', { fullPage: true });

  const after = (await (await request.get(findings, { headers: auth })).json()) as Record<string, unknown>;
  expect(after).toMatchObject({
    review_request: { message: 'The decoded string only prints a greeting; 1.0.1 removes it.', open: true },
  });
});

test("ban reasons: the moderators' words under a translated label (version and node), in en and zh", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `banned-${stamp()}@example.test`;
  const { nodeId, findings, auth } = await publishFlagged(request, email);
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const versionId = (
    (await (
      await request.get(`/api/nodes/${nodeId}/versions?statuses=NodeVersionStatusFlagged`, { headers: auth })
    ).json()) as { id: string }[]
  )[0]!.id;
  const banned = await request.post('/api/admin/versions/batch', {
    headers: admin,
    data: { action: 'ban', reason: 'Runs a hidden payload at import.', version_ids: [versionId] },
  });
  expect(banned.status()).toBe(200);
  expect(await (await request.get(findings, { headers: auth })).json()).toMatchObject({
    status: 'NodeVersionStatusBanned',
    reason: { source: 'moderator', text: 'Runs a hidden payload at import.' },
  });

  await openSignedIn(page, email, '/en/nodes', { timeout: 30_000 });
  const row = page.locator(`[data-testid="node-item"][data-node-id="${nodeId}"]`);
  // Only the version is banned, and the row says which (issue 24.8: it used to call the node Banned).
  await expect(row.getByTestId('node-status')).toHaveAttribute('data-status', 'versionBanned');
  await expect(row.getByTestId('node-status')).toContainText('Version 1.0.0 is banned');
  let item = await openVersions(page, nodeId, 'Versions');
  const reason = item.getByTestId('moderator-reason');
  await expect(item.getByTestId('version-findings')).toContainText('The moderators banned this version.');
  await expect(reason).toContainText('Reason given by the moderators');
  await expect(reason).toContainText('Runs a hidden payload at import.');
  await expect(item.getByTestId('finding')).toContainText('Hidden code run after decoding');

  // In dark mode too: the panel's colours must keep their contrast.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/zh/nodes');
  item = await openVersions(page, nodeId, '版本');
  await expect(item.getByTestId('version-findings')).toContainText('审核员封禁了此版本');
  await expect(item.getByTestId('moderator-reason')).toContainText('审核员给出的理由');
  await expect(item.getByTestId('moderator-reason')).toContainText('Runs a hidden payload at import.');
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  await keepScreenshot(page, 'test-results/screenshots/findings-banned-zh-dark.png', { fullPage: true });

  // A banned node: its row says so, with the moderators' words.
  const nodeBan = await request.put(`/api/admin/nodes/${nodeId}`, {
    headers: admin,
    data: { status: 'NodeStatusBanned', status_detail: 'Malware: steals saved logins.' },
  });
  expect(nodeBan.status()).toBe(200);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/en/nodes');
  await expect(row.getByTestId('node-status')).toContainText('The moderators banned this node');
  await expect(row.getByTestId('node-ban-reason')).toContainText('Malware: steals saved logins.');
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  await keepScreenshot(page, 'test-results/screenshots/findings-node-banned-en.png', { fullPage: true });
});
