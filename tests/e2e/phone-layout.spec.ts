import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test.ts';
import { strToU8, zipSync } from 'fflate';
import { ADMIN_EMAIL, adminToken, ensureAccount, stamp } from './support/accounts.ts';
import { axeViolations, expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';
import { horizontalOverflow } from './support/overflow.ts';
import { openSignedIn } from './support/session.ts';
import { keepScreenshot } from './support/shot.ts';

// Every page a visitor, a publisher or an admin can reach, on a 390 px phone in a left-to-right and a
// right-to-left language: nothing may make the page scroll sideways or stick out past either edge.
// The data is the worst a publisher can type: a pack whose description holds a 300-character word,
// with a long changelog, long tags, a long README line and class name, a flagged pack whose finding
// quotes a long line, a report and a ban reason made of one long word. Then the layouts the phone
// walk found broken: dashboard actions below the node title, search filters before the results, on
// a desktop the long pack's changelog inside its card; and two polish items: room between a sign-in
// error and the Google button, and a dark-theme publisher link that does not look like plain text.
// A new page a user can reach belongs in one of the walks below.

// Islands hydrate and fetch after load: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const LANGS = ['en', 'ar'] as const;
/**
 * The walks measure overflow in both languages but run axe in Arabic only: the markup is the same, and
 * the Arabic page holds everything a language can change (its text and its direction). English pages
 * are checked by axe in their own specs at desktop width. The English half of the walks' 64 checks was
 * about a third of this file's time (loaded machine: ≈ 2.6 s a check, 276 s for the file).
 */
const AXE_LANG: (typeof LANGS)[number] = 'ar';
/** A picture for a person (E2E_SCREENSHOTS=1), under test-results/phone-layout/. */
const shot = (target: Page | Locator, name: string) =>
  keepScreenshot(target, `test-results/phone-layout/${name.replace(/[^\w.-]+/g, '_').slice(0, 80)}.png`, {
    ...('goto' in target ? { fullPage: true } : {}),
  });

const run = stamp();
/** A word nothing can break but the browser's last resort. */
const longWord = (length: number, seed = 'Unbreakable') =>
  seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
const WORD_300 = longWord(300);
const OWNER_EMAIL = `phone-owner-${run}@example.test`;
const REPORTER_EMAIL = `phone-reporter-${run}@example.test`;
const BANNED_EMAIL = `phone-banned-${run}@example.test`;
const PUBLISHER_ID = `phone-${run}`.slice(0, 40);
/** No hyphens: a browser may break a line at a hyphen, and this id must not offer it. */
const WIDE_NODE = `phonewide${run}${'x'.repeat(60)}`.slice(0, 90);
const FLAGGED_NODE = `phoneflag${run}${'y'.repeat(60)}`.slice(0, 90);
/** A pack with an ordinary name and id, as most are: its row must not squeeze them. */
const PLAIN_NODE = `tile-upscale-${run}`;
/** The word the search test looks for: it is in the wide pack's name only. */
const SEARCH_WORD = `Phonewide${run}`;
const CHANGELOG = [
  `Rewrote the tiling so very large images fit in memory: ${WORD_300}`,
  ...Array.from(
    { length: 12 },
    (_, i) =>
      `- Fix ${i + 1}: https://github.com/example/${WIDE_NODE}/pull/${1000 + i}/files#diff-${longWord(60, 'abc123')}`,
  ),
].join('\n');

function widePackZip(): Buffer {
  const className = `Wide${longWord(140, 'ClassName')}`;
  const readme = [
    `# ${longWord(120, 'Heading')}`,
    '',
    `Paragraph with ${WORD_300} inside it.`,
    '',
    '```',
    `python main.py --option ${longWord(200, 'value-')} --other ${longWord(120, 'x')}`,
    '```',
    '',
    '| Column one | Column two | Column three | Column four |',
    '| --- | --- | --- | --- |',
    `| ${longWord(80, 'cell')} | ${longWord(80, 'more')} | value | value |`,
    '',
  ].join('\n');
  const init = `class Node:\n    pass\n\nNODE_CLASS_MAPPINGS = {"${className}": Node}\n`;
  return Buffer.from(zipSync({ '__init__.py': strToU8(init), 'README.md': strToU8(readme) }));
}

/** Runs code decoded from base64 at import time (the scanner holds it), on one long line. */
function flaggedZip(): Buffer {
  const payload = Buffer.from(`print('${longWord(240, 'hello')}')`).toString('base64');
  return Buffer.from(
    zipSync({
      '__init__.py': strToU8(
        `import base64\nexec(base64.b64decode("${payload}"))\n\nclass Logo:\n    pass\n\nNODE_CLASS_MAPPINGS = {"Logo": Logo}\n`,
      ),
    }),
  );
}

async function publish(
  request: APIRequestContext,
  pat: string,
  nodeId: string,
  node: Record<string, unknown>,
  version: Record<string, unknown>,
  zip: Buffer,
) {
  const published = await request.post(`/api/publishers/${PUBLISHER_ID}/nodes/${nodeId}/versions`, {
    data: {
      personal_access_token: pat,
      node: { id: nodeId, repository: `https://github.com/example/${nodeId}`, ...node },
      node_version: { version: '1.0.0', dependencies: [], ...version },
    },
  });
  expect(published.status()).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const put = await request.put(signedUrl, { headers: { 'content-type': 'application/zip' }, data: zip });
  expect(put.status()).toBe(200);
}

/** The account's user id (the account becomes a user row on its first API call). */
async function userId(request: APIRequestContext, token: string): Promise<string> {
  const me = await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { id: string }).id;
}

test.describe('phones: no page scrolls sideways', () => {
  // One worker builds the data once; a failing page must not hide the next ones (so not 'serial').
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    const owner = { authorization: `Bearer ${await ensureAccount(OWNER_EMAIL, true)}` };
    const created = await request.post('/api/publishers', {
      headers: owner,
      data: {
        id: PUBLISHER_ID,
        name: `Publisher${longWord(80, 'Name')}`,
        description: `Makes packs. ${WORD_300}`,
        website: `https://example.com/${longWord(150, 'path')}`,
      },
    });
    expect(created.status()).toBe(201);
    const minted = await request.post(`/api/publishers/${PUBLISHER_ID}/tokens`, {
      headers: owner,
      data: { name: `token${longWord(60, 'Name')}` },
    });
    const { token: pat } = (await minted.json()) as { token: string };
    const plain = await request.post(`/api/publishers/${PUBLISHER_ID}/nodes`, {
      headers: owner,
      data: { id: PLAIN_NODE, name: 'Tile Upscale Tools', description: 'Upscales large images in tiles.' },
    });
    expect(plain.status()).toBe(201);

    await publish(
      request,
      pat,
      WIDE_NODE,
      {
        name: `${SEARCH_WORD} ${longWord(120, 'Title')}`,
        description: `A pack with ${WORD_300} in its description.`,
        tags: [longWord(50, 'tag'), longWord(50, 'label'), 'image'],
        author: longWord(150, 'Author'),
        supported_os: ['OS Independent', longWord(120, 'Platform')],
        supported_accelerators: [longWord(120, 'Accelerator')],
        supported_comfyui_version: `>=${longWord(150, '0.')}`,
      },
      { changelog: CHANGELOG, dependencies: [`package${longWord(200, 'dep')}>=1.0`] },
      widePackZip(),
    );
    await publish(
      request,
      pat,
      FLAGGED_NODE,
      { name: `Flagged${longWord(120, 'Name')}`, description: `Held pack. ${WORD_300}` },
      { changelog: CHANGELOG },
      flaggedZip(),
    );
    // The scan runs in the server's job worker shortly after each upload.
    await expect
      .poll(async () => (await request.get(`/api/nodes/${WIDE_NODE}/install`)).status(), { timeout: 60_000 })
      .toBe(200);
    await expect
      .poll(
        async () =>
          (
            (await (
              await request.get(`/api/publishers/${PUBLISHER_ID}/nodes/${FLAGGED_NODE}/versions/1.0.0/findings`, {
                headers: owner,
              })
            ).json()) as { status?: string }
          ).status,
        { timeout: 60_000 },
      )
      .toBe('NodeVersionStatusFlagged');
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/nodes/search?search=${SEARCH_WORD}`)).json()) as { nodes: unknown[] }).nodes
            .length,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    // A report whose details are one long word, for the admins' reports queue.
    const reporter = { authorization: `Bearer ${await ensureAccount(REPORTER_EMAIL, true)}` };
    const report = await request.post(`/api/nodes/${WIDE_NODE}/reports`, {
      headers: reporter,
      data: { reason: 'spam', details: `Copied from elsewhere: ${WORD_300}` },
    });
    expect(report.status()).toBe(201);

    // A banned account whose ban reason is one long word (users page and audit log).
    const admin = { authorization: `Bearer ${await adminToken()}` };
    const bannedId = await userId(request, await ensureAccount(BANNED_EMAIL, true));
    const ban = await request.put(`/api/admin/users/${bannedId}`, {
      headers: admin,
      data: { status: 'UserStatusBanned', reason: `Spam: ${WORD_300}` },
    });
    expect(ban.status()).toBe(200);
    // The owner as a customer, for the admin customers screen.
    expect([200, 201]).toContain((await request.post('/api/customers', { headers: owner })).status());
  });

  /** Opens each page, waits until it shows what it is for, and lists what sticks out (plus axe). */
  /** A page to open, and what shows once it is ready to measure. */
  type WalkPage = { path: string; ready: (page: Page) => Locator };

  async function walk(page: Page, pages: WalkPage[], { axe = true } = {}): Promise<string[]> {
    const problems: string[] = [];
    for (const { path, ready } of pages) {
      await gotoHydrated(page, path);
      await expect(ready(page).first(), path).toBeVisible();
      await shot(page, `${path}-${page.viewportSize()?.width}`);
      problems.push(...(await horizontalOverflow(page)).map((line) => `${path}: ${line}`));
      if (axe) problems.push(...(await axeViolations(page, { label: path })));
    }
    return problems;
  }

  const heading = (page: Page) => page.locator('main h1');
  /** What a visitor reaches without signing in, with the long pack in the results and on its pages. */
  const publicPages = (lang: string): WalkPage[] => [
    { path: `/${lang}/`, ready: (p) => p.locator('[data-testid="search-app"][data-hydrated="true"]') },
    { path: `/${lang}/?q=upscale`, ready: (p) => p.getByTestId('search-results') },
    { path: `/${lang}/?q=${SEARCH_WORD}`, ready: (p) => p.locator(`[data-node-id="${WIDE_NODE}"]`) },
    { path: `/${lang}/?tags=image`, ready: (p) => p.getByTestId('search-results') },
    { path: `/${lang}/?q=qqqqzzzzxxxx`, ready: (p) => p.getByTestId('search-count') },
    { path: `/${lang}/nodes/${WIDE_NODE}`, ready: (p) => p.getByTestId('readme') },
    { path: `/${lang}/nodes/demo-upscale-tools`, ready: (p) => p.getByTestId('node-page') },
    { path: `/${lang}/publishers/${PUBLISHER_ID}`, ready: (p) => p.getByTestId('publisher-profile') },
    { path: `/${lang}/publishers/nodeyard-demo`, ready: (p) => p.getByTestId('publisher-node-list') },
    { path: `/${lang}/resolve`, ready: (p) => p.getByTestId('resolve-app') },
    { path: `/${lang}/auth/login`, ready: (p) => p.locator('input[type="email"]') },
    { path: `/${lang}/auth/signup`, ready: (p) => p.locator('input[type="email"]') },
    { path: `/${lang}/nodes/no-such-pack-${run}`, ready: heading },
    { path: `/${lang}/no-such-page`, ready: heading },
    { path: `/${lang}/ci`, ready: heading },
    { path: `/${lang}/releases`, ready: heading },
    { path: `/${lang}/reference`, ready: (p) => p.getByTestId('api-reference') },
    { path: `/${lang}/reference/registry`, ready: heading },
  ];

  for (const lang of LANGS) {
    test(`public pages at 390 px in ${lang}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(PHONE);
      const problems = await walk(page, publicPages(lang), { axe: lang === AXE_LANG });

      // The resolver's answer, with a class name no pack provides (one long word).
      const workflow = {
        '1': { class_type: 'KSampler', inputs: {} },
        '2': { class_type: 'DemoSeamBlend', inputs: {} },
        '3': { class_type: `Missing${longWord(200, 'Class')}`, inputs: {} },
      };
      await gotoHydrated(page, `/${lang}/resolve`);
      await page.locator('#resolve-json').fill(JSON.stringify(workflow));
      await page.locator('#resolve-json').press('Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('resolve-plan')).toBeVisible();
      await shot(page, `resolver-plan-${lang}`);
      problems.push(...(await horizontalOverflow(page)).map((line) => `resolver plan: ${line}`));
      if (lang === AXE_LANG) problems.push(...(await axeViolations(page, { label: 'resolver plan' })));
      expect(problems).toEqual([]);
    });

    test(`signed-in pages at 390 px in ${lang}: dashboard, tokens, versions, account`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(PHONE);
      await openSignedIn(page, OWNER_EMAIL, `/${lang}/nodes`, { timeout: 30_000 });
      const item = (id: string) => page.locator(`[data-testid="node-item"][data-node-id="${id}"]`);
      await expect(item(WIDE_NODE)).toBeVisible();
      await expect(page.getByTestId('token-row')).toBeVisible();
      const problems = (await horizontalOverflow(page)).map((line) => `your nodes: ${line}`);
      // Each pack's versions open below it: the wide pack's changelog-free table, the flagged pack's finding.
      for (const id of [WIDE_NODE, FLAGGED_NODE]) {
        await item(id)
          .getByRole('button', { name: new RegExp(id) })
          .first()
          .click();
      }
      await expect(item(FLAGGED_NODE).getByTestId('finding')).toBeVisible();
      problems.push(...(await horizontalOverflow(page)).map((line) => `node versions: ${line}`));
      if (lang === AXE_LANG) problems.push(...(await axeViolations(page, { label: 'node versions' })));
      await shot(page, `dashboard-${lang}`);
      problems.push(
        ...(await walk(
          page,
          [
            { path: `/${lang}/account`, ready: (p) => p.getByTestId('account-content') },
            { path: `/${lang}/nodes/claim`, ready: heading },
          ],
          { axe: lang === AXE_LANG },
        )),
      );
      expect(problems).toEqual([]);
    });

    test(`admin pages at 390 px in ${lang}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(PHONE);
      await ensureAccount(ADMIN_EMAIL, true);
      await openSignedIn(page, ADMIN_EMAIL, `/${lang}/admin`, { timeout: 30_000 });
      const row = (text: string) => (p: Page) => p.getByRole('row').filter({ hasText: text });
      const problems = await walk(
        page,
        [
          { path: `/${lang}/admin`, ready: (p) => p.getByRole('navigation').locator('a[aria-current="page"]') },
          {
            path: `/${lang}/admin/review?nodeId=${FLAGGED_NODE}`,
            ready: (p) => p.getByTestId('review-item'),
          },
          { path: `/${lang}/admin/reports`, ready: (p) => p.getByTestId('report-item') },
          { path: `/${lang}/admin/nodes?search=${WIDE_NODE}`, ready: (p) => p.getByTestId('admin-node-row') },
          { path: `/${lang}/admin/publishers?search=${PUBLISHER_ID}`, ready: row(PUBLISHER_ID) },
          { path: `/${lang}/admin/users?search=${BANNED_EMAIL}`, ready: row(BANNED_EMAIL) },
          { path: `/${lang}/admin/audit`, ready: (p) => p.getByTestId('audit-row') },
          { path: `/${lang}/admin/add-node`, ready: (p) => p.locator('main form') },
          { path: `/${lang}/admin/appeals`, ready: (p) => p.getByTestId('admin-appeals') },
          { path: `/${lang}/admin/customers?email=${OWNER_EMAIL}`, ready: (p) => p.getByTestId('customers-table') },
        ],
        { axe: lang === AXE_LANG },
      );
      expect(problems).toEqual([]);
    });
  }

  test('public pages and the dashboard at 1280 px: nothing sticks out either', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    const problems = await walk(page, publicPages('en'), { axe: false });
    await openSignedIn(page, OWNER_EMAIL, '/en/nodes', { timeout: 30_000 });
    await expect(page.getByTestId('token-row')).toBeVisible();
    for (const id of [WIDE_NODE, FLAGGED_NODE]) {
      const item = page.locator(`[data-testid="node-item"][data-node-id="${id}"]`);
      await item
        .getByRole('button', { name: new RegExp(id) })
        .first()
        .click();
    }
    await expect(page.getByTestId('finding').first()).toBeVisible();
    problems.push(...(await horizontalOverflow(page)).map((line) => `your nodes: ${line}`));
    expect(problems).toEqual([]);
  });

  type Box = { x: number; y: number; width: number; height: number };
  /** The locator's box (it must be rendered). */
  async function box(locator: Locator): Promise<Box> {
    const found = await locator.boundingBox();
    expect(found, `no box for ${locator.toString()}`).not.toBeNull();
    return found!;
  }
  const overlaps = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  /** Lines of `element`'s text drawn outside `container`'s box. */
  const textOutside = async (element: Locator, container: Locator) =>
    element.evaluate(
      (node, outer) => {
        const bounds = outer.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(node);
        return [...range.getClientRects()]
          .filter((rect) => rect.width > 0 && (rect.left < bounds.left - 1 || rect.right > bounds.right + 1))
          .map(
            (rect) =>
              `${Math.round(rect.left)}…${Math.round(rect.right)} outside ${Math.round(bounds.left)}…${Math.round(bounds.right)}`,
          );
      },
      await container.elementHandle(),
    );

  /**
   * The plain pack's row on "Your nodes", measured at once (the list above it settles first): its
   * box, its title's, its id line's and its buttons'.
   */
  async function plainNodeRow(page: Page) {
    const item = page.locator(`[data-testid="node-item"][data-node-id="${PLAIN_NODE}"]`);
    await expect(item.getByText('Tile Upscale Tools', { exact: true })).toBeVisible();
    await expect(item.getByRole('button')).toHaveCount(3);
    await expect(page.getByTestId('token-row')).toBeVisible();
    const measured = await item.evaluate(
      (row, texts) => {
        const rect = (element: Element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { x, y, width, height };
        };
        const byText = (text: string) => [...row.querySelectorAll('p')].find((p) => p.textContent?.trim() === text)!;
        return {
          row: rect(row),
          title: rect(byText(texts.title)),
          id: rect(byText(texts.id)),
          buttons: [...row.querySelectorAll('button')].map((button) => ({
            label: button.textContent ?? '',
            ...rect(button),
          })),
        };
      },
      { title: 'Tile Upscale Tools', id: `${PUBLISHER_ID}/${PLAIN_NODE}` },
    );
    return { item, ...measured };
  }

  for (const lang of ['en', 'ja', 'ar'] as const) {
    test(`your nodes at 390 px in ${lang}: the actions sit below the node's title and details`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await openSignedIn(page, OWNER_EMAIL, `/${lang}/nodes`, { timeout: 30_000 });
      const { item, row, title, id, buttons } = await plainNodeRow(page);
      // The text keeps most of the row: before, the buttons beside it left it a word per line.
      expect(title.width, 'title width').toBeGreaterThan(row.width * 0.6);
      for (const button of buttons) {
        expect(overlaps(button, title), `${button.label} covers the title`).toBe(false);
        expect(overlaps(button, id), `${button.label} covers the id`).toBe(false);
        expect(button.y, `${button.label} is below the details`).toBeGreaterThanOrEqual(id.y + id.height);
      }
      expect(await horizontalOverflow(page)).toEqual([]);
      await shot(item, `node-item-${lang}`);
    });
  }

  test('your nodes at 1280 px: the actions stay beside the title', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openSignedIn(page, OWNER_EMAIL, '/en/nodes', { timeout: 30_000 });
    const { title, buttons } = await plainNodeRow(page);
    for (const button of buttons) {
      expect(button.y, `${button.label} beside the title`).toBeLessThan(title.y + title.height);
      expect(overlaps(button, title), `${button.label} covers the title`).toBe(false);
    }
  });

  for (const lang of LANGS) {
    test(`search at 390 px in ${lang}: the filters come before the results, behind a keyboard-usable button`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      await gotoHydrated(page, `/${lang}/?q=upscale`);
      const results = await box(page.getByTestId('search-results'));
      const toggle = page.getByTestId('search-filters-toggle');
      await expect(toggle).toBeVisible();
      const toggleBox = await box(toggle);
      expect(toggleBox.y + toggleBox.height).toBeLessThanOrEqual(results.y);
      const facet = page.locator('[data-facet] [role="checkbox"]').first();
      await expect(facet).toBeHidden();
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(facet).toBeVisible();
      expect((await box(facet)).y).toBeLessThan((await box(page.getByTestId('search-results'))).y);
      expect(await horizontalOverflow(page)).toEqual([]);
      await expectAxeClean(page, { label: `/${lang}/?q=upscale filters open` });
      await shot(page, `filters-${lang}`);
      await page.keyboard.press('Space');
      await expect(facet).toBeHidden();
    });
  }

  test('search at 1280 px: the filters are an open sidebar beside the results, with no button', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, '/en/?q=upscale');
    await expect(page.getByTestId('search-filters-toggle')).toBeHidden();
    const facet = await box(page.locator('[data-facet] [role="checkbox"]').first());
    const results = await box(page.getByTestId('search-results'));
    expect(facet.x + facet.width).toBeLessThanOrEqual(results.x);
    expect(facet.y).toBeLessThan(results.y + results.height);
  });

  test('the count of ticked filters on the phone button, in every language', async ({ page }) => {
    await page.setViewportSize(PHONE);
    let english = '';
    for (const lang of ['en', 'ar', 'es', 'fr', 'ja', 'ko', 'ru', 'zh']) {
      await page.goto(`/${lang}/?tags=image`);
      const selected = page.getByTestId('search-filters-selected');
      await expect(selected).toContainText(/\d|واحد/);
      const text = (await selected.textContent())!.trim();
      expect(text, lang).not.toContain('searchFilters');
      if (lang === 'en') english = text;
      else expect(text, lang).not.toBe(english);
    }
  });

  test('at 1280 px the long pack’s changelog and description stay inside their boxes', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/en/nodes/${WIDE_NODE}`);
    const version = page.getByTestId('version-item').first();
    expect(await textOutside(version.getByTestId('version-changelog'), version)).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.goto(`/en/?q=${SEARCH_WORD}`);
    const card = page.locator(`[data-testid="node-card"][data-node-id="${WIDE_NODE}"]`);
    expect(await textOutside(card.locator('p[dir="auto"]').first(), card)).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
  });

  for (const lang of LANGS) {
    test(`login and signup at 390 px in ${lang}: an error keeps its distance from the Google button`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      // Without the sign-in library the form says the network failed: an error box on demand.
      await page.route('**/firebase-session.*.js', (route) => route.abort());
      for (const path of [`/${lang}/auth/login`, `/${lang}/auth/signup`]) {
        await page.goto(path);
        const error = await box(page.getByTestId('auth-error'));
        const google = await box(page.getByTestId('google-sign-in'));
        expect(
          google.y - (error.y + error.height),
          `${path}: space between the error and the Google button`,
        ).toBeGreaterThanOrEqual(12);
        expect(await horizontalOverflow(page)).toEqual([]);
        await expectAxeClean(page, { label: `${path} with an error` });
        await shot(page, `login-error-${path}`);
      }
    });
  }

  test('dark theme: the publisher link on a node page is underlined, not only coloured', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const lang of LANGS) {
      await page.goto(`/${lang}/nodes/demo-upscale-tools`);
      await expect(page.locator('html')).toHaveClass(/dark/);
      const link = page.getByTestId('publisher-link');
      expect(await link.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain('underline');
      await expectAxeClean(page, { label: `/${lang}/nodes/demo-upscale-tools (dark)` });
    }
  });
});
