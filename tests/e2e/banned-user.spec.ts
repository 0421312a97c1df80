import { type APIRequestContext, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { ADMIN_EMAIL, adminToken, signUpOrIn, stamp } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';
import { openSignedIn } from './support/session.ts';
import { keepScreenshot } from './support/shot.ts';

// A banned account and the owner of a banned publisher are told, on every page they see, why (the admin's reason),
// since when, and how to appeal; each refused action names its real cause; the appeal reaches the admins' queue,
// whose answer (kept ban, or lifted ban) the banned person then reads.

const expect = baseExpect.configure({ timeout: 20_000 });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A verified account with a publisher and a node in it (made while in good standing). */
async function ownerWithPack(request: APIRequestContext, label: string) {
  const email = `${label}-${stamp()}@example.test`;
  const { idToken, localId } = await signUpOrIn(email, { verified: true });
  const publisherId = `${label}-${stamp()}`;
  const created = await request.post('/api/publishers', {
    headers: auth(idToken),
    data: { id: publisherId, name: `Pack house ${publisherId}` },
  });
  expect(created.status()).toBe(201);
  const nodeId = `${label}-node-${stamp()}`;
  const node = await request.post(`/api/publishers/${publisherId}/nodes`, {
    headers: auth(idToken),
    data: { id: nodeId, name: 'Banned Pack', repository: `https://github.com/e2e/${nodeId}` },
  });
  expect(node.status()).toBe(201);
  return { email, localId, idToken, publisherId, nodeId };
}

async function banAccount(request: APIRequestContext, userId: string, reason: string) {
  const response = await request.put(`/api/admin/users/${userId}`, {
    headers: auth(await adminToken()),
    data: { status: 'UserStatusBanned', reason },
  });
  expect(response.status()).toBe(200);
}

async function banPublisher(request: APIRequestContext, publisherId: string, reason: string) {
  const response = await request.post(`/api/publishers/${publisherId}/ban`, {
    headers: auth(await adminToken()),
    data: { reason },
  });
  expect(response.status()).toBe(204);
}

/** The notice of an account ban, as it must read on any page. */
async function expectAccountNotice(page: Page, reason: string) {
  const notice = page.getByTestId('ban-notice-account');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('heading', { name: 'Your account is banned' })).toBeVisible();
  await expect(notice.getByTestId('ban-reason')).toHaveText(reason);
  // The date, written out in the page's language (UTC, like every date of the site).
  const today = new Date().toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' });
  await expect(notice).toContainText(`Banned since ${today}.`);
  return notice;
}

test.describe('banned accounts and publishers', () => {
  test('a banned account is told why on every page, each refusal names the cause, and it can appeal', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await ownerWithPack(request, 'banned-acct');
    const reason = 'Posted links to a credential stealer in three packs.';
    await banAccount(request, owner.localId, reason);

    // The dashboard: the notice, and a refused action that says why (not "Something went wrong").
    await openSignedIn(page, owner.email, '/en/nodes', { timeout: 30_000 });
    await expectAccountNotice(page, reason);
    await page.getByRole('button', { name: 'New publisher' }).click();
    await page.getByLabel('Publisher id').fill(`refused-${stamp()}`);
    await page.getByLabel('Display name').fill('Refused');
    await page.getByRole('button', { name: 'Create publisher' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your account is banned, so it cannot do this.' }),
    ).toHaveCount(1);
    await expect(page.getByText(/Something went wrong|please try again/i)).toHaveCount(0);

    // The account page: the notice, and the refusal without a "Try again" that could never succeed.
    await gotoHydrated(page, '/en/account');
    await expectAccountNotice(page, reason);
    await expect(page.getByTestId('account-refused')).toContainText('Your account is banned, so it cannot do this.');
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByText(/Something went wrong/)).toHaveCount(0);

    // A node page of its own pack: the notice too.
    await page.goto(`/en/nodes/${owner.nodeId}`);
    const notice = await expectAccountNotice(page, reason);
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await keepScreenshot(page, 'test-results/banned-account-notice-en.png', { fullPage: true });
    // Reporting a pack is refused, and the dialog says why instead of "please try again".
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const report = page.getByRole('dialog');
    await report.getByLabel('Spam or misleading').check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByRole('alert')).toHaveText(
      'Your account is banned, so it cannot do this. The notice at the top of the page says why and how to appeal.',
    );
    await page.keyboard.press('Escape');

    // The appeal: a message is required, then the notice says it waits.
    await notice.getByRole('button', { name: /^Appeal this ban/ }).click();
    await notice.getByRole('button', { name: 'Send the appeal' }).click();
    await expect(notice).toContainText('Write a message for the administrators.');
    await notice.getByLabel('Your message to the administrators').fill('Those links were to my own backup tool.');
    await notice.getByRole('button', { name: 'Send the appeal' }).click();
    await expect(notice.getByTestId('appeal-waiting')).toContainText('Those links were to my own backup tool.');
    await expect(notice.getByRole('button', { name: /^Appeal this ban/ })).toHaveCount(0);

    // An admin keeps the ban with an answer: the account reads it on its next page.
    const admin = await adminToken();
    const list = (await (await request.get('/api/admin/ban-appeals', { headers: auth(admin) })).json()) as {
      appeals: { appeal: { id: string }; subject: { id: string } }[];
    };
    const mine = list.appeals.find((entry) => entry.subject.id === owner.localId)!;
    const kept = await request.post(`/api/admin/ban-appeals/${mine.appeal.id}/uphold`, {
      headers: auth(admin),
      data: { response: 'The tool sends saved passwords to a remote server.' },
    });
    expect(kept.status()).toBe(200);
    await page.goto('/en/nodes');
    const answered = (await expectAccountNotice(page, reason)).getByTestId('appeal-upheld');
    await expect(answered).toContainText('the administrators kept the ban');
    await expect(answered).toContainText('The tool sends saved passwords to a remote server.');
  });

  test('the owner of a banned publisher reads the reason, is not told "owners only", and the admins lift it', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await ownerWithPack(request, 'banned-pub');
    const reason = 'Every pack of this publisher downloads and runs a remote script.';
    await banPublisher(request, owner.publisherId, reason);

    await openSignedIn(page, owner.email, '/en/nodes', { timeout: 30_000 });
    const notice = page.getByTestId('ban-notice-publisher');
    await expect(
      notice.getByRole('heading', { name: `Publisher Pack house ${owner.publisherId} is banned` }),
    ).toBeVisible();
    await expect(notice.getByTestId('ban-reason')).toHaveText(reason);
    const card = page.getByTestId('publisher-card');
    await expect(card.getByTestId('publisher-ban')).toContainText(reason);
    await expect(card).toContainText(
      'This publisher is banned, so its access tokens cannot publish and none can be created or revoked.',
    );
    await expect(page.getByText("Only the publisher's owners manage its access tokens.")).toHaveCount(0);
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await keepScreenshot(page, 'test-results/banned-publisher-dashboard-en.png', { fullPage: true });

    await notice.getByRole('button', { name: /^Appeal this ban/ }).click();
    await notice.getByLabel('Your message to the administrators').fill('Version 2.0 removed the script.');
    await notice.getByRole('button', { name: 'Send the appeal' }).click();
    await expect(notice.getByTestId('appeal-waiting')).toBeVisible();

    // The admins' appeal queue shows it; lifting asks first, then offers Undo.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await openSignedIn(adminPage, ADMIN_EMAIL, '/en/admin/appeals', { timeout: 30_000 });
    const item = adminPage.getByTestId('appeal-item').filter({ hasText: owner.publisherId });
    await expect(item).toContainText('Version 2.0 removed the script.');
    await expect(item).toContainText(reason);
    expect(await axeViolations(adminPage, { tags: 'all' })).toEqual([]);
    await item.getByRole('button', { name: /^Lift the ban/ }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Lift the ban on Pack house ${owner.publisherId}?` });
    await dialog.getByLabel('Message to them (optional)').fill('Checked 2.0: clean.');
    await dialog.getByTestId('confirm-button').click();
    await expect(adminPage.getByTestId('undo-bar')).toContainText(`Ban on Pack house ${owner.publisherId} lifted.`);
    await adminPage.getByRole('button', { name: 'Answered' }).click();
    await expect(
      adminPage.getByTestId('appeal-item').filter({ hasText: owner.publisherId }).getByTestId('appeal-decision'),
    ).toContainText('Checked 2.0: clean.');
    await adminContext.close();

    // The owner's next page has no notice left, and the token section is back.
    await page.goto('/en/nodes');
    await expect(page.getByTestId('token-section')).toBeVisible();
    await expect(page.getByTestId('ban-notices')).toHaveCount(0);
  });

  test('the notice is translated in every language, mirrored in Arabic and axe-clean there', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await ownerWithPack(request, 'banned-i18n');
    await banAccount(request, owner.localId, 'Spam.');
    await openSignedIn(page, owner.email, '/en/account', { timeout: 30_000 });
    const english = await page.getByTestId('ban-notice-account').getByRole('heading').textContent();
    for (const lang of LOCALES) {
      await gotoHydrated(page, `/${lang}/account`);
      const heading = page.getByTestId('ban-notice-account').getByRole('heading');
      await expect(heading).toBeVisible();
      const text = (await heading.textContent()) ?? '';
      expect(text, lang).not.toContain('banNotice.');
      if (lang !== 'en') expect(text, lang).not.toBe(english);
      await expect(page.getByTestId('account-refused'), lang).not.toContainText('apiErrors.');
    }
    await gotoHydrated(page, '/ar/account');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('ban-notice-account')).toContainText('حسابك محظور');
    expect(await axeViolations(page, { tags: 'all' })).toEqual([]);
    await keepScreenshot(page, 'test-results/banned-account-notice-ar.png', { fullPage: true });
  });
});
