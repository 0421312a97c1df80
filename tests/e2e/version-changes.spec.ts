import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { ADMIN_EMAIL, ensureAccount, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';
import { horizontalOverflow } from './support/overflow.ts';
import { openSignedIn } from './support/session.ts';
import { keepScreenshot } from './support/shot.ts';

// Issue 29.3 in the browser: the node page's "What changed since {previous}" on each version (a
// <details> that loads the server-rendered comparison when opened), the publisher dashboard's view of
// a held version that gains a power, and an admin's yank / unyank from the nodes screen. One pack:
// 1.0.0 plain; 2.0.0 starts a process and pip-installs at run time (Active, with a warning); 3.0.0 runs
// decoded code (held by the scan) and so gains dynamic code over 2.0.0.

const expect = baseExpect.configure({ timeout: 20_000 });
const LOCALES = ['ar', 'en', 'es', 'fr', 'ja', 'ko', 'ru', 'zh'] as const;
type Lang = (typeof LOCALES)[number];

const INIT = 'from .nodes import NODE_CLASS_MAPPINGS\n';
const PLAIN = 'class Blur:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Blur": Blur}\n';
const PROCESS = [
  'import subprocess, sys',
  '',
  'class Blur:',
  '    def run(self, path):',
  '        subprocess.run(["magick", path, "-blur", "2", path])',
  '',
  'def setup():',
  '    subprocess.check_call([sys.executable, "-m", "pip", "install", "wand"])',
  '',
  'NODE_CLASS_MAPPINGS = {"Blur": Blur}',
  '',
].join('\n');
const DECODED = `${PROCESS}\nimport base64\nexec(base64.b64decode("cHJpbnQoJ2hpJyk="))\n`;
const VERSIONS: [string, string][] = [
  ['1.0.0', PLAIN],
  ['2.0.0', PROCESS],
  ['3.0.0', DECODED],
];

interface ChangesTexts {
  summary: string;
  pageTitle: string;
  capabilities: { heading: string; gained: string; kind: Record<string, string> };
  dashboard: { heading: string };
}

/** The version-changes texts of a language, read from the locale file the site renders. */
function texts(lang: Lang): ChangesTexts {
  const file = new URL(`../../src/i18n/locales/version-changes/${lang}.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { versionChanges: ChangesTexts }).versionChanges;
}
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

interface Pack {
  email: string;
  publisherId: string;
  nodeId: string;
  name: string;
}

async function publishPack(request: APIRequestContext): Promise<Pack> {
  const email = `changes-${stamp()}@example.test`;
  const auth = { authorization: `Bearer ${await ensureAccount(email, true)}` };
  const publisherId = `changes-${stamp()}`;
  expect(
    (await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Changers' } })).status(),
  ).toBe(201);
  const minted = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token } = (await minted.json()) as { token: string };
  const nodeId = `changes-node-${stamp()}`;
  const name = `Blur ${nodeId.slice(-5)}`;
  for (const [version, source] of VERSIONS) {
    const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
      data: {
        personal_access_token: token,
        node: { id: nodeId, name, description: 'Blurs', repository: `https://github.com/changes-e2e/${nodeId}` },
        node_version: { version, dependencies: [], changelog: `Release ${version}.` },
      },
    });
    expect(published.status()).toBe(201);
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const zip = Buffer.from(zipSync({ '__init__.py': strToU8(INIT), 'nodes.py': strToU8(source) }));
    expect((await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: zip })).status()).toBe(
      200,
    );
  }
  // Every status but Deleted and Banned, newest first.
  const statuses = async () =>
    ((await (await request.get(`/api/nodes/${nodeId}/versions`)).json()) as { version: string; status: string }[])
      .map((v) => `${v.version}:${v.status}`)
      .sort();
  await expect
    .poll(statuses, { timeout: 90_000 })
    .toEqual(['1.0.0:NodeVersionStatusActive', '2.0.0:NodeVersionStatusActive', '3.0.0:NodeVersionStatusFlagged']);
  return { email, publisherId, nodeId, name };
}

let pack: Pack;
test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  pack = await publishPack(request);
});

/** Opens 2.0.0's disclosure with the keyboard and waits for the comparison to be shown in place. */
async function openChanges(page: Page) {
  const version = page.locator('[data-testid="version-item"][data-version="2.0.0"]');
  const summary = version.getByTestId('version-changes-disclosure').locator(':scope > summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  const changes = version.getByTestId('version-changes');
  await expect(changes).toBeVisible();
  return { version, summary, changes };
}

for (const lang of ['en', 'ar'] as const) {
  test(`node page (${lang}): 2.0.0 shows what it gained since 1.0.0, with file and line, keyboard-usable and axe-clean`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const words = texts(lang);
    await gotoHydrated(page, `/${lang}/nodes/${pack.nodeId}`);
    // Only an Active version with an Active one below it has a comparison.
    await expect(page.getByTestId('version-changes-disclosure')).toHaveCount(1);
    const { summary, changes } = await openChanges(page);
    await expect(summary).toHaveText(fill(words.summary, { from: '1.0.0' }));
    const gained = changes.getByTestId('capability-gained');
    await expect(gained).toHaveCount(2);
    expect(await gained.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')))).toEqual([
      'subprocess',
      'runtime_install',
    ]);
    // Marked by a word, not only by colour; each place as file:line.
    await expect(gained.first()).toContainText(words.capabilities.gained);
    await expect(gained.first()).toContainText(words.capabilities.kind['subprocess']!);
    await expect(gained.first().locator('code')).toHaveText(['nodes.py:5', 'nodes.py:8']);
    await expect(gained.nth(1).locator('code')).toHaveText(['nodes.py:8']);
    await expect(changes.getByTestId('capability-lost')).toHaveCount(0);
    await expect(changes.getByTestId('findings-changes').locator('[data-rule="PY030"]')).toBeVisible();
    if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The file list opens from the keyboard too.
    const changedFiles = changes.getByTestId('files-changes').locator('summary').first();
    await changedFiles.focus();
    await page.keyboard.press('Enter');
    await expect(changes.getByTestId('files-changes').getByText('nodes.py', { exact: true })).toBeVisible();
    await expectAxeClean(page, { label: `${lang} node page with the changes open` });
    await keepScreenshot(page.getByTestId('versions'), `test-results/version-changes-node-${lang}.png`);
    // Closing and opening again keeps what was loaded.
    await page.keyboard.press('Tab');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(changes).toBeHidden();
  });
}

test('the comparison page works without the node page and in the other six languages', async ({ page }) => {
  test.setTimeout(120_000);
  for (const lang of LOCALES.filter((l) => l !== 'en' && l !== 'ar')) {
    const words = texts(lang);
    await page.goto(`/${lang}/nodes/${pack.nodeId}/changes?version=2.0.0&from=1.0.0`);
    await expect(page.locator('h1')).toHaveText(
      fill(words.pageTitle, { name: pack.name, version: '2.0.0', from: '1.0.0' }),
    );
    const page2 = page.getByTestId('version-changes');
    await expect(page2).toContainText(words.capabilities.heading);
    await expect(page2).toContainText(words.capabilities.kind['runtime_install']!);
  }
  await expectAxeClean(page, { label: 'zh comparison page' });
  // A phone: file names and places wrap inside the page.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of ['ar', 'en'] as const) {
    await page.goto(`/${lang}/nodes/${pack.nodeId}/changes?version=2.0.0&from=1.0.0`);
    expect(await horizontalOverflow(page), `${lang} at 390 px`).toEqual([]);
  }
  // Not Active, unknown, or the same version: no page.
  for (const query of ['version=3.0.0&from=2.0.0', 'version=9.9.9&from=1.0.0', 'version=2.0.0&from=2.0.0']) {
    const response = await page.goto(`/en/nodes/${pack.nodeId}/changes?${query}`);
    expect(response?.status(), query).toBe(404);
  }
});

for (const lang of ['en', 'ar'] as const) {
  test(`dashboard (${lang}): the held 3.0.0 shows what it gains over 2.0.0 before it goes Active`, async ({ page }) => {
    test.setTimeout(150_000);
    const words = texts(lang);
    await openSignedIn(page, pack.email, `/${lang}/nodes`, { timeout: 30_000 });
    const item = page.locator(`[data-testid="node-item"][data-node-id="${pack.nodeId}"]`);
    await item.locator('button[aria-expanded]').first().click();
    const panel = item.getByTestId('version-gained-powers');
    await expect(panel).toHaveCount(1);
    await expect(panel).toContainText(fill(words.dashboard.heading, { from: '2.0.0' }));
    const gained = panel.getByTestId('capability-gained');
    await expect(gained).toHaveCount(1);
    await expect(gained).toHaveAttribute('data-kind', 'dynamic_code');
    await expect(gained.locator('code')).toHaveText(['nodes.py:13']);
    // Active versions show no such panel.
    await expect(item.locator('[data-testid="version-row"][data-version="2.0.0"]')).toBeVisible();
    await expectAxeClean(page, { label: `${lang} dashboard with a version that gains a power` });
    await keepScreenshot(panel, `test-results/version-changes-dashboard-${lang}.png`);
  });
}

test('an admin yanks a version from the nodes screen with a reason, and Undo unyanks it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const adminToken = await ensureAccount(ADMIN_EMAIL, true);
  const reason = 'Breaks saved workflows; use 2.0.0.';
  page.on('dialog', () => {
    throw new Error('a native dialog opened');
  });
  await openSignedIn(page, ADMIN_EMAIL, `/en/admin/nodes?search=${pack.nodeId}`, { timeout: 30_000 });
  await page.getByRole('button', { name: `Versions ${pack.nodeId}` }).click();
  const versions = page.getByTestId('admin-versions-dialog');
  await expect(versions.getByTestId('admin-version-row')).toHaveCount(3);
  const row = versions.locator('[data-testid="admin-version-row"][data-version="1.0.0"]');
  await row.getByRole('button', { name: 'Yank 1.0.0' }).click();
  const ask = page.getByRole('dialog', { name: `Yank 1.0.0 of ${pack.name}?` });
  await expect(ask).toBeVisible();
  await expect(ask.getByTestId('confirm-button')).toBeDisabled();
  await ask.getByTestId('confirm-reason').fill(reason);
  await expectAxeClean(page, { label: 'admin yank dialog' });
  await ask.getByTestId('confirm-button').click();
  await expect(row).toContainText(reason);
  await expect(row.getByRole('button', { name: 'Unyank 1.0.0' })).toBeVisible();
  await expectAxeClean(page, { label: 'admin versions dialog' });
  await keepScreenshot(versions, 'test-results/version-changes-admin-versions-en.png');
  const yanked = async () =>
    ((await (await request.get(`/api/nodes/${pack.nodeId}/versions`)).json()) as { version: string; yanked: boolean }[])
      .filter((v) => v.yanked)
      .map((v) => v.version);
  expect(await yanked()).toEqual(['1.0.0']);

  // The Undo bar reverses it; both show in the audit log under the admin.
  await versions.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
  await expect.poll(yanked).toEqual([]);
  const audit = await request.get('/api/admin/audit-log', {
    headers: { authorization: `Bearer ${adminToken}` },
    params: { action: 'version.yank' },
  });
  const entries = ((await audit.json()) as { entries: { action: string; after?: { node_id?: string } }[] }).entries;
  expect(entries.some((e) => e.after?.node_id === pack.nodeId)).toBe(true);
  const undone = await request.get('/api/admin/audit-log', {
    headers: { authorization: `Bearer ${adminToken}` },
    params: { action: 'version.unyank' },
  });
  const unyanks = ((await undone.json()) as { entries: { after?: { node_id?: string } }[] }).entries;
  expect(unyanks.some((e) => e.after?.node_id === pack.nodeId)).toBe(true);
});
