import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { fakeGitHub } from '#test/fake-github.ts';
import { adminToken, ensureAccount, signInAt, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { FAKE_GITHUB_PORT } from './support/ports.ts';
import { openSignedIn } from './support/session.ts';
import { keepScreenshot } from './support/shot.ts';

// "Your nodes" against the real server and the shared Firebase Auth emulator: a new account signs up,
// creates a publisher and a token, publishes with the token over the API exactly as comfy-cli does,
// then manages the node from the page.

/** A new account (address verified: publishing needs it) that signs in through login, as a visitor of Your nodes would. */
async function signUpAccount(): Promise<string> {
  const email = `dash-${stamp()}@example.test`;
  await ensureAccount(email, true);
  return email;
}

/**
 * Opens Your nodes signed out, lands on login with fromUrl, signs in, and comes back: the login
 * redirect is the subject of one test; the others sign in with openSignedIn.
 */
async function signInThroughLogin(page: Page, email: string, lang = 'en') {
  await signInAt(page, email, `/${lang}/nodes`, { loginUrl: `/${lang}/auth/login?fromUrl=%2F${lang}%2Fnodes` });
}

async function createPublisher(page: Page, id: string, name: string) {
  await page.getByRole('button', { name: 'New publisher' }).click();
  const form = page.getByTestId('create-publisher-form');
  await form.getByLabel('Publisher id').fill(id);
  await expect(form.getByText(`${id} is available.`)).toBeVisible();
  await form.getByLabel('Display name').fill(name);
  await form.getByRole('button', { name: 'Create publisher' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: `Publisher ${id} created.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
}

function nodeZip(): Uint8Array {
  return zipSync({
    '__init__.py': strToU8('NODE_CLASS_MAPPINGS = {}\n'),
    'pyproject.toml': strToU8('[project]\nname = "x"\nversion = "1.0.0"\n'),
  });
}

test.describe('Your nodes', () => {
  test('is personal: private, no-store and not indexed', async ({ request }) => {
    const response = await request.get('/en/nodes');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(response.headers()['etag']).toBeUndefined();
    expect(await response.text()).toContain('<meta name="robots" content="noindex"');
  });

  test('a signed-out visitor is sent to login with fromUrl and comes back after signing in', async ({ page }) => {
    const email = await signUpAccount();
    await signInThroughLogin(page, email, 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Vos nodes' })).toBeVisible();
    await expect(page.getByText("Vous n'avez pas encore d'éditeur.", { exact: false })).toBeVisible();
    // Without a publisher yet, the publishing steps are open, with a placeholder id.
    const guide = page.getByTestId('publish-guide');
    await expect(guide).toHaveAttribute('open', '');
    await expect(guide).toContainText('PublisherId = "your-publisher-id"');
    await keepScreenshot(page, 'test-results/screenshots/dashboard-empty-fr.png', { fullPage: true });
  });

  test('sign up → publisher → token → publish over the API → see it → edit, deprecate, delete', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const email = await signUpAccount();
    await openSignedIn(page, email, '/en/nodes');

    // The publisher id is checked live, with the server's reason for a taken id.
    await page.getByRole('button', { name: 'New publisher' }).click();
    const form = page.getByTestId('create-publisher-form');
    await form.getByLabel('Publisher id').fill('nodeyard-demo');
    await expect(form.getByText('This publisher ID is already taken. Choose another one.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Create publisher' })).toBeDisabled();
    await form.getByRole('button', { name: 'Cancel' }).click();

    const publisherId = `dash-${stamp()}`;
    await createPublisher(page, publisherId, 'Dash Test Publisher');
    const card = page.getByTestId('publisher-card');

    // A token: its secret is shown once, then never again (not in the page, not in storage).
    const tokens = card.getByTestId('token-section');
    await tokens.getByLabel('Token name').fill('ci');
    await tokens.getByLabel('Description (optional)').fill('publishes from CI');
    await tokens.getByLabel('Expires').selectOption({ label: 'After 30 days' });
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secretBox = tokens.getByTestId('new-token-secret');
    await expect(secretBox).toHaveValue(/^nyd_pat_/);
    const secret = await secretBox.inputValue();
    await expect(tokens.getByText('This is the only time the token is shown.', { exact: false })).toBeVisible();
    await expect(tokens.getByRole('button', { name: 'Copy' })).toBeVisible();
    await tokens.getByRole('button', { name: 'I have saved it' }).click();
    await expect(tokens.getByTestId('new-token')).toHaveCount(0);
    const row = tokens.getByTestId('token-row');
    await expect(row).toContainText('ci');
    await expect(row).toContainText(secret.slice(0, 12));
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await expect(page.getByTestId('token-row')).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(secret);

    // Publish 1.0.0 with the token, exactly as comfy-cli does.
    const nodeId = `dash-node-${stamp()}`;
    const published = await request.post(`${baseURL}/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
      data: {
        personal_access_token: secret,
        node: {
          id: nodeId,
          name: 'Dash Node',
          description: 'Made by the dashboard test',
          license: '{"text": "MIT"}',
          repository: `https://github.com/example/${nodeId}`,
        },
        node_version: { version: '1.0.0', dependencies: [], changelog: 'first' },
      },
    });
    expect(published.status()).toBe(201);
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const upload = await request.put(signedUrl, {
      headers: { 'content-type': 'application/zip' },
      data: Buffer.from(nodeZip()),
    });
    expect(upload.status()).toBe(200);

    // It shows up in Your nodes, with its version.
    await page.reload();
    const item = page.locator(`[data-testid="node-item"][data-node-id="${nodeId}"]`);
    await expect(item).toContainText('Dash Node');
    await expect(item).toContainText(`${publisherId}/${nodeId}`);
    await item.getByRole('button', { name: `Versions ${nodeId}` }).click();
    const version = item.locator('[data-testid="version-row"][data-version="1.0.0"]');
    await expect(version).toBeVisible();
    // Active with AUTO_ACTIVATE_VERSIONS (the embedded default); Pending when moderation holds it.
    await expect(version).toContainText(/Active|Pending review/);
    await keepScreenshot(page, 'test-results/screenshots/dashboard-versions-en.png', { fullPage: true });

    // Edit: the server's validation message appears under the field; a valid edit saves.
    await item.getByRole('button', { name: `Edit ${nodeId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit node ${nodeId}` });
    await dialog.getByLabel('Repository').fill('not a url');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The server's English reason reaches the person as a sentence naming the field in their language.
    await expect(dialog.getByText('The repository is not valid.', { exact: true }).first()).toBeVisible();
    await dialog.getByLabel('Repository').fill(`https://github.com/example/${nodeId}`);
    await dialog.getByLabel('Name', { exact: true }).fill('Dash Node Renamed');
    await dialog.getByLabel('Tags').fill('upscale, video');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('toast-success').filter({ hasText: `Node ${nodeId} updated.` })).toBeVisible();
    await expect(item).toContainText('Dash Node Renamed');
    const node = (await (await request.get(`${baseURL}/api/nodes/${nodeId}`)).json()) as {
      name: string;
      tags: string[];
    };
    expect(node).toMatchObject({ name: 'Dash Node Renamed', tags: ['upscale', 'video'] });

    // Deprecate with a message for users, then un-deprecate.
    await version.getByRole('button', { name: 'Deprecate 1.0.0' }).click();
    const deprecate = page.getByRole('dialog', { name: 'Deprecate Dash Node Renamed 1.0.0?' });
    await deprecate.getByLabel('Message for users (optional)').fill('Use dash-node-2 instead.');
    await deprecate.getByRole('button', { name: 'Deprecate' }).click();
    await expect(
      page.getByTestId('toast-success').filter({ hasText: 'Dash Node Renamed 1.0.0 deprecated' }),
    ).toBeVisible();
    await expect(version).toContainText('Deprecated');
    await expect(page.getByTestId('version-deprecation-note')).toContainText('Use dash-node-2 instead.');
    await keepScreenshot(page, 'test-results/screenshots/dashboard-deprecated-en.png', { fullPage: true });
    const listed = async () =>
      (await (
        await request.get(
          `${baseURL}/api/nodes/${nodeId}/versions?statuses=NodeVersionStatusActive&statuses=NodeVersionStatusPending`,
        )
      ).json()) as { version: string; deprecated?: boolean; deprecation_message?: string }[];
    expect((await listed())[0]).toMatchObject({
      version: '1.0.0',
      deprecated: true,
      deprecation_message: 'Use dash-node-2 instead.',
    });
    await version.getByRole('button', { name: 'Un-deprecate 1.0.0' }).click();
    await expect(version.getByRole('button', { name: 'Deprecate 1.0.0' })).toBeVisible();

    // Delete the version (confirmed), then the node (typing publisher/node).
    await version.getByRole('button', { name: 'Delete 1.0.0' }).click();
    const confirmVersion = page.getByRole('dialog', { name: 'Delete Dash Node Renamed 1.0.0?' });
    await confirmVersion.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByTestId('toast-success').filter({ hasText: 'Dash Node Renamed 1.0.0 deleted.' }),
    ).toBeVisible();
    await expect(item.getByTestId('version-row')).toHaveCount(0);
    expect(await listed()).toEqual([]);

    await item.getByRole('button', { name: `Delete ${nodeId}` }).click();
    const confirmNode = page.getByRole('dialog', { name: `Delete node ${nodeId}?` });
    const deleteNode = confirmNode.getByRole('button', { name: 'Delete' });
    await expect(deleteNode).toBeDisabled();
    await confirmNode.getByLabel(`Type ${publisherId}/${nodeId} to confirm`).fill(nodeId);
    await expect(deleteNode).toBeDisabled();
    await confirmNode.getByLabel(`Type ${publisherId}/${nodeId} to confirm`).fill(`${publisherId}/${nodeId}`);
    await deleteNode.click();
    await expect(page.getByTestId('toast-success').filter({ hasText: `Node ${nodeId} deleted.` })).toBeVisible();
    await expect(item).toHaveCount(0);
    expect((await request.get(`${baseURL}/api/nodes/${nodeId}`)).status()).toBe(404);

    // Revoke the token; publishing with it then fails.
    await page.getByTestId('token-row').getByRole('button', { name: 'Revoke ci' }).click();
    await page.getByRole('dialog', { name: 'Revoke token ci?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByTestId('toast-success').filter({ hasText: 'Token ci revoked.' })).toBeVisible();
    await expect(page.getByTestId('token-row')).toHaveCount(0);

    // Delete the publisher by typing its id.
    await card.getByRole('button', { name: `Delete ${publisherId}` }).click();
    const confirmPublisher = page.getByRole('dialog', { name: `Delete publisher ${publisherId}?` });
    await confirmPublisher.getByLabel(`Type ${publisherId} to confirm`).fill(publisherId);
    await confirmPublisher.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByTestId('toast-success').filter({ hasText: `Publisher ${publisherId} deleted.` }),
    ).toBeVisible();
    await expect(page.getByTestId('publisher-card')).toHaveCount(0);
  });

  test('claim an unclaimed pack: node page → publisher → GitHub (a local fake) → it is yours', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const github = fakeGitHub('e2e-github-client', 'e2e-github-secret');
    await github.listen(FAKE_GITHUB_PORT);
    try {
      const repo = `claim-${stamp()}`;
      const created = await request.post('/api/admin/nodes', {
        headers: { authorization: `Bearer ${await adminToken()}` },
        data: { repository: `https://github.com/e2e-owner/${repo}` },
      });
      expect(created.status()).toBe(201);
      const nodeId = ((await created.json()) as { id: string }).id;

      await openSignedIn(page, await signUpAccount(), '/en/nodes');
      const publisherId = `claimer-${stamp()}`;
      await createPublisher(page, publisherId, 'Claimer');

      await page.goto(`/en/nodes/${nodeId}`);
      await expect(page.getByTestId('badge-unclaimed')).toBeVisible();
      await keepScreenshot(page, 'test-results/screenshots/node-page-claimable.png');
      await page.getByTestId('claim-link').click();
      await expect(page.getByText(`e2e-owner/${repo}`).first()).toBeVisible();
      await page.getByRole('button', { name: 'Continue with GitHub' }).click();

      // The fake GitHub approves at once and sends the browser back with code and state.
      await expect(page.getByTestId('claim-result')).toContainText(
        `${nodeId} now belongs to publisher ${publisherId}.`,
      );
      await expect(page).toHaveURL('/en/nodes/claim/callback');
      await keepScreenshot(page, 'test-results/screenshots/claim-done.png');
      // The one-time code must not leak to other sites through the Referer header.
      await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
      // The code was traded server-side with the app's secret, and the repository checked with the token.
      expect(github.exchanges.at(-1)).toMatchObject({
        client_id: 'e2e-github-client',
        client_secret: 'e2e-github-secret',
      });
      expect(github.repoCalls.at(-1)?.path).toBe(`/repos/e2e-owner/${repo}`);

      await page.goto(`/en/nodes/${nodeId}`);
      await expect(page.getByTestId('publisher-link')).toHaveText('Claimer');
      await expect(page.getByTestId('claim-link')).toHaveCount(0);

      // A replayed or forged callback claims nothing and says why.
      await page.goto('/en/nodes/claim/callback?code=abc&state=def');
      await expect(page.getByTestId('claim-result')).toContainText(
        'This claim link is not valid. Start the claim again.',
      );
      await expect(page).toHaveURL('/en/nodes/claim/callback');
    } finally {
      await github.close();
    }
  });

  test("server errors speak the person's language: a taken and a malformed publisher id in ja and ar", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = await signUpAccount();
    await openSignedIn(page, email, '/ja/nodes');
    await page.getByRole('button', { name: '新しいパブリッシャー' }).click();
    const form = page.getByTestId('create-publisher-form');
    await form.getByRole('textbox').first().fill('nodeyard-demo');
    await expect(
      form.getByText('このパブリッシャー ID はすでに使われています。別の ID を選んでください。'),
    ).toBeVisible();
    await expect(form).not.toContainText('already taken');
    await keepScreenshot(page, 'test-results/screenshots/dashboard-error-ja.png', { fullPage: true });

    await page.goto('/ar/nodes');
    await page.getByRole('button', { name: 'ناشر جديد' }).click();
    await form.getByRole('textbox').first().fill('9x');
    await expect(form.getByText('يتكوّن معرّف الناشر من 3 إلى 40 حرفًا', { exact: false })).toBeVisible();
    await expect(form).not.toContainText('A publisher id is');
    await keepScreenshot(page, 'test-results/screenshots/dashboard-error-ar.png', { fullPage: true });
  });

  test('the claim page explains a missing or unknown node', async ({ page }) => {
    await openSignedIn(page, await signUpAccount(), '/en/nodes');
    await page.goto('/en/nodes/claim');
    await expect(page.getByTestId('claim-problem')).toContainText('Name the node to claim');
    const missing = await page.goto('/en/nodes/claim?nodeId=no-such-node-anywhere');
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId('claim-problem')).toContainText('There is no node no-such-node-anywhere.');
  });

  for (const lang of ['en', 'ar', 'zh'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`passes axe and looks right in ${lang} (${scheme})`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.emulateMedia({ colorScheme: scheme });
        const email = await signUpAccount();
        await openSignedIn(page, email, `/${lang}/nodes`);
        await page.locator('main button.bg-brand-600').first().click();
        const form = page.getByTestId('create-publisher-form');
        const id = `shot-${lang}-${scheme}-${stamp()}`;
        await form.locator('input[name="publisher-id"]').fill(id);
        await form.locator('input[name="publisher-name"]').fill(`Screenshot ${lang}`);
        await expect(form.locator('button[type="submit"]')).toBeEnabled();
        await form.locator('button[type="submit"]').click();
        await expect(page.getByTestId('publisher-card')).toBeVisible();
        await page.getByTestId('token-section').locator('input[name="token-name"]').fill('ci');
        await page.getByTestId('token-section').locator('button[type="submit"]').click();
        await expect(page.getByTestId('new-token-secret')).toHaveValue(/^nyd_pat_/);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expectAxeClean(page);
        await keepScreenshot(page, `test-results/screenshots/dashboard-${lang}-${scheme}.png`, { fullPage: true });
        // The confirm dialog too (keyboard: it opens focused and Esc closes it).
        await page.getByTestId('publisher-card').locator('button.border-red-300').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAxeClean(page, { tags: ['wcag2a', 'wcag2aa'] });
        await keepScreenshot(page, `test-results/screenshots/dashboard-dialog-${lang}-${scheme}.png`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      });
    }
  }
});
