import { type APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { ADMIN_EMAIL, adminToken, ensureAccount, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { keepScreenshot } from './support/shot.ts';
import { gotoHydrated } from './support/islands.ts';
import { openSignedIn } from './support/session.ts';

// Issue 30.4 in the browser: a pack with an advisory of its own and one about a Python package it declares shows
// both in its node page's Security section (en and ar), the shown version marked; a withdrawn advisory is not
// shown. The page was cached before the advisories were published: the change feed purges it. Search cards badge
// the pack; an admin publishes and withdraws an advisory on /en/admin/advisories.

const expect = baseExpect.configure({ timeout: 20_000 });
// One worker runs the file, so the packs and advisories are made once.
test.describe.configure({ mode: 'serial' });

const SOURCE = 'class Upscale:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Upscale": Upscale}\n';

/** A verified publisher's new pack with one Active version, 1.0.0, declaring a Python dependency (published like comfy-cli). */
async function publishPack(request: APIRequestContext, dependency: string): Promise<string> {
  const auth = { authorization: `Bearer ${await ensureAccount(`advisories-${stamp()}@example.test`, true)}` };
  const publisherId = `adv-${stamp()}`;
  expect(
    (await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Advisories' } })).status(),
  ).toBe(201);
  const minted = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token } = (await minted.json()) as { token: string };
  const nodeId = `adv-node-${stamp()}`;
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: token,
      node: {
        id: nodeId,
        name: `Advised Upscaler ${nodeId.slice(-5)}`,
        repository: `https://github.com/adv-e2e/${nodeId}`,
      },
      node_version: { version: '1.0.0', dependencies: [`${dependency}>=1.80`] },
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
  return nodeId;
}

async function publishAdvisory(request: APIRequestContext, data: unknown): Promise<string> {
  const response = await request.post('/api/admin/advisories', {
    headers: { authorization: `Bearer ${await adminToken()}` },
    data,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

// A Python package of this run's own, so another spec's advisories never match it.
const library = `adv-lib-${stamp()}`;
let nodeId: string;
const ids: Record<'pack' | 'pypi' | 'withdrawn', string> = { pack: '', pypi: '', withdrawn: '' };
test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  nodeId = await publishPack(request, library);
  // Seen once before any advisory exists, so the response cache holds the page without them.
  const before = await request.get(`/en/nodes/${nodeId}`);
  expect(before.headers()['surrogate-key']).toContain('advisories');
  ids.pack = await publishAdvisory(request, {
    summary: 'Advised Upscaler 1.0.0 sends saved passwords away',
    severity: 'CRITICAL',
    kind: 'malware',
    affected: [{ ecosystem: 'Nodeyard', package: nodeId, versions: ['1.0.0'] }],
  });
  ids.pypi = await publishAdvisory(request, {
    summary: `Compromised ${library} releases`,
    severity: 'HIGH',
    kind: 'vulnerability',
    affected: [{ ecosystem: 'PyPI', package: library, ranges: [{ introduced: '1.82.7', fixed: '1.82.9' }] }],
  });
  ids.withdrawn = await publishAdvisory(request, {
    summary: 'Published by mistake',
    severity: 'LOW',
    kind: 'vulnerability',
    affected: [{ ecosystem: 'Nodeyard', package: nodeId, ranges: [{ introduced: '0' }] }],
  });
  const withdrawn = await request.post(`/api/admin/advisories/${ids.withdrawn}/withdraw`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(withdrawn.status()).toBe(200);
});

test('the node page lists the pack and dependency advisories, not the withdrawn one, in en and ar', async ({
  page,
}) => {
  await page.goto(`/en/nodes/${nodeId}`);
  const section = page.getByTestId('security-section');
  await expect(section.getByRole('heading', { name: 'Security', level: 2 })).toBeVisible();
  const items = section.getByTestId('security-advisory');
  await expect(items).toHaveCount(2);
  const own = section.locator(`[data-advisory-id="${ids.pack}"]`);
  await expect(own.getByRole('heading', { name: 'Advised Upscaler 1.0.0 sends saved passwords away' })).toBeVisible();
  await expect(own.getByRole('link', { name: `Advisory ${ids.pack} (OSV JSON)` })).toHaveAttribute(
    'href',
    new RegExp(`/advisories/${ids.pack}$`),
  );
  await expect(own).toContainText('Critical severity');
  await expect(own).toContainText('Malware');
  await expect(own.getByTestId('security-affected')).toHaveText('1.0.0');
  await expect(own.getByTestId('security-fixed')).toHaveText('No fixed version yet');
  await expect(own.getByTestId('security-shown')).toHaveText('Version 1.0.0, shown on this page, is affected.');
  const dependency = section.locator(`[data-advisory-id="${ids.pypi}"]`);
  await expect(dependency).toContainText(`About ${library}, a Python dependency declared as ${library}>=1.80`);
  await expect(dependency.getByTestId('security-affected')).toHaveText('1.82.7 up to, but not including, 1.82.9');
  await expect(dependency.getByTestId('security-fixed')).toHaveText('1.82.9');
  await expect(section.locator(`[data-advisory-id="${ids.withdrawn}"]`)).toHaveCount(0);
  await expectAxeClean(page, { label: 'en node page, security section' });
  await keepScreenshot(page, test.info().outputPath('security-en.png'), { fullPage: true });

  await page.goto(`/ar/nodes/${nodeId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(section.getByRole('heading', { name: 'الأمان', level: 2 })).toBeVisible();
  await expect(own.getByTestId('security-shown')).toHaveText('الإصدار \u20661.0.0\u2069 المعروض في هذه الصفحة متأثر.');
  await expect(own).toContainText('خطورة حرجة');
  await expectAxeClean(page, { label: 'ar node page, security section' });
  await keepScreenshot(page, test.info().outputPath('security-ar.png'), { fullPage: true });
});

test('the Security section is translated in the other six languages', async ({ request }) => {
  const headings = { es: 'Seguridad', fr: 'Sécurité', ja: 'セキュリティ', ko: '보안', ru: 'Безопасность', zh: '安全' };
  for (const [lang, heading] of Object.entries(headings)) {
    const html = await (await request.get(`/${lang}/nodes/${nodeId}`)).text();
    expect(html, lang).toMatch(new RegExp(`id="security-heading"[^>]*>\\s*${heading}\\s*<`));
  }
});

test('a search result card for a pack whose latest version is affected carries a badge', async ({ page, request }) => {
  // The API's list and search answers name the advisories affecting the listed version.
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/nodes/search?search=${encodeURIComponent(nodeId)}`);
      const { nodes } = (await answer.json()) as { nodes: { id: string; latest_version_advisories?: string[] }[] };
      return nodes.find((node) => node.id === nodeId)?.latest_version_advisories;
    })
    .toEqual([ids.pack]);
  await page.goto(`/en/?q=${encodeURIComponent(nodeId)}`);
  const card = page.getByTestId('search-results').locator(`[data-node-id="${nodeId}"]`);
  const badge = card.getByTestId('card-advisory');
  await expect(badge).toHaveText('Security advisory');
  await expect(badge).toHaveAttribute('title', 'Version 1.0.0 is affected by a published security advisory.');
  await expectAxeClean(page, { label: 'en search card with an advisory badge' });
  await keepScreenshot(card, test.info().outputPath('card-en.png'));
});

test('an admin publishes an advisory from the advisories screen and withdraws it', async ({ page }) => {
  test.setTimeout(120_000);
  await ensureAccount(ADMIN_EMAIL, true);
  await openSignedIn(page, ADMIN_EMAIL, '/en/admin/advisories', { timeout: 30_000 });
  await gotoHydrated(page, '/en/admin/advisories');
  await expect(page.getByRole('heading', { name: 'Security advisories' })).toBeVisible();
  await expect(page.locator(`[data-testid="advisory-row"][data-advisory-id="${ids.withdrawn}"]`)).toContainText(
    'Withdrawn',
  );
  await expectAxeClean(page, { label: 'en admin advisories list' });

  await page.getByRole('button', { name: 'New advisory' }).click();
  const form = page.getByRole('dialog', { name: 'New advisory' });
  await form.getByLabel('Summary').fill('Old Advised Upscaler leaks tokens');
  await form.getByLabel('Severity').selectOption('MODERATE');
  await form.getByLabel('Pack id').fill(nodeId);
  await form.getByLabel('Affected from').fill('0');
  await form.getByLabel('Fixed in').fill('1.0.0');
  await form.getByRole('button', { name: 'Add a PyPI package' }).click();
  await form.getByLabel('PyPI name').fill(library);
  await form.getByLabel('Exact versions').nth(1).fill('1.90.0, 1.90.1');
  await expectAxeClean(page, { label: 'en new advisory form' });
  await keepScreenshot(page, test.info().outputPath('admin-form-en.png'), { fullPage: true });
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form).toHaveCount(0);
  const created = page.getByTestId('advisory-row').filter({ hasText: 'Old Advised Upscaler leaks tokens' });
  await expect(created).toContainText('Active');
  await expect(created).toContainText(library);
  const id = await created.getAttribute('data-advisory-id');
  expect(id).toMatch(/^NYSA-\d{4}-\d{4}$/);
  await keepScreenshot(page, test.info().outputPath('admin-list-en.png'), { fullPage: true });

  await created.getByRole('button', { name: `Withdraw ${id}` }).click();
  const confirm = page.getByRole('dialog', { name: `Withdraw ${id}?` });
  await expect(confirm).toBeVisible();
  await expectAxeClean(page, { label: 'en withdraw advisory dialog' });
  await confirm.getByTestId('confirm-button').click();
  await expect(created.getByTestId('advisory-state')).toHaveText('Withdrawn');
  await expect(created.getByRole('button', { name: `Withdraw ${id}` })).toHaveCount(0);
});

test('after banning a pack, one click publishes its malware advisory', async ({ page, request }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, ADMIN_EMAIL, '/en/admin/nodes', { timeout: 30_000 });
  await gotoHydrated(page, `/en/admin/nodes?search=${encodeURIComponent(nodeId)}`);
  const row = page.getByTestId('admin-node-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Ban' }).click();
  const banDialog = page.getByRole('dialog', { name: `Ban node ${nodeId}?` });
  await banDialog.getByLabel('Reason (shown to the publisher)').fill('Sends saved browser passwords away.');
  await banDialog.getByRole('button', { name: 'Ban node' }).click();
  const offer = page.getByTestId('malware-advisory-offer');
  await expect(offer).toContainText(`If \u2068${nodeId}\u2069 was banned for malware`);
  await expectAxeClean(page, { label: 'en nodes screen, malware advisory offer' });
  await keepScreenshot(page, test.info().outputPath('ban-offer-en.png'), { fullPage: true });
  await offer.getByRole('button', { name: 'Publish malware advisory' }).click();
  await expect(page.getByText(/^Advisory NYSA-\d{4}-\d{4} was published\.$/)).toBeVisible();
  await expect(offer).toHaveCount(0);
  // The feed has it: a malware advisory about the banned pack.
  await expect
    .poll(async () => {
      const { advisories } = (await (await request.get('/api/advisories')).json()) as {
        advisories: { summary: string; database_specific: { kind: string } }[];
      };
      return advisories.find((a) => a.summary === `Malicious code in ${nodeId}`)?.database_specific.kind;
    })
    .toBe('malware');
});
