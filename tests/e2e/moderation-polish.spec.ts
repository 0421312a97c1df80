import { type APIRequestContext, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { ADMIN_EMAIL, adminToken, signUpOrIn, stamp } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { openSignedIn } from './support/session.ts';
import { keepScreenshot } from './support/shot.ts';

// The moderators' screens name what they act on and can take a decision back: a ban from the review queue needs a
// reason and its Undo bar names the pack and version; a dismissed report can be undone and closed reports are
// listed; audit-log targets are names with links; the overview's counts are written the page's way and each leads
// to its list. Publishers read one word for a held version everywhere, a node is called Banned only when it is, and
// deleting a publisher with nodes says what they can actually do.

const expect = baseExpect.configure({ timeout: 20_000 });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A publisher with one node whose version 1.0.0 waits for review (published, never uploaded: Pending). */
async function pendingPack(request: APIRequestContext, label: string) {
  const email = `${label}-${stamp()}@example.test`;
  const { idToken } = await signUpOrIn(email, { verified: true });
  const publisherId = `${label}-${stamp()}`;
  expect(
    (
      await request.post('/api/publishers', { headers: auth(idToken), data: { id: publisherId, name: 'Polish' } })
    ).status(),
  ).toBe(201);
  const minted = await request.post(`/api/publishers/${publisherId}/tokens`, {
    headers: auth(idToken),
    data: { name: 'ci' },
  });
  const { token: pat } = (await minted.json()) as { token: string };
  const nodeId = `${label}-node-${stamp()}`;
  const name = `Polish Pack ${stamp()}`;
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: pat,
      node: { id: nodeId, name, description: 'x', repository: `https://github.com/e2e/${nodeId}` },
      node_version: { version: '1.0.0', dependencies: [] },
    },
  });
  expect(published.status()).toBe(201);
  return { email, idToken, publisherId, nodeId, name };
}

async function adminPage(page: Page, path: string) {
  await openSignedIn(page, ADMIN_EMAIL, path, { timeout: 30_000 });
}

test('a ban from the review queue needs a reason and names the pack and version; the audit log names it too', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const pack = await pendingPack(request, 'polish-ban');
  await adminPage(page, `/en/admin/review?nodeId=${pack.nodeId}`);
  const item = page.getByTestId('review-item');
  await expect(item).toHaveCount(1);
  // Even with nothing typed in the reason field, Ban asks for one.
  await item.getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${pack.name} 1.0.0?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('confirm-button')).toBeDisabled();
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  await dialog.getByLabel('Reason (shown to the publisher)').fill('Downloads a miner at import.');
  await dialog.getByTestId('confirm-button').click();
  await expect(page.getByTestId('undo-bar')).toContainText(`${pack.name} 1.0.0 banned.`);

  // The audit log names the version and links its node page.
  await page.goto(`/en/admin/audit?action=version.review`);
  const target = page
    .getByTestId('audit-target')
    .filter({ hasText: `${pack.name} 1.0.0` })
    .first();
  await expect(target.getByRole('link', { name: `${pack.name} 1.0.0` })).toHaveAttribute(
    'href',
    `/en/nodes/${pack.nodeId}`,
  );

  await keepScreenshot(page, 'test-results/admin-audit-named-en.png');

  // The publisher's dashboard: the node is not banned, its version is, and it says which.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await openSignedIn(ownerPage, pack.email, '/en/nodes', { timeout: 30_000 });
  const status = ownerPage.locator(
    `[data-testid="node-item"][data-node-id="${pack.nodeId}"] [data-testid="node-status"]`,
  );
  await expect(status).toContainText('Version 1.0.0 is banned');
  await expect(status).toHaveAttribute('data-status', 'versionBanned');
  await owner.close();
});

test('dismissing a report names the pack, can be undone, and closed reports are listed', async ({ page, request }) => {
  test.setTimeout(180_000);
  const pack = await pendingPack(request, 'polish-report');
  const reporter = await signUpOrIn(`reporter-${stamp()}@example.test`, { verified: true });
  const details = `Looks like spam ${stamp()}`;
  const filed = await request.post(`/api/nodes/${pack.nodeId}/reports`, {
    headers: auth(reporter.idToken),
    data: { reason: 'spam', details },
  });
  expect(filed.status()).toBe(201);

  await adminPage(page, '/en/admin/reports');
  const item = page.getByTestId('report-item').filter({ hasText: details });
  await item.getByRole('button', { name: `Dismiss (${pack.name})` }).click();
  const bar = page.getByTestId('undo-bar');
  await expect(bar).toContainText(`Report on ${pack.name} dismissed.`);
  await expect(item).toHaveCount(0);
  await bar.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Undone: Report on ${pack.name} dismissed.`)).toBeVisible();
  await expect(item).toHaveCount(1);

  await item.getByLabel('Note (optional)').fill('Not spam: a real pack.');
  await item.getByRole('button', { name: `Dismiss (${pack.name})` }).click();
  await expect(item).toHaveCount(0);
  await page.getByRole('button', { name: 'Dismissed' }).click();
  const closed = page.getByTestId('report-item').filter({ hasText: details });
  await expect(closed.getByTestId('report-decision')).toContainText(`by ${ADMIN_EMAIL}`);
  await expect(closed.getByTestId('report-decision')).toContainText('Not spam: a real pack.');
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  await keepScreenshot(page, 'test-results/admin-reports-dismissed-en.png');
});

test('the overview writes its counts the page’s way and each leads to its list', async ({ page, request }) => {
  test.setTimeout(120_000);
  const overview = (await (await request.get('/api/admin/overview', { headers: auth(await adminToken()) })).json()) as {
    users: { total: number };
  };
  await adminPage(page, '/ar/admin');
  const tiles = page.getByTestId('overview-tile');
  await expect(tiles).toHaveCount(12);
  const users = page.locator('a[data-testid="overview-tile"][href="/ar/admin/users"]');
  // Specs running beside this one sign accounts up, so the count may have grown since it was read:
  // the tile shows some count at least that large, written the Arabic page's way.
  await expect(users).toContainText(/[0-9٠-٩]/);
  const shown = (await users.innerText()).match(/[0-9٠-٩][0-9٠-٩٬,.]*/)![0];
  const count = Number(shown.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x660)).replace(/[٬,.]/g, ''));
  expect(count).toBeGreaterThanOrEqual(overview.users.total);
  expect(shown).toBe(await page.evaluate((n) => new Intl.NumberFormat('ar').format(n), count));
  const hrefs = await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  await keepScreenshot(page, 'test-results/admin-overview-ar.png');
  expect(hrefs).toEqual(
    expect.arrayContaining([
      '/ar/admin/nodes?status=NodeStatusActive',
      '/ar/admin/publishers?status=PublisherStatusActive',
      '/ar/admin/users?banned=true',
      '/ar/admin/reports',
      '/ar/admin/appeals',
    ]),
  );
  expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
  // The banned-users tile opens the users list filtered to banned accounts.
  await page.locator('a[data-testid="overview-tile"][href="/ar/admin/users?banned=true"]').click();
  await expect(page.getByRole('checkbox', { name: 'المحظورون فقط' })).toBeChecked();

  // The new texts in every language: not a raw key, not English outside English.
  const english = await (async () => {
    await page.goto('/en/admin');
    return tiles.allTextContents();
  })();
  for (const lang of LOCALES) {
    await page.goto(`/${lang}/admin`);
    await expect(tiles).toHaveCount(12);
    const texts = await tiles.allTextContents();
    for (const [index, text] of texts.entries()) {
      expect(text, `${lang} tile ${index}`).not.toContain('modPolish.');
      if (lang !== 'en' && index >= 8) expect(text, `${lang} tile ${index}`).not.toBe(english[index]);
    }
  }
});

test('one word for a held version on the public page and in the dashboard; honest publisher deletion', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const pack = await pendingPack(request, 'polish-flag');
  const flagged = await request.put(`/api/admin/nodes/${pack.nodeId}/versions/1.0.0`, {
    headers: auth(await adminToken()),
    data: { status: 'NodeVersionStatusFlagged', status_reason: 'check the network calls' },
  });
  expect(flagged.status()).toBe(200);
  // The dashboard's word for a held version (its version badge) is the public page's word too, in every language.
  const terms: Record<string, string> = {};
  for (const lang of LOCALES) {
    const dashboard = (await import(`../../src/i18n/locales/dashboard/${lang}.json`, { with: { type: 'json' } }))
      .default as { dashboard: { status: { flagged: string } } };
    terms[lang] = dashboard.dashboard.status.flagged;
    await page.goto(`/${lang}/nodes/${pack.nodeId}`);
    await expect(page.locator('[data-testid="version-item"][data-version="1.0.0"]'), lang).toContainText(terms[lang]!);
  }

  await openSignedIn(page, pack.email, '/en/nodes', { timeout: 30_000 });
  const item = page.locator(`[data-testid="node-item"][data-node-id="${pack.nodeId}"]`);
  await expect(item.getByTestId('node-status')).toContainText('Flagged for review');
  await item.getByRole('button', { name: new RegExp(`^Versions ${pack.nodeId}`) }).click();
  await expect(item.getByRole('row').filter({ hasText: '1.0.0' }).first()).toContainText(terms['en']!);

  // Deleting the publisher while it has a node: what to do, not a move the dashboard does not offer.
  const card = page.getByTestId('publisher-card').filter({ hasText: pack.publisherId });
  await card.getByRole('button', { name: `Delete ${pack.publisherId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete publisher ${pack.publisherId}?` });
  await dialog.getByRole('textbox').fill(pack.publisherId);
  await dialog.getByTestId('confirm-button').click();
  await expect(dialog).toContainText('Delete each node first');
  await expect(page.getByText(/move them to another publisher/)).toHaveCount(0);
});
