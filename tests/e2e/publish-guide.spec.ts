import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { signUpOrIn, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { openSignedIn } from './support/session.ts';
import { API_PORT } from './support/ports.ts';
import { buildZip, type PackFiles } from '#test/zip.ts';

// Issue 24.6: "Your nodes" gives every publisher a working way into THIS registry: a pyproject.toml
// with their publisher and node id, comfy-cli's pack, and an upload of the zip from the page with
// a progress bar, then the version's status and findings; or the command lines for this API.

const LOCALES = ['ar', 'en', 'es', 'fr', 'ja', 'ko', 'ru', 'zh'] as const;
type Locale = (typeof LOCALES)[number];

type Tree = { [key: string]: string | Tree };
const guideMessages = (lang: Locale): Tree =>
  (JSON.parse(readFileSync(`src/i18n/locales/publish-guide/${lang}.json`, 'utf8')) as { publishGuide: Tree })
    .publishGuide;
const message = (lang: Locale, path: string): string =>
  path.split('.').reduce<string | Tree>((node, key) => (node as Tree)[key]!, guideMessages(lang)) as string;

/** A verified account with one publisher of its own (made through the API, not the subject here). */
async function publisherAccount(
  request: APIRequestContext,
): Promise<{ email: string; publisherId: string; idToken: string }> {
  const email = `guide-${stamp()}@example.test`;
  const { idToken } = await signUpOrIn(email, { verified: true });
  const publisherId = `guide-${stamp()}`;
  const created = await request.post('/api/publishers', {
    headers: { authorization: `Bearer ${idToken}` },
    data: { id: publisherId, name: 'Guide Publisher' },
  });
  expect(created.status()).toBe(201);
  return { email, publisherId, idToken };
}

function pyproject(publisherId: string, nodeId: string): string {
  return `[project]\nname = "${nodeId}"\nversion = "1.0.0"\nlicense = { text = "MIT" }\n\n[tool.comfy]\nPublisherId = "${publisherId}"\n`;
}

/** A pack as comfy node pack makes it; `extra` adds or replaces files. */
function packZip(publisherId: string, nodeId: string, extra: PackFiles = {}): Buffer {
  return Buffer.from(
    buildZip({
      'pyproject.toml': pyproject(publisherId, nodeId),
      '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n',
      'nodes.py': 'class Example:\n    CATEGORY = "example"\n\nNODE_CLASS_MAPPINGS = {"Example": Example}\n',
      ...extra,
    }),
  );
}

async function openGuide(page: Page) {
  const guide = page.getByTestId('publish-guide');
  await expect(guide).toBeVisible({ timeout: 20_000 });
  // Opened again if the dashboard renders it afresh as its data arrives (a click on the first render
  // was once lost that way in CI, the guide closed again).
  await expect(async () => {
    if ((await guide.getAttribute('open')) === null) await guide.locator('summary').click();
    await expect(guide.getByTestId('upload-file')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return guide;
}

async function upload(page: Page, name: string, bytes: Buffer) {
  const guide = page.getByTestId('publish-guide');
  await guide.getByTestId('upload-file').setInputFiles({ name, mimeType: 'application/zip', buffer: bytes });
  await guide.getByTestId('upload-submit').click();
}

test('a publisher uploads a zip from the page: progress reaches 100 %, then the version and its status', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email, publisherId } = await publisherAccount(request);
  await openSignedIn(page, email, '/en/nodes');
  const guide = await openGuide(page);
  const nodeId = `browser-${stamp()}`;
  // Random bytes do not compress: a zip of about 1.5 MB, so the upload takes more than one event.
  const model = Uint8Array.from({ length: 1_500_000 }, () => Math.floor(Math.random() * 256));
  await upload(page, 'node.zip', packZip(publisherId, nodeId, { 'assets/model.bin': model }));

  await expect(guide.getByTestId('upload-progress')).toHaveAttribute('value', '100');
  await expect(guide.getByTestId('upload-status')).toHaveText('Uploaded: 100%');
  const result = guide.getByTestId('uploaded-version');
  await expect(result).toContainText(`Published ${nodeId} 1.0.0`);
  // The scan runs on the server within seconds: Pending turns Active without a reload.
  await expect(result).toHaveAttribute('data-status', 'NodeVersionStatusActive', { timeout: 30_000 });
  await expect(result).toContainText('the version can be installed now');
  await expect(result.getByRole('link', { name: 'Open the node’s page' })).toHaveAttribute(
    'href',
    `/en/nodes/${nodeId}`,
  );
  // Your nodes lists the new node with its version, as for a comfy-cli publish.
  const item = page.getByTestId('node-item').filter({ hasText: nodeId });
  await expect(item).toBeVisible();
  await expectAxeClean(page);
  // On a phone the commands scroll inside their boxes; the page itself never gets wider.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a malicious pack uploaded from the page shows the same hold and findings as a comfy-cli publish', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email, publisherId } = await publisherAccount(request);
  await openSignedIn(page, email, '/en/nodes');
  const guide = await openGuide(page);
  const nodeId = `held-${stamp()}`;
  const evil = 'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\nNODE_CLASS_MAPPINGS = {}\n';
  await upload(page, 'node.zip', packZip(publisherId, nodeId, { 'nodes.py': evil }));
  const result = guide.getByTestId('uploaded-version');
  await expect(result).toHaveAttribute('data-status', 'NodeVersionStatusFlagged', { timeout: 30_000 });
  await expect(result.getByTestId('finding').first()).toBeVisible();
  await expect(result.getByTestId('finding').first()).toContainText('nodes.py');
  await expectAxeClean(page);
});

test('a bad zip is refused with the rule, in the page’s language (8 languages)', async ({ page, request }) => {
  // Eight signed-in page loads and uploads on a machine shared with other runs.
  test.setTimeout(240_000);
  const { email, publisherId } = await publisherAccount(request);
  await openSignedIn(page, email, '/en/nodes');
  for (const lang of LOCALES) {
    await page.goto(`/${lang}/nodes`);
    const guide = await openGuide(page);
    await upload(page, 'node.zip', Buffer.from('this is not a zip'));
    const alert = guide.getByRole('alert');
    await expect(alert).toContainText(message(lang, 'errors.rules.not-a-zip'));
    if (lang !== 'en') await expect(alert).not.toContainText(message('en', 'errors.rules.not-a-zip'));
    await expect(alert).not.toContainText('publishGuide.');
  }
  // The entry a rule names is shown as it is in the zip.
  await page.goto('/en/nodes');
  const guide = await openGuide(page);
  await upload(page, 'node.zip', packZip(publisherId, `unsafe-${stamp()}`, { '../escape.py': 'x = 1\n' }));
  await expect(guide.getByRole('alert')).toHaveText(
    `Not published. ${message('en', 'errors.rules.unsafe-path')} Entry: ../escape.py`,
  );
  // A pyproject.toml naming someone else is refused before anything is published.
  await upload(page, 'node.zip', packZip('someone-else', `mismatch-${stamp()}`));
  await expect(guide.getByRole('alert')).toContainText(
    `pyproject.toml names the publisher someone-else, but this upload is for ${publisherId}.`,
  );
  await expectAxeClean(page);
});

test('the guide gives this registry’s own commands and a pyproject.toml with the chosen node id (8 languages)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { email, publisherId } = await publisherAccount(request);
  await openSignedIn(page, email, '/en/nodes');
  for (const lang of LOCALES) {
    await page.goto(`/${lang}/nodes`);
    const guide = await openGuide(page);
    const heading = message(lang, 'cli.heading');
    await expect(guide.getByRole('heading', { name: heading })).toBeVisible();
    if (lang !== 'en') expect(heading).not.toBe(message('en', 'cli.heading'));
    await expect(guide).not.toContainText('publishGuide.');
    // The API these tests run against is not at localhost:8080, where comfy-cli could reach it: the
    // page must not send anyone to comfy node publish (that would publish to api.comfy.org).
    const cli = guide.getByTestId('guide-cli');
    await expect(cli).toContainText('comfy node pack');
    await expect(cli).toContainText(`http://127.0.0.1:${API_PORT}/publishers/${publisherId}/archives`);
    await expect(cli).not.toContainText('comfy node publish');
    await expect(guide).not.toContainText('forward that port');
  }
  await page.goto('/en/nodes');
  const guide = await openGuide(page);
  await guide.getByLabel('Node id').fill('My-Fancy.Nodes');
  const toml = guide.getByTestId('guide-pyproject');
  await expect(toml).toContainText('name = "My-Fancy.Nodes"');
  await expect(toml).toContainText(`PublisherId = "${publisherId}"`);
  await guide.getByLabel('Node id').fill('-bad id');
  await expect(guide.getByLabel('Node id')).toHaveAttribute('aria-invalid', 'true');
  await page.goto('/ar/nodes');
  await openGuide(page);
  await expectAxeClean(page);
});

test('the node edit dialog shows and edits the license text, not its JSON encoding', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { email, publisherId, idToken } = await publisherAccount(request);
  const nodeId = `licensed-${stamp()}`;
  const headers = { authorization: `Bearer ${idToken}` };
  const created = await request.post(`/api/publishers/${publisherId}/nodes`, {
    headers,
    data: { id: nodeId, name: 'Licensed', license: '{"text": "MIT"}' },
  });
  expect(created.status()).toBe(201);
  await openSignedIn(page, email, '/en/nodes');
  const item = page.getByTestId('node-item').filter({ hasText: nodeId });
  await item.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog');
  const license = dialog.getByLabel('License');
  await expect(license).toHaveValue('MIT');
  await license.fill('Apache-2.0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  // Stored the way comfy-cli stores it, so the node page and the API read it as before.
  const node = await request.get(`/api/publishers/${publisherId}/nodes/v2`, { headers });
  const { nodes } = (await node.json()) as { nodes: { id: string; license?: string }[] };
  expect(nodes.find((n) => n.id === nodeId)?.license).toBe('{"text":"Apache-2.0"}');
  await item.getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByRole('dialog').getByLabel('License')).toHaveValue('Apache-2.0');
  await expectAxeClean(page);
});
