import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { PASSWORD, signUpOrIn, stamp } from './support/accounts.ts';
import { gotoHydrated } from './support/islands.ts';
import { expectAxeClean } from './support/axe.ts';
import { EMULATOR, emulator, lookUpLocalId, PROJECT, signInRest } from './support/emulator.ts';
import { openSignedIn } from './support/session.ts';
import { MAX_RETRIES } from '../../src/lib/query/retry.ts';

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
  let refused = 0;
  await page.route('**/api/customers/me', async (route) => {
    refused++;
    await route.abort('connectionrefused');
  });
  await openSignedIn(page, email, '/en/account');
  const failure = page.getByTestId('account-load-error');
  await expect(failure).toContainText('The server could not be reached');
  await expect(page.getByText('Setting up your account…')).toHaveCount(0);
  // The query retries by itself three times (after 1, 2 and 4 s); once those are spent, only the button
  // can load the account (a retry landing after the API is back would take the button away unclicked).
  await expect.poll(() => refused, { timeout: 15_000 }).toBe(1 + MAX_RETRIES);
  // Back up: "Try again" loads the account.
  await page.unroute('**/api/customers/me');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('account-content')).toBeVisible({ timeout: 20_000 });
  await expectAxeClean(page);
});

test.describe('account security', () => {
  const LOCALES = ['ar', 'en', 'es', 'fr', 'ja', 'ko', 'ru', 'zh'] as const;
  const heading = (lang: string) =>
    (
      JSON.parse(readFileSync(`src/i18n/locales/account-security/${lang}.json`, 'utf8')) as {
        accountSecurity: { heading: string };
      }
    ).accountSecurity.heading;

  test('changes the password after checking the current one', async ({ page }) => {
    const email = `pw-${stamp()}@example.test`;
    await signUpOrIn(email, { verified: true });
    await openSignedIn(page, email, '/en/account');
    const section = page.getByTestId('account-security');
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByLabel('Current password').fill('not-my-password');
    await section.getByLabel('New password').fill('a-brand-new-secret');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('alert')).toContainText(/password is incorrect|Wrong password/);
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByTestId('password-changed')).toHaveText('Your password is changed.');
    // The identity provider took it: the new password signs in, the old one no longer does.
    await expect(signInRest(email, 'a-brand-new-secret')).resolves.toMatchObject({ email });
    await expect(signInRest(email, PASSWORD)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
    await expectAxeClean(page);
  });

  test('changes the e-mail address through a link sent to the new one', async ({ page, browser }) => {
    const email = `old-${stamp()}@example.test`;
    const next = `new-${stamp()}@example.test`;
    await signUpOrIn(email, { verified: true });
    const localId = await lookUpLocalId(email);
    await openSignedIn(page, email, '/en/account');
    const section = page.getByTestId('account-security');
    await expect(section.getByTestId('account-email')).toHaveText(email);
    await section.getByRole('button', { name: 'Change e-mail address' }).click();
    await section.getByLabel('New e-mail address').fill(next);
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect(section.getByTestId('email-change-sent')).toHaveText(
      `We sent a link to ${next}. Your sign-in address changes when you open it.`,
    );
    // Nothing changes until the link is opened (in another browser, as from a mail app).
    const before = await emulator<{ users: { email: string }[] }>(
      `/projects/${PROJECT}/accounts:lookup`,
      { localId: [localId] },
      true,
    );
    expect(before.users[0]!.email).toBe(email);
    const codes = (await (await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`)).json()) as {
      oobCodes: { email: string; newEmail?: string; requestType: string; oobLink: string }[];
    };
    const link = codes.oobCodes
      .filter((code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL' && code.newEmail === next)
      .at(-1);
    expect(link).toBeDefined();
    const other = await browser.newContext();
    await (await other.newPage()).goto(link!.oobLink);
    await other.close();
    await expect
      .poll(async () => {
        const after = await emulator<{ users: { email: string }[] }>(
          `/projects/${PROJECT}/accounts:lookup`,
          { localId: [localId] },
          true,
        );
        return after.users[0]!.email;
      })
      .toBe(next);
  });

  test('signs out everywhere: another device is signed out on its next request', async ({ page, browser }) => {
    const email = `everywhere-${stamp()}@example.test`;
    await signUpOrIn(email, { verified: true });
    // The "other device": its own browser, signed in before.
    const phoneContext = await browser.newContext();
    const phone = await phoneContext.newPage();
    await openSignedIn(phone, email, '/en/account');
    await expect(phone.getByTestId('account-security')).toBeVisible({ timeout: 20_000 });

    await openSignedIn(page, email, '/en/account');
    const section = page.getByTestId('account-security');
    await section.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out on every device?' });
    await expect(dialog).toContainText('Every device, this one included, has to sign in again.');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL('/en/auth/login', { timeout: 20_000 });

    // The phone still holds an ID token Firebase itself would accept for up to an hour: the API
    // refuses it, and the page signs out and asks for a sign-in.
    await phone.reload();
    await expect(phone).toHaveURL(/\/en\/auth\/login\?fromUrl=/, { timeout: 20_000 });
    await phoneContext.close();
  });

  test('is there in every language, and passes axe in Arabic', async ({ page }) => {
    test.setTimeout(120_000);
    const email = `sec-i18n-${stamp()}@example.test`;
    await signUpOrIn(email, { verified: true });
    await openSignedIn(page, email, '/en/account');
    for (const lang of LOCALES) {
      await page.goto(`/${lang}/account`);
      const section = page.getByTestId('account-security');
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(heading(lang), { timeout: 20_000 });
      if (lang !== 'en') expect(heading(lang)).not.toBe(heading('en'));
      await expect(section).not.toContainText('accountSecurity.');
    }
    await page.getByTestId('account-security').getByRole('button').nth(1).click();
    await expectAxeClean(page);
  });
});
