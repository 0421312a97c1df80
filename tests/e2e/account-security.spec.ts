import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { PASSWORD, signUpOrIn, stamp } from './support/accounts.ts';
import { gotoHydrated } from './support/islands.ts';
import { expectAxeClean } from './support/axe.ts';
import { openSignedIn } from './support/session.ts';

/** A node with an Active version, published as comfy-cli does (token, publish, PUT the zip). */
async function activeNode(request: APIRequestContext, idToken: string): Promise<string> {
  const headers = { authorization: `Bearer ${idToken}` };
  const publisherId = `sec-${stamp()}`;
  expect((await request.post('/api/publishers', { headers, data: { id: publisherId, name: 'Sec' } })).status()).toBe(
    201,
  );
  const made = await request.post(`/api/publishers/${publisherId}/tokens`, { headers, data: { name: 'ci' } });
  const { token } = (await made.json()) as { token: string };
  const nodeId = `sec-${stamp()}`;
  const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: token,
      node: { id: nodeId, name: 'Hydration Pack', license: '{"text": "MIT"}' },
      node_version: { version: '1.0.0', dependencies: [] },
    },
  });
  expect(published.status()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const url = new URL(signedUrl);
  const zip = zipSync({
    '__init__.py': strToU8('NODE_CLASS_MAPPINGS = {}\n'),
    'pyproject.toml': strToU8(`[project]\nname = "${nodeId}"\nversion = "1.0.0"\n`),
  });
  const uploaded = await request.put(`/api${url.pathname}${url.search}`, {
    headers: { 'content-type': 'application/zip' },
    data: Buffer.from(zip),
  });
  expect(uploaded.status()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/nodes/${nodeId}/versions/1.0.0`)).json()) as { status?: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe('NodeVersionStatusActive');
  return nodeId;
}

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Holds back the scripts of the islands that hydrate when the browser is idle and read who is signed
 * in, until the header shows the signed-in menu: the order a fast session restore gives (seen on
 * the real corpus), made certain. Each island must then still render what the server rendered.
 */
async function hydrateIdleIslandsAfterSignIn(page: Page): Promise<void> {
  let release: () => void = () => {};
  const signedIn = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/(BanNotice|VerifyEmailBanner|ReportButton)\.[^/]*\.js$/, async (route) => {
    await signedIn;
    await route.continue();
  });
  void page.getByTestId('user-menu-button').waitFor({ timeout: 60_000 }).then(release, release);
}

for (const verified of [true, false]) {
  test(`the signed-in node page hydrates without a mismatch, React #418 (${verified ? 'verified' : 'unverified'} address)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const owner = await signUpOrIn(`hydrate-owner-${stamp()}@example.test`, { verified: true });
    const nodeId = await activeNode(request, owner.idToken);
    const email = `hydrate-${stamp()}@example.test`;
    await signUpOrIn(email, { verified });
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, email, '/en/');
    await hydrateIdleIslandsAfterSignIn(page);
    await page.goto(`/en/nodes/${nodeId}`);
    await expect(page.getByTestId('user-menu-button')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('report-open')).toBeEnabled({ timeout: 20_000 });
    if (!verified) await expect(page.getByTestId('verify-banner')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('astro-island[ssr]').length)).toBe(0);
    expect(errors.filter((text) => /#418|#423|#425|hydrat/i.test(text))).toEqual([]);
  });
}

test.describe('the login form (its own subject, so driven through the form)', () => {
  test('the reset form takes the address typed for login, and gives it back', async ({ page }) => {
    await gotoHydrated(page, '/en/auth/login');
    const form = page.getByTestId('email-form');
    await form.getByLabel('Email').fill('carry-me@example.test');
    await page.getByTestId('forgot-password').click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const resetEmail = page.getByLabel('Email');
    await expect(resetEmail).toHaveValue('carry-me@example.test');
    await resetEmail.fill('carried-back@example.test');
    await page.getByRole('button', { name: 'Back to login' }).click();
    await expect(page.getByTestId('email-form').getByLabel('Email')).toHaveValue('carried-back@example.test');
  });

  test('"Log in" shows a spinner and is aria-busy while the sign-in is on its way', async ({ page }) => {
    const email = `busy-${stamp()}@example.test`;
    await signUpOrIn(email, { verified: true });
    // The identity provider's answer is held until the busy state has been seen.
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(/accounts:signInWithPassword/, async (route) => {
      await answered;
      await route.continue();
    });
    await gotoHydrated(page, '/en/auth/login?fromUrl=%2Fen%2Fnodes');
    const form = page.getByTestId('email-form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const submit = page.getByTestId('email-submit');
    await submit.click();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(form).toHaveAttribute('aria-busy', 'true');
    await expect(submit.getByTestId('button-spinner')).toBeVisible();
    await expect(submit).toBeDisabled();
    release();
    await expect(page).toHaveURL('/en/nodes', { timeout: 20_000 });
  });
});

test('the account page says when the API cannot be reached, with a retry that works', async ({ page }) => {
  const email = `down-${stamp()}@example.test`;
  await signUpOrIn(email, { verified: true });
  // The API is down: every call for the account record fails at the network.
  await page.route('**/api/customers/me', (route) => route.abort('connectionrefused'));
  await openSignedIn(page, email, '/en/account');
  const failure = page.getByTestId('account-load-error');
  await expect(failure).toContainText('The server could not be reached');
  await expect(page.getByText('Setting up your account…')).toHaveCount(0);
  // Back up: "Try again" loads the account.
  await page.unroute('**/api/customers/me');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('account-content')).toBeVisible({ timeout: 20_000 });
  await expectAxeClean(page);
});
