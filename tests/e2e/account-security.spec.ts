import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { signUpOrIn, stamp } from './support/accounts.ts';
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
