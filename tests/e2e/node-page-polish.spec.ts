import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { adminToken, ensureAccount, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';
import { openSignedIn } from './support/session.ts';

// Issue 24, items 7 and 8 on the node page, the publisher page, the report form and the resolver:
// what the pages promised but did not show (older versions' deprecation notes, an Active version's
// scan warnings, Report for signed-out visitors, a claim link, copyable install lines), and texts
// that misled (an empty workflow, "Publishing since" an import, an Arabic summary read out of order,
// dialogs and toasts that did not say which pack).

const expect = baseExpect.configure({ timeout: 20_000 });
const LOCALES = ['ar', 'en', 'es', 'fr', 'ja', 'ko', 'ru', 'zh'] as const;

/** Installs a package with pip at run time (PY030, medium): published Active, with a warning. */
const PIP_AT_RUNTIME =
  'import subprocess, sys\nsubprocess.check_call([sys.executable, "-m", "pip", "install", "numpy"])\n\nclass Warm:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Warm": Warm}\n';
const CLEAN = 'class Warm:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Warm": Warm}\n';

interface Pack {
  email: string;
  publisherId: string;
  nodeId: string;
  name: string;
  auth: { authorization: string };
}

/** A verified publisher's pack: 1.0.0 (clean, deprecated with a note) and 1.1.0 (pip at run time). */
async function publishPack(request: APIRequestContext): Promise<Pack> {
  const email = `polish-${stamp()}@example.test`;
  const auth = { authorization: `Bearer ${await ensureAccount(email, true)}` };
  const publisherId = `pol-${stamp()}`;
  expect(
    (
      await request.post('/api/publishers', { headers: auth, data: { id: publisherId, name: 'Polish Works' } })
    ).status(),
  ).toBe(201);
  const minted = await request.post(`/api/publishers/${publisherId}/tokens`, { headers: auth, data: { name: 'ci' } });
  const { token } = (await minted.json()) as { token: string };
  const nodeId = `pol-node-${stamp()}`;
  const name = `Warm Loader ${nodeId.slice(-5)}`;
  for (const [version, source] of [
    ['1.0.0', CLEAN],
    ['1.1.0', PIP_AT_RUNTIME],
  ] as const) {
    const published = await request.post(`/api/publishers/${publisherId}/nodes/${nodeId}/versions`, {
      data: {
        personal_access_token: token,
        node: { id: nodeId, name, description: 'Warms things up', repository: `https://github.com/pol-e2e/${nodeId}` },
        node_version: { version, dependencies: [], changelog: `Release ${version}.` },
      },
    });
    expect(published.status()).toBe(201);
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const zip = Buffer.from(zipSync({ '__init__.py': strToU8(source) }));
    expect((await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: zip })).status()).toBe(
      200,
    );
  }
  // The scan runs in the server's job worker shortly after each upload.
  const versions = async () =>
    (await (await request.get(`/api/nodes/${nodeId}/versions`)).json()) as {
      id: string;
      version: string;
      status: string;
    }[];
  await expect
    .poll(async () => (await versions()).map((v) => `${v.version}:${v.status}`).sort(), { timeout: 60_000 })
    .toEqual(['1.0.0:NodeVersionStatusActive', '1.1.0:NodeVersionStatusActive']);
  const old = (await versions()).find((v) => v.version === '1.0.0')!;
  const deprecated = await request.put(`/api/publishers/${publisherId}/nodes/${nodeId}/versions/${old.id}`, {
    headers: auth,
    data: { deprecated: true, deprecation_message: 'Leaks memory; use 1.1.0.' },
  });
  expect(deprecated.status()).toBe(200);
  return { email, publisherId, nodeId, name, auth };
}

/** Every locale renders `locator`'s text translated: not a raw key, and not the English text. */
async function expectTranslated(page: Page, path: (lang: string) => string, read: (page: Page) => Locator) {
  let english = '';
  for (const lang of ['en', ...LOCALES.filter((l) => l !== 'en')]) {
    await page.goto(path(lang));
    const text = (await read(page).innerText()).trim();
    expect(text, lang).not.toBe('');
    expect(text, `${lang}: raw key`).not.toMatch(/^[a-zA-Z]+(\.[a-zA-Z_]+)+$/);
    if (lang === 'en') english = text;
    else expect(text, `${lang} is still English`).not.toBe(english);
  }
}

// One pack per worker: the tests of a worker run one after another, and the one that toggles the
// deprecation puts it back.
let pack: Pack;
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  pack = await publishPack(request);
});

test('an older deprecated version shows its public deprecation message in the versions list', async ({ page }) => {
  await page.goto(`/en/nodes/${pack.nodeId}`);
  const old = page.locator('[data-testid="version-item"][data-version="1.0.0"]');
  await expect(old.getByTestId('version-deprecated')).toBeVisible();
  await expect(old.getByTestId('version-deprecation-message')).toHaveText('Leaks memory; use 1.1.0.');
  await expect(old.getByTestId('version-deprecation')).toContainText('The publisher says:');
  // The latest version is not deprecated: no banner, and the newer version has no note.
  await expect(page.getByTestId('deprecation-banner')).toHaveCount(0);
  await expect(page.locator('[data-version="1.1.0"] [data-testid="version-deprecation-message"]')).toHaveCount(0);
  await expectAxeClean(page, { label: 'node page (deprecated older version)' });
});

test("an Active version's medium findings are listed, collapsed, on the node page in every language", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/en/nodes/${pack.nodeId}`);
  const warnings = page.locator('[data-version="1.1.0"] [data-testid="version-warnings"]');
  await expect(warnings).toHaveJSProperty('open', false);
  await expect(warnings.locator('summary')).toHaveText('1 warning from the automated scan');
  await expect(page.locator('[data-version="1.0.0"] [data-testid="version-warnings"]')).toHaveCount(0);
  await warnings.locator('summary').click();
  const finding = warnings.getByTestId('finding');
  await expect(finding).toContainText('Installs packages while running');
  await expect(finding).toContainText('Medium');
  await expect(finding).toContainText('__init__.py');
  await expect(finding).toContainText('line 2');
  await expect(finding.locator('pre')).toHaveAttribute('dir', 'ltr');
  await expectAxeClean(page, { label: 'node page (scan warnings open)' });

  await expectTranslated(
    page,
    (lang) => `/${lang}/nodes/${pack.nodeId}`,
    (p) => p.locator('[data-version="1.1.0"] [data-testid="version-warnings"] summary'),
  );
  await page.goto(`/ar/nodes/${pack.nodeId}`);
  await page.locator('[data-version="1.1.0"] [data-testid="version-warnings"] summary').click();
  await expect(page.getByTestId('finding')).toContainText('تثبيت حزم أثناء التشغيل');
  await expect(page.getByTestId('finding').locator('pre')).toHaveAttribute('dir', 'ltr');
  await expectAxeClean(page, { label: 'ar node page (scan warnings open)' });
});

test("the dashboard lists an Active version's scan warnings, collapsed, and its toasts name the pack", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, pack.email, '/en/nodes', { timeout: 30_000 });
  const item = page.locator(`[data-testid="node-item"][data-node-id="${pack.nodeId}"]`);
  // The node row's Versions toggle (the only button there that expands something).
  const toggle = item.locator('button[aria-expanded]').first();
  await toggle.click();
  const warnings = item.locator('[data-testid="version-warnings"][data-version="1.1.0"]');
  await expect(warnings).toHaveJSProperty('open', false);
  await expect(warnings.locator('summary')).toHaveText('1 warning from the automated scan');
  await warnings.locator('summary').click();
  await expect(warnings.getByTestId('finding')).toContainText('Installs packages while running');
  await expect(item.locator('[data-testid="version-warnings"][data-version="1.0.0"]')).toHaveCount(0);
  await expectAxeClean(page, { label: 'dashboard (scan warnings open)' });

  // Un-deprecating 1.0.0 and deprecating it again: the dialog and both toasts say which pack.
  const row = item.locator('[data-testid="version-row"][data-version="1.0.0"]');
  // The version list's refetch after the write is held back: the row must show the write's answer
  // without it (it used to keep offering Un-deprecate until the refetch, and a click then undid it).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const versionList = (url: URL) => url.pathname.endsWith(`/nodes/${pack.nodeId}/versions`);
  await page.route(versionList, async (route) => {
    await held;
    await route.continue();
  });
  await row.getByTestId('deprecate-toggle').click();
  const toasts = page.getByTestId('toast-success');
  await expect(toasts.filter({ hasText: `${pack.name} 1.0.0 is no longer deprecated.` })).toBeVisible();
  await expect(row.getByTestId('deprecate-toggle')).toHaveText(/^Deprecate\b/);
  // Released, the held request and every later one go through (the route stays, passing them on).
  release();
  await row.getByTestId('deprecate-toggle').click();
  await expect(page.getByRole('dialog')).toContainText(`Deprecate ${pack.name} 1.0.0?`);
  await page.getByTestId('deprecation-message-input').fill('Leaks memory; use 1.1.0.');
  await page.getByTestId('deprecate-confirm').click();
  await expect(toasts.filter({ hasText: `${pack.name} 1.0.0 deprecated` })).toBeVisible();

  for (const lang of ['ar', 'ja'] as const) {
    await page.goto(`/${lang}/nodes`);
    await toggle.click();
    const summary = item.locator('[data-testid="version-warnings"][data-version="1.1.0"] summary');
    await expect(summary).not.toHaveText('1 warning from the automated scan');
    await expect(summary).toContainText(/\S/);
    await summary.click();
    await expectAxeClean(page, { label: `${lang} dashboard (scan warnings open)` });
  }
});

test('signed-out visitors see Report, and a click asks them to sign in; the form names the pack', async ({ page }) => {
  test.setTimeout(90_000);
  await gotoHydrated(page, `/en/nodes/${pack.nodeId}`);
  await page.getByTestId('report-open').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Sign in to report ${pack.name}`);
  await expect(dialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/en/auth/login?fromUrl=${encodeURIComponent(`/en/nodes/${pack.nodeId}`)}`,
  );
  await expectAxeClean(page, { label: 'sign-in-to-report dialog' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('report-open')).toBeFocused();

  for (const lang of LOCALES.filter((l) => l !== 'en')) {
    await gotoHydrated(page, `/${lang}/nodes/${pack.nodeId}`);
    await page.getByTestId('report-open').click();
    const text = await page.getByRole('dialog').innerText();
    expect(text, lang).toContain(pack.name);
    expect(text, lang).not.toContain('Sign in to report');
    expect(text, lang).not.toMatch(/packReport|reportSignIn/);
  }

  // Signed in: the form names the pack, preselects no reason, and refuses to send without one.
  await openSignedIn(page, pack.email, `/en/nodes/${pack.nodeId}`);
  await page.getByTestId('report-open').click();
  await expect(dialog.getByRole('heading')).toHaveText(`Report ${pack.name}`);
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/reports')) sent += 1;
  });
  await page.getByTestId('report-submit').click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason for the report.');
  await expect(dialog.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(0);
  await expectAxeClean(page, { label: 'report dialog (no reason chosen)' });
  await dialog.getByRole('radio', { name: 'Broken or does not install' }).check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.getByTestId('report-submit').click();
  await expect(page.getByTestId('report-sent')).toContainText(`your report on ${pack.name}`);
  expect(sent).toBe(1);
});

test('an unclaimed pack links to the claim flow, which says why a non-GitHub pack cannot be claimed', async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${await adminToken()}` };
  const id = `pol-gitlab-${stamp()}`;
  // Admins reserve GitHub packs only; an imported pack may live elsewhere, as this one now does.
  const created = await request.post('/api/admin/nodes', {
    headers,
    data: { id, name: `Pack ${id}`, repository: `https://github.com/pol-e2e/${id}` },
  });
  expect(created.status()).toBe(201);
  const moved = await request.put(`/api/admin/nodes/${id}`, {
    headers,
    data: { repository: `https://gitlab.com/pol-e2e/${id}` },
  });
  expect(moved.status()).toBe(200);
  await page.goto(`/en/nodes/${id}`);
  await expect(page.getByTestId('badge-unclaimed')).toBeVisible();
  await page.getByTestId('claim-link').click();
  await expect(page.getByTestId('claim-problem')).toHaveText(
    `${id} has no GitHub repository, so its ownership cannot be verified here.`,
  );
});

test('the unclaimed placeholder publisher does not claim to publish since its import', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminToken()}` };
  const id = `pol-imp-${stamp()}`;
  expect(
    (
      await request.post('/api/admin/nodes', {
        headers,
        data: { id, name: `Pack ${id}`, repository: `https://github.com/pol-e2e/${id}` },
      })
    ).status(),
  ).toBe(201);
  await page.goto('/en/publishers/unclaimed');
  await expect(page.getByTestId('publisher-profile')).toBeVisible();
  await expect(page.getByTestId('publisher-profile')).not.toContainText('Publishing since');
  // A publisher with members still says since when it publishes.
  await page.goto(`/en/publishers/${pack.publisherId}`);
  await expect(page.getByTestId('publisher-since')).toContainText('Publishing since');
});

// ---- the resolver ----

const workflow = {
  nodes: [
    // Three built-in classes: the Arabic count then has a number in it (one and two are words).
    { id: 1, type: 'CheckpointLoaderSimple' },
    { id: 2, type: 'KSampler' },
    { id: 3, type: 'VAEDecode' },
    { id: 4, type: 'DemoTiledUpscale' },
    { id: 5, type: 'Note' },
    { id: 6, type: 'NoSuchNodeAnywhere' },
  ],
  links: [],
};

async function resolvePasted(page: Page, lang: string, json: unknown) {
  await gotoHydrated(page, `/${lang}/resolve`);
  await page.locator('#resolve-json').fill(JSON.stringify(json));
  await page.getByTestId('resolve-app').locator('form button[type="submit"]').click();
}

/**
 * Numbers read in order inside right-to-left text: a number that comes after a word must sit to the
 * word's left. A count after "ComfyUI:" that the bidi algorithm glues to the Latin word reads first.
 */
async function outOfOrderNumbers(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const problems: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const words: { text: string; rect: DOMRect }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[\p{L}]+|[\p{Nd}]+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        words.push({ text: match[0], rect: range.getBoundingClientRect() });
      }
    }
    words.forEach((word, index) => {
      const before = words[index - 1];
      if (!/^\p{Nd}+$/u.test(word.text) || !before || Math.abs(before.rect.top - word.rect.top) > 4) return;
      if (word.rect.right > before.rect.left + 1) problems.push(`"${word.text}" reads before "${before.text}"`);
    });
    return problems;
  });
}

test('the resolver offers a copyable install line and git clone per pack', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await resolvePasted(page, 'en', workflow);
  const pack = page.locator('[data-testid="resolve-pack"][data-pack-id="demo-upscale-tools"]');
  await expect(pack.getByTestId('pack-install-command')).toHaveText('comfy node install demo-upscale-tools');
  await expect(pack.getByTestId('pack-git-command')).toHaveText(
    'git clone https://example.com/nodeyard-demo/demo-upscale-tools demo-upscale-tools',
  );
  // Its name starts with "Copied —" once clicked: match the part that stays.
  const copy = pack.getByRole('button', {
    name: /Copy: git clone https:\/\/example\.com\/nodeyard-demo\/demo-upscale-tools/,
  });
  await copy.click();
  await expect(copy).toHaveAttribute('data-state', 'copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'git clone https://example.com/nodeyard-demo/demo-upscale-tools demo-upscale-tools',
  );
  await expectAxeClean(page, { label: '/en/resolve (per-pack commands)' });
});

test('an empty workflow says no nodes were found, in every language', async ({ page }) => {
  test.setTimeout(90_000);
  let english = '';
  for (const lang of ['en', ...LOCALES.filter((l) => l !== 'en')]) {
    await resolvePasted(page, lang, { nodes: [], links: [] });
    const empty = page.getByTestId('resolve-empty');
    await expect(empty).toBeVisible();
    const text = await empty.innerText();
    if (lang === 'en') {
      english = text;
      expect(text).toBe('No nodes were found in this workflow, so there is nothing to install.');
      await expect(page.getByTestId('resolve-plan')).not.toContainText('only uses nodes built into ComfyUI');
      await expectAxeClean(page, { label: '/en/resolve (empty workflow)' });
    } else {
      expect(text, lang).not.toBe(english);
      expect(text, lang).not.toMatch(/^resolve\./);
    }
  }
});

test('the resolver summary reads in order in Arabic and is translated everywhere', async ({ page }) => {
  test.setTimeout(90_000);
  await resolvePasted(page, 'ar', workflow);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const summary = page.getByTestId('resolve-summary');
  await expect(summary).toBeVisible();
  expect(await outOfOrderNumbers(summary)).toEqual([]);
  const core = page.getByTestId('resolve-core').locator('summary');
  expect(await outOfOrderNumbers(core)).toEqual([]);
  await expectAxeClean(page, { label: '/ar/resolve (summary)' });

  let english = '';
  for (const lang of ['en', ...LOCALES.filter((l) => l !== 'en')]) {
    await resolvePasted(page, lang, workflow);
    const text = await page.getByTestId('resolve-summary').innerText();
    if (lang === 'en') {
      english = text;
      expect(text).toContain('1 pack to install');
    } else expect(text, lang).not.toBe(english);
    expect(text, lang).not.toMatch(/resolve\./);
  }
});
