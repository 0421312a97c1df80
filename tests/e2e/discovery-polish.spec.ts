import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import openapiDocument from '../../docs/openapi.json' with { type: 'json' };
import { LOCALES } from '../../src/i18n/locales.ts';
import { adminToken, stamp } from './support/accounts.ts';
import { expectAxeClean } from './support/axe.ts';
import { gotoHydrated } from './support/islands.ts';
import { keepScreenshot } from './support/shot.ts';

// Issue 24, items 7 and 8, discovery: the header's search and Resolve link, the notice for a class
// built into ComfyUI, honest facet counts, Space on a filter, ComfyUI-Manager markup in descriptions,
// a page number past the end, the 404's way out, and the API reference behind the footer's "API".
// Runs against the seeded "(demo)" packs; packs it creates have ids of their own.

const NON_ENGLISH = LOCALES.filter((lang) => lang !== 'en');
const openapi = openapiDocument as unknown as { paths: Record<string, Record<string, { tags?: string[] }>> };

/** Text shown to people: not a raw message key (`section.key`), not the English text. */
async function expectTranslated(page: Page, testId: string, english: RegExp) {
  const text = (await page.getByTestId(testId).innerText()).trim();
  expect(text).not.toMatch(/\b[a-z]+[A-Z]?\w*\.[a-z]\w+\b/);
  expect(text).not.toMatch(english);
  expect(text.length).toBeGreaterThan(0);
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(widths.scroll, `${label}: ${widths.scroll}px wide in ${widths.client}px`).toBeLessThanOrEqual(widths.client);
}

test.describe('header search and Resolve link', () => {
  test('are on every page, and the search is typed, tabbed to and submitted with the keyboard', async ({ page }) => {
    for (const path of ['/en/nodes/demo-upscale-tools', '/en/releases', '/en/resolve', '/en/ci', '/en/reference']) {
      await page.goto(path);
      const header = page.locator('header');
      await expect(header.getByRole('searchbox', { name: 'Search node packs' }), path).toBeVisible();
      await expect(header.getByRole('link', { name: 'Resolve a workflow' }), path).toHaveAttribute(
        'href',
        '/en/resolve',
      );
    }
    // The home page opens with its own full search box; the header keeps only the Resolve link there.
    await page.goto('/en/');
    await expect(page.locator('header').getByRole('searchbox')).toHaveCount(0);
    await expect(page.locator('header').getByRole('link', { name: 'Resolve a workflow' })).toBeVisible();

    await page.goto('/en/releases');
    // Skip link, home link, then the search box: the first stops of the page's tab order.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('header').getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('mask');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/\?q=mask$/);
    await expect(page.getByTestId('search-results').getByTestId('node-card').first()).toBeVisible();

    await page.goto('/en/releases');
    await page.locator('header').getByRole('searchbox').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('header-resolve-link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/resolve$/);
  });

  for (const width of [390, 1280]) {
    test(`fits the header at ${width} px in ltr and rtl, and passes axe`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const lang of ['en', 'ja', 'ar'] as const) {
        await page.goto(`/${lang}/releases`);
        await expect(page.getByTestId('header-search').getByRole('searchbox')).toBeVisible();
        await expectNoSidewaysScroll(page, `/${lang}/releases at ${width} px`);
      }
      await keepScreenshot(page, `test-results/discovery-header-ar-${width}.png`);
      await expectAxeClean(page, { label: `ar header ${width}` });
    });
  }

  test('is translated in every language', async ({ page }) => {
    // Several pages (one per language, or axe on each) on a machine shared with other runs.
    test.slow();
    for (const lang of NON_ENGLISH) {
      await page.goto(`/${lang}/releases`);
      await expectTranslated(page, 'header-resolve-link', /^Resolve a workflow$/);
      const label = await page.getByTestId('header-search').getByRole('searchbox').getAttribute('placeholder');
      expect(label, lang).not.toBe('Search packs');
    }
  });
});

test.describe('search results', () => {
  test('a search for a class built into ComfyUI says so above the results, as typed and as loaded', async ({
    page,
  }) => {
    // Several pages (one per language, or axe on each) on a machine shared with other runs.
    test.slow();
    await page.goto('/en/?q=KSampler');
    await expect(page.getByTestId('core-class-notice')).toContainText(
      'KSampler is built into ComfyUI: it needs no pack.',
    );
    await expectAxeClean(page, { label: 'core class notice' });

    await gotoHydrated(page, '/en/');
    await page.getByTestId('search-input').fill('ksampleradvanced');
    await expect(page.getByTestId('core-class-notice')).toContainText('KSamplerAdvanced is built into ComfyUI');
    await page.getByTestId('search-input').fill('mask');
    await expect(page.getByTestId('search-results')).toBeVisible();
    await expect(page.getByTestId('core-class-notice')).toHaveCount(0);

    for (const lang of NON_ENGLISH) {
      await page.goto(`/${lang}/?q=KSampler`);
      await expect(page.getByTestId('core-class-notice')).toContainText('KSampler');
      await expectTranslated(page, 'core-class-notice', /built into ComfyUI/);
    }
  });

  test('facet groups say how many packs declare nothing and so are in none of the counts', async ({ page }) => {
    // Several pages (one per language, or axe on each) on a machine shared with other runs.
    test.slow();
    await page.goto('/en/?q=demo');
    // Most demo packs declare no accelerator (like most imported packs): the note counts them.
    const note = page.locator('[data-undeclared="accelerator"]');
    await expect(note).toHaveText(
      /^\d+ packs? here declares? no accelerator, so (it is|they are) in none of these counts\.$/,
    );
    const listed = Number(/\d+/.exec((await page.getByTestId('search-count').innerText()) ?? '')?.[0]);
    const undeclared = Number(/\d+/.exec(await note.innerText())?.[0]);
    expect(undeclared).toBeGreaterThan(0);
    expect(undeclared).toBeLessThan(listed);
    await expectAxeClean(page, { label: 'facet notes' });

    for (const lang of NON_ENGLISH) {
      await page.goto(`/${lang}/?q=demo`);
      const text = await page.locator('[data-undeclared="accelerator"]').innerText();
      expect(text, lang).not.toMatch(/declares? no accelerator/);
      expect(text, lang).not.toContain('searchNotices');
    }
  });

  test('Space toggles a filter, as it does a checkbox, instead of scrolling the page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await gotoHydrated(page, '/en/?q=image');
    const filter = page.locator('[data-facet="tags"] [role="checkbox"]').first();
    const value = await filter.getAttribute('data-facet-value');
    await filter.focus();
    const before = await page.evaluate(() => scrollY);
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(new RegExp(`[?&]tags=${encodeURIComponent(value ?? '')}`));
    const ticked = page.locator(`[data-facet="tags"] [data-facet-value="${value}"]`);
    await expect(ticked).toHaveAttribute('aria-checked', 'true');
    await expect(ticked).toBeFocused();
    // Space on a link scrolls by most of a screen (here ~440 px); the toggle only lets the browser keep
    // the focused filter in place while "Clear all filters" appears above it.
    expect(Math.abs((await page.evaluate(() => scrollY)) - before)).toBeLessThan(100);
    await expect(ticked).toBeInViewport();
    // And Space again unticks it.
    await page.locator(`[data-facet="tags"] [data-facet-value="${value}"]`).focus();
    await page.keyboard.press('Space');
    await expect(page).not.toHaveURL(/tags=/);
  });

  test('a page past the last one says so and links to the last page', async ({ page }) => {
    // Several pages (one per language, or axe on each) on a machine shared with other runs.
    test.slow();
    await page.goto('/en/?page=9999');
    const notice = page.getByTestId('search-past-last-page');
    await expect(notice).toContainText(/^There is no page 9,999: these results end on page \d+\./);
    await expect(page.getByTestId('search-results')).toHaveCount(0);
    await expectAxeClean(page, { label: 'past last page' });
    const last = Number(/end on page (\d+)/.exec(await notice.innerText())?.[1]);
    await page.getByTestId('search-last-page-link').click();
    await expect(page).toHaveURL(last > 1 ? new RegExp(`page=${last}$`) : /\/en\/$/);
    await expect(page.getByTestId('search-results').getByTestId('node-card').first()).toBeVisible();

    for (const lang of NON_ENGLISH) {
      await page.goto(`/${lang}/?q=demo&page=500`);
      await expectTranslated(page, 'search-past-last-page', /There is no page/);
    }
  });
});

test('imported descriptions render ComfyUI-Manager links and warnings, never the raw markup', async ({
  page,
  request,
}) => {
  const id = `dp-markup-${stamp()}`;
  const created = await request.post('/api/admin/nodes', {
    headers: { authorization: `Bearer ${await adminToken()}` },
    data: {
      id,
      name: `Markup Pack ${id}`,
      repository: `https://github.com/dp-e2e/${id}`,
      description:
        'Edits images with [a/wandpy](https://github.com/emcconville/wand). ' +
        '[w/NOTE: install [a/ImageMagick](https://imagemagick.org/) by hand.] ' +
        'Also [a/bad](javascript:alert(1)).',
    },
  });
  expect(created.status()).toBe(201);

  // Search follows the database a poll behind.
  await expect
    .poll(async () => {
      await page.goto(`/en/?q=${id}`);
      return page.locator(`[data-node-id="${id}"]`).count();
    })
    .toBe(1);
  const card = page.locator(`[data-node-id="${id}"]`);
  await expect(card).toContainText('Edits images with wandpy. NOTE: install ImageMagick by hand. Also bad.');
  await expect(card).not.toContainText('[a/');
  await expect(card).not.toContainText('](');

  await page.goto(`/en/nodes/${id}`);
  const description = page.getByTestId('node-description');
  await expect(description).not.toContainText('[a/');
  await expect(description.getByRole('link', { name: 'wandpy' })).toHaveAttribute(
    'href',
    'https://github.com/emcconville/wand',
  );
  await expect(description.getByRole('link', { name: 'wandpy' })).toHaveAttribute('rel', /nofollow/);
  const warning = page.getByTestId('node-description-warning');
  await expect(warning).toHaveText('NOTE: install ImageMagick by hand.');
  await expect(warning.getByRole('link', { name: 'ImageMagick' })).toHaveAttribute('href', 'https://imagemagick.org/');
  // A javascript: target never becomes a link; its label stays as text.
  await expect(description.getByRole('link', { name: 'bad' })).toHaveCount(0);
  await expect(description).toContainText('Also bad.');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Edits images with wandpy. NOTE: install ImageMagick by hand. Also bad.',
  );
  await expectAxeClean(page, { label: 'node page description' });
});

test.describe('404', () => {
  test('a missing pack offers a search for its words and packs with a similar name', async ({ page }) => {
    const response = await page.goto('/en/nodes/demo-mask-kitt');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toContainText('No pack has the id “demo-mask-kitt”.');
    const suggestions = page.getByTestId('not-found-suggestions');
    await expect(suggestions.getByRole('link', { name: 'Mask Kit (demo)' })).toHaveAttribute(
      'href',
      '/en/nodes/demo-mask-kit',
    );
    const box = page.getByTestId('not-found-search').getByRole('searchbox', { name: 'Search node packs' });
    await expect(box).toHaveValue('demo mask kitt');
    await expectAxeClean(page, { label: '404' });
    await box.fill('upscale');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/\?q=upscale$/);
    await expect(page.getByTestId('search-results').getByTestId('node-card').first()).toBeVisible();
  });

  test('any unknown address gets the search too, in every language, at 390 px', async ({ page }) => {
    // Several pages (one per language, or axe on each) on a machine shared with other runs.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of LOCALES) {
      const response = await page.goto(`/${lang}/nodes/demo-upscale-toolz`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('not-found-search').getByRole('searchbox')).toHaveValue('demo upscale toolz');
      await expect(page.getByTestId('not-found-suggestions').getByRole('link').first()).toBeVisible();
      await expectNoSidewaysScroll(page, `/${lang}/ 404 at 390 px`);
      if (lang !== 'en') {
        const text = await page.getByTestId('not-found').innerText();
        expect(text, lang).not.toContain('No pack has the id');
        expect(text, lang).not.toContain('Packs with a similar name');
        expect(text, lang).not.toContain('notFoundSearch.');
      }
    }
    const response = await page.goto('/fr/upscale-tools.html');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-search').getByRole('searchbox')).toHaveValue('upscale tools');
  });
});

test('Russian pages say «узел», never «нода»', async ({ page }) => {
  for (const path of ['/ru/auth/login', '/ru/auth/signup', '/ru/?q=mask', '/ru/nodes/demo-mask-kit']) {
    await page.goto(path);
    const text = await page.locator('body').innerText();
    expect(text, path).not.toMatch(/(?<!\p{L})нод\p{L}*/iu);
  }
  await page.goto('/ru/auth/login');
  await expect(page.locator('body')).toContainText('узлами');
});

test.describe('API reference', () => {
  test('the footer\'s "API" opens a rendered reference, not raw JSON', async ({ page }) => {
    // Every endpoint and schema is listed on this page: axe takes a while on it.
    test.slow();
    await page.goto('/en/releases');
    await page.getByTestId('footer-api-link').click();
    await expect(page).toHaveURL(/\/en\/reference$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference');
    await expect(page.getByTestId('api-raw-document')).toHaveAttribute('href', '/api/openapi.json');
    // One area per first tag of the document's operations (other work adds areas: count, do not fix).
    const areas = new Set(
      Object.values(openapi.paths).flatMap((item) => Object.values(item).map((operation) => operation.tags?.[0])),
    );
    await expect(page.getByTestId('api-tag')).toHaveCount(areas.size);
    await expectAxeClean(page, { label: 'reference index' });
    await page.getByRole('link', { name: 'Registry', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/reference\/registry$/);
  });

  test('an area page documents each endpoint: method, path, credentials, parameters, responses', async ({ page }) => {
    // The longest area page: axe takes a while on it.
    test.slow();
    await page.goto('/en/reference/registry');
    const search = page.locator('section#searchNodes');
    await expect(search.getByRole('heading', { level: 2 })).toHaveText('Searches nodes');
    await expect(search).toContainText('GET');
    await expect(search).toContainText('/nodes/search');
    await expect(search).toContainText('Credentials None: anyone may call it');
    await expect(search).toContainText('Parameters');
    await expect(search).toContainText('include_banned');
    await expect(page.locator('section#publishNodeVersion')).toContainText('Credentials BearerAuth');
    await expectAxeClean(page, { label: 'reference area' });

    await search.getByRole('link', { name: 'NodeSearchResult' }).first().click();
    await expect(page).toHaveURL(/\/en\/reference\/schemas\/NodeSearchResult$/);
  });

  test('a schema page lists its properties; unknown areas and schemas are 404s', async ({ page }) => {
    await page.goto('/en/reference/schemas/NodeSearchResult');
    await expect(page.getByTestId('schema-property').filter({ hasText: 'core_class' })).toBeVisible();
    await expect(page.getByTestId('schema-property').filter({ hasText: 'facets' })).toBeVisible();
    await expectAxeClean(page, { label: 'reference schema' });
    expect((await page.goto('/en/reference/no-such-area'))?.status()).toBe(404);
    expect((await page.goto('/en/reference/schemas/NoSuchSchema'))?.status()).toBe(404);
  });

  test('is translated in every language and fits a phone in ltr and rtl', async ({ page }) => {
    // Several pages (one per language, or axe on each) on a machine shared with other runs.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of NON_ENGLISH) {
      await page.goto(`/${lang}/reference/registry`);
      const heading = await page.getByTestId('api-reference-tag').innerText();
      expect(heading, lang).not.toContain('API reference');
      expect(heading, lang).not.toContain('Parameters');
      expect(heading, lang).not.toContain('apiReference.');
      // The document's own text stays English, marked as such.
      await expect(page.locator('section#searchNodes h2')).toHaveAttribute('lang', 'en');
      await expectNoSidewaysScroll(page, `/${lang}/reference/registry at 390 px`);
    }
    await page.goto('/ar/reference');
    await expectNoSidewaysScroll(page, '/ar/reference at 390 px');
    await keepScreenshot(page, 'test-results/discovery-reference-ar-390.png', { fullPage: false });
    await expectAxeClean(page, { label: 'ar reference at 390 px' });
  });
});
