import { type APIRequestContext, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { ADMIN_EMAIL, ensureAccount, stamp } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { expectAxeClean } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';

// Issue 16 items 1, 4, 5 and 7: a flagged pack is not promoted, every page is reachable, verification
// is what the sign-up page says it is, and deprecation is visible.

const expect = baseExpect.configure({ timeout: 20_000 });
// Several pages in three languages with axe each, on a machine shared with other suites.
test.describe.configure({ timeout: 150_000 });
const LANGS = ['en', 'ar', 'ja'] as const;

/** A pack the scanner flags (critical: exec of a base64 payload), published exactly as comfy-cli does. */
async function publishFlagged(request: APIRequestContext): Promise<string> {
  const token = await ensureAccount(`vis-pub-${stamp()}@example.test`, true);
  const auth = { authorization: `Bearer ${token}` };
  const publisherId = `vis-${stamp()}`;
  expect(
    (await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Vis' } })).status(),
  ).toBe(201);
  const created = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token: pat } = (await created.json()) as { token: string };
  const nodeId = `quokkaflag-${stamp()}`;
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: pat,
      node: { id: nodeId, name: `Quokkaflag ${nodeId}`, repository: `https://github.com/example/${nodeId}` },
      node_version: { version: '1.0.0', dependencies: [] },
    },
  });
  expect(published.status()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const zip = zipSync({
    '__init__.py': strToU8('from .nodes import NODE_CLASS_MAPPINGS\n'),
    'nodes.py': strToU8('import base64\nexec(base64.b64decode("aW1wb3J0IG9z"))\nNODE_CLASS_MAPPINGS = {}\n'),
  });
  expect(
    (await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: Buffer.from(zip) })).status(),
  ).toBe(200);
  await expect
    .poll(async () => {
      const response = await request.get(`/api/nodes/${nodeId}/versions/1.0.0`);
      return ((await response.json()) as { status?: string }).status;
    })
    .toBe('NodeVersionStatusFlagged');
  return nodeId;
}

const searchIds = async (request: APIRequestContext, q: string, includeBanned = false) => {
  const response = await request.get(
    `/api/nodes/search?search=${encodeURIComponent(q)}${includeBanned ? '&include_banned=true' : ''}`,
  );
  return ((await response.json()) as { nodes: { id: string }[] }).nodes.map((node) => node.id);
};

test('a flagged pack leaves search and lists, and its page offers no install path', async ({ page, request }) => {
  const nodeId = await publishFlagged(request);
  // The index follows the change feed within about half a second.
  await expect.poll(() => searchIds(request, nodeId)).toEqual([]);
  expect(await searchIds(request, nodeId, true)).toEqual([nodeId]);
  const listed = (await (await request.get(`/api/nodes?node_id=${nodeId}`)).json()) as { nodes: unknown[] };
  expect(listed.nodes).toHaveLength(0);

  await page.goto(`/en/?q=${nodeId}`);
  // Other specs publish look-alike packs at the same time, so the count is not ours to assert: the
  // results rendered, and this pack is not among them.
  await expect(page.getByText(/^[\d,]+ packs? found$/)).toBeVisible();
  await expect(page.locator(`[data-testid="node-card"][data-node-id="${nodeId}"]`)).toHaveCount(0);

  for (const lang of LANGS) {
    await page.goto(`/${lang}/nodes/${nodeId}`);
    await expect(page.getByTestId('withheld-notice')).toBeVisible();
    await expect(page.getByTestId('badge-withheld')).toBeVisible();
    await expect(page.getByTestId('install-block')).toHaveAttribute('data-mode', 'withheld');
    await expect(page.getByTestId('install-command')).toHaveCount(0);
    await expect(page.getByTestId('git-command')).toHaveCount(0);
    await expect(page.getByTestId('copy-button')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await keepScreenshot(page, `test-results/screenshots/withheld-${lang}.png`, { fullPage: true });
    await expectAxeClean(page);
  }
  await expect(page.getByTestId('withheld-notice')).toContainText('インストールできません');
});

test('a deprecated latest version: banner, no default install of it, and a badge on its card', async ({ page }) => {
  for (const lang of LANGS) {
    await page.goto(`/${lang}/nodes/demo-legacy-loader`);
    const banner = page.getByTestId('deprecation-banner');
    await expect(banner).toBeVisible();
    const latest = (await page.getByTestId('latest-version').locator('span').first().textContent())!.trim();
    const install = page.getByTestId('install-block');
    // Either the newest non-deprecated version is pinned, or nothing is offered.
    const mode = await install.getAttribute('data-mode');
    if (mode === 'cli') {
      await expect(page.getByTestId('install-command')).toContainText('comfy node install demo-legacy-loader@');
      await expect(page.getByTestId('install-command')).not.toContainText(`@${latest}`);
    } else {
      expect(mode).toBe('deprecated');
      await expect(page.getByTestId('all-deprecated-notice')).toBeVisible();
    }
    await keepScreenshot(page, `test-results/screenshots/deprecated-${lang}.png`, { fullPage: true });
    await expectAxeClean(page);

    await page.goto(`/${lang}/?q=demo-legacy-loader`);
    const card = page.locator('[data-testid="node-card"][data-node-id="demo-legacy-loader"]');
    await expect(card.getByTestId('card-deprecated')).toBeVisible();
    await keepScreenshot(page, `test-results/screenshots/deprecated-card-${lang}.png`);
    await expectAxeClean(page);
  }
});

async function openMenu(page: Page) {
  await page.getByTestId('user-menu-button').click();
}

test('the user menu reaches the account page, and logging out lands on a signed-out page', async ({ page }) => {
  const email = `vis-menu-${stamp()}@example.test`;
  await ensureAccount(email);
  await openSignedIn(page, email, '/ja/nodes', { timeout: 30_000 });
  await openMenu(page);
  await expect(page.getByTestId('user-menu-account')).toHaveAttribute('href', '/ja/account');
  await expect(page.getByTestId('user-menu-account')).toHaveText('アカウント');
  await keepScreenshot(page, 'test-results/screenshots/user-menu-ja.png');
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/ja\/logout$/);
  await expect(page.getByTestId('logout-done')).toHaveText('ログアウトしました。');
  await keepScreenshot(page, 'test-results/screenshots/signed-out-ja.png');
  await expectAxeClean(page);
});

test('admin customers keeps the admin navigation', async ({ page }) => {
  await ensureAccount(ADMIN_EMAIL, true);
  await openSignedIn(page, ADMIN_EMAIL, '/ar/admin/customers', { timeout: 30_000 });
  const nav = page.getByRole('navigation', { name: 'أقسام الإدارة' });
  await expect(nav).toBeVisible();
  await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute('href', '/ar/admin/customers');
  await expect(page.locator('#customers-heading')).toBeVisible();
  await keepScreenshot(page, 'test-results/screenshots/admin-customers-ar.png', { fullPage: true });
  await expectAxeClean(page);
});

test('an unverified account is told to verify, with a resend link, where a publisher is refused', async ({ page }) => {
  const email = `vis-unverified-${stamp()}@example.test`;
  await ensureAccount(email);
  await openSignedIn(page, email, '/en/nodes', { timeout: 30_000 });
  await page.getByRole('button', { name: 'New publisher' }).click();
  const form = page.getByTestId('create-publisher-form');
  const id = `unv-${stamp()}`;
  await form.getByLabel('Publisher id').fill(id);
  await expect(form.getByText(`${id} is available.`)).toBeVisible();
  await form.getByLabel('Display name').fill('Unverified');
  await form.getByRole('button', { name: 'Create publisher' }).click();
  const note = page.getByTestId('verify-email-note');
  await expect(note).toContainText('Verify your e-mail address to create publishers');
  await note.getByTestId('resend-verification').click();
  await expect(note).toContainText('Sent. Check your inbox.');
  await keepScreenshot(page, 'test-results/screenshots/verify-needed-en.png', { fullPage: true });
  await expectAxeClean(page);
});
