import { type APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { ensureAccount, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';
import { horizontalOverflow } from './support/overflow.ts';
import { openSignedIn } from './support/session.ts';

// Issue 29.1 and 29.2 in the browser: an owner yanks a version from the dashboard with a reason; the
// node page strikes it through with the reason and the install block offers the previous version;
// the "show versions older than" preference leaves too-new versions out; in every language the texts
// are translated, axe passes, and at 390 px nothing sticks out.

const expect = baseExpect.configure({ timeout: 20_000 });
const LOCALES = ['ar', 'en', 'es', 'fr', 'ja', 'ko', 'ru', 'zh'] as const;
const SOURCE = 'class Spin:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Spin": Spin}\n';
const REASON = 'Breaks saved workflows; use 1.0.0.';

interface Pack {
  email: string;
  publisherId: string;
  nodeId: string;
  name: string;
  auth: { authorization: string };
}

/** A verified publisher's pack with two Active versions, 1.0.0 and 1.1.0. */
async function publishPack(request: APIRequestContext): Promise<Pack> {
  const email = `yank-${stamp()}@example.test`;
  const auth = { authorization: `Bearer ${await ensureAccount(email, true)}` };
  const publisherId = `yank-${stamp()}`;
  expect(
    (await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Yankers' } })).status(),
  ).toBe(201);
  const minted = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token } = (await minted.json()) as { token: string };
  const nodeId = `yank-node-${stamp()}`;
  const name = `Spin Loader ${nodeId.slice(-5)}`;
  for (const version of ['1.0.0', '1.1.0']) {
    const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
      data: {
        personal_access_token: token,
        node: { id: nodeId, name, description: 'Spins things', repository: `https://github.com/yank-e2e/${nodeId}` },
        node_version: { version, dependencies: [], changelog: `Release ${version}.` },
      },
    });
    expect(published.status()).toBe(201);
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const zip = Buffer.from(zipSync({ '__init__.py': strToU8(SOURCE) }));
    expect((await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: zip })).status()).toBe(
      200,
    );
  }
  const versions = async () =>
    (await (await request.get(`/api/nodes/${nodeId}/versions`)).json()) as { version: string; status: string }[];
  await expect
    .poll(async () => (await versions()).map((v) => `${v.version}:${v.status}`).sort(), { timeout: 60_000 })
    .toEqual(['1.0.0:NodeVersionStatusActive', '1.1.0:NodeVersionStatusActive']);
  return { email, publisherId, nodeId, name, auth };
}

/**
 * 1.1.0 yanked, as the dashboard test leaves it: each worker publishes its own pack, so a test that
 * runs in another worker (or after a retry) yanks it through the API first (the same reason again changes nothing).
 */
async function ensureYanked(request: APIRequestContext): Promise<void> {
  const path = `/api/publishers/${pack.publisherId}/nodes/${pack.nodeId}/versions/1.1.0/yank`;
  expect((await request.post(path, { headers: pack.auth, data: { reason: REASON } })).status()).toBe(200);
}

let pack: Pack;
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  pack = await publishPack(request);
});

test('an owner yanks a version from the dashboard; the node page strikes it through and installs the previous one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, pack.email, '/en/nodes', { timeout: 30_000 });
  const item = page.locator(`[data-testid="node-item"][data-node-id="${pack.nodeId}"]`);
  await item.locator('button[aria-expanded]').first().click();
  const row = item.locator('[data-testid="version-row"][data-version="1.1.0"]');
  await row.getByTestId('yank-toggle').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Yank 1.1.0 of ${pack.name}?`);
  await expectAxeClean(page, { label: 'dashboard yank dialog' });
  await dialog.getByTestId('confirm-reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Yank' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `${pack.name} 1.1.0 is yanked.` })).toBeVisible();
  await expect(row.getByText('Unyank')).toBeVisible();
  await expect(item.getByTestId('version-yank-note')).toContainText(REASON);

  await gotoHydrated(page, `/en/nodes/${pack.nodeId}`);
  const yanked = page.locator('[data-testid="version-item"][data-version="1.1.0"]');
  await expect(yanked.locator('h3')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(yanked.getByTestId('version-yanked')).toHaveText('Yanked');
  await expect(yanked.getByTestId('version-yank-reason')).toHaveText(REASON);
  // The previous version is the latest now: the install command installs it.
  await expect(page.locator('[data-testid="version-item"][data-version="1.0.0"]')).toContainText('Latest');
  await expect(page.getByTestId('install-command')).toHaveText(`comfy node install ${pack.nodeId}`);
  const install = (await (await page.request.get(`/api/nodes/${pack.nodeId}/install`)).json()) as { version: string };
  expect(install.version).toBe('1.0.0');
  await expectAxeClean(page, { label: 'node page with a yanked version' });

  // Undone from the dashboard: 1.1.0 is the latest again.
  await page.goto('/en/nodes');
  await item.locator('button[aria-expanded]').first().click();
  // The persisted query cache may first show the list as it was before the yank; wait for the fresh one.
  await expect(row.getByTestId('yank-toggle')).toContainText('Unyank');
  await row.getByTestId('yank-toggle').click();
  await expect(
    page.getByTestId('toast-success').filter({ hasText: `${pack.name} 1.1.0 is no longer yanked.` }),
  ).toBeVisible();
  const again = (await (await page.request.get(`/api/nodes/${pack.nodeId}/install`)).json()) as { version: string };
  expect(again.version).toBe('1.1.0');
  // And yanked once more for the next test.
  await expect(row.getByTestId('yank-toggle')).not.toContainText('Unyank');
  await row.getByTestId('yank-toggle').click();
  await page.getByRole('dialog').getByTestId('confirm-reason').fill(REASON);
  await page.getByRole('dialog').getByRole('button', { name: 'Yank' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `${pack.name} 1.1.0 is yanked.` })).toBeVisible();
});

test('the yank and the age preference are translated in every language, axe-clean and fit 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await ensureYanked(request);
  await page.setViewportSize({ width: 390, height: 844 });
  let english: string[] = [];
  for (const lang of ['en', ...LOCALES.filter((l) => l !== 'en')]) {
    await gotoHydrated(page, `/${lang}/nodes/${pack.nodeId}`);
    const yanked = page.locator('[data-testid="version-item"][data-version="1.1.0"]');
    await expect(yanked.getByTestId('version-yank-reason')).toHaveText(REASON);
    // Both versions are minutes old: a week's minimum leaves them out, and says so.
    await page.getByTestId('min-age-select').selectOption('7d');
    await expect(page.getByTestId('min-age-choice')).toBeVisible();
    const texts = [
      (await yanked.getByTestId('version-yanked').innerText()).trim(),
      (await yanked.getByTestId('version-yank').innerText()).replace(REASON, '').trim(),
      (await page.getByTestId('min-age-pref').locator('label').innerText()).trim(),
      (await page.getByTestId('min-age-choice').innerText()).trim(),
    ];
    for (const text of texts) {
      expect(text, lang).not.toBe('');
      expect(text, `${lang}: raw key`).not.toMatch(/yank\.[a-zA-Z]/);
    }
    if (lang === 'en') english = texts;
    else texts.forEach((text, i) => expect(text, `${lang} is still English`).not.toBe(english[i]));
    expect(await horizontalOverflow(page), `${lang} at 390 px`).toEqual([]);
    await expectAxeClean(page, { label: `${lang} node page, yanked version and age preference` });
    await page.getByTestId('min-age-select').selectOption('');
  }
});

test('the preference is kept in the browser and offers nothing too new', async ({ page, request }) => {
  await ensureYanked(request);
  await gotoHydrated(page, `/en/nodes/${pack.nodeId}`);
  await page.getByTestId('min-age-select').selectOption('1d');
  await expect(page.getByTestId('min-age-choice')).toContainText('No version of this pack is old enough');
  await expect(page.getByTestId('min-age-held')).toHaveText('1 newer version is left out.');
  await gotoHydrated(page, `/en/nodes/${pack.nodeId}`);
  await expect(page.getByTestId('min-age-select')).toHaveValue('1d');
  await page.getByTestId('min-age-select').selectOption('');
  await expect(page.getByTestId('min-age-choice')).toHaveCount(0);
});
