import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAxeClean } from './support/axe.ts';

// The home page's search against the 24 seeded "(demo)" packs of publisher nodeyard-demo.

const cards = (page: Page) => page.getByTestId('search-results').getByTestId('node-card');
/** The "N packs found" number. Other specs publish packs into the same server, so pages hold what is left. */
async function resultTotal(page: Page): Promise<number> {
  const total = Number(/\d+/.exec((await page.getByTestId('search-count').textContent()) ?? '')?.[0]);
  expect(total).toBeGreaterThan(20);
  return total;
}
const firstCardName = (page: Page) => cards(page).first().getByRole('heading');

async function waitForIsland(page: Page) {
  await expect(page.getByTestId('search-app')).toHaveAttribute('data-hydrated', 'true');
}

test.describe('server-rendered HTML', () => {
  test('contains the first results, facets and count for a query', async ({ request }) => {
    const response = await request.get('/en/?q=mask');
    expect(response.status()).toBe(200);
    // Sent compressed (the server's own compression: no proxy in front here).
    expect(response.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    const html = await response.text();
    expect(html).toContain('data-testid="node-card"');
    expect(html).toContain('Mask Kit (demo)');
    expect(html).toMatch(/\d+ packs found/);
    expect(html).toContain('data-facet="tags"');
    expect(html).toContain('<mark');
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
  });

  test('the bare home page shows popular and recently updated packs', async ({ request }) => {
    const html = await (await request.get('/en/')).text();
    expect(html).toContain('data-testid="home-popular"');
    expect(html).toContain('data-testid="home-recently-updated"');
    expect(html).toContain('(demo)');
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1');
    expect(html).not.toContain('name="robots"');
  });

  test('a query with no match says so and offers popular packs', async ({ request }) => {
    const html = await (await request.get('/en/?q=qqqqzzzzxxxx')).text();
    expect(html).toContain('data-testid="search-no-results"');
    expect(html).toContain('No packs match “qqqqzzzzxxxx”.');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('searching, filtering, sorting and paging work through links and the form', async ({ page }) => {
    await page.goto('/en/');
    await page.getByRole('searchbox', { name: 'Search node packs' }).or(page.getByTestId('search-input')).fill('image');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/\?q=image$/);
    await expect(cards(page).first()).toBeVisible();

    await page.locator('[data-facet="tags"] [data-facet-value="mask"]').click();
    await expect(page).toHaveURL(/q=image&tags=mask/);
    // Other specs publish packs into the same server, so check what the filter means, not a fixed list.
    for (const card of await cards(page).all()) await expect(card).toContainText('mask');

    await page.getByTestId('search-sort').selectOption('stars');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/q=image&tags=mask&sort=stars/);

    await page.goto('/en/?sort=downloads');
    await expect(cards(page)).toHaveCount(20);
    const total = await resultTotal(page);
    await page.getByTestId('search-pagination').getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/sort=downloads&page=2/);
    await expect(cards(page)).toHaveCount(Math.min(20, total - 20));
  });
});

test.describe('with JavaScript', () => {
  test('hydrates without console errors (no hydration mismatch)', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/ar/?q=mask&tags=image&sort=stars');
    await waitForIsland(page);
    await page.getByTestId('search-input').fill('upscale');
    await expect(firstCardName(page)).toHaveText('Upscale Tools (demo)');
    expect(errors).toEqual([]);
  });

  test('typing a name with typos finds the right pack, and the URL follows', async ({ page }) => {
    await page.goto('/en/');
    await waitForIsland(page);
    const searched = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/nodes/search'));
    await page.getByTestId('search-input').pressSequentially('colr mach', { delay: 30 });
    await expect(firstCardName(page)).toHaveText('Color Match (demo)');
    // The API lets clients keep a search answer for 30 s; the site's own asks the server first
    // (fetch's no-cache mode), so a pack published or banned a moment ago is found, or gone, at once.
    expect((await (await searched).allHeaders())['cache-control']).toBe('max-age=0');
    await expect(page).toHaveURL(/\/en\/\?q=colr\+mach$/);
    await expect(page.getByTestId('search-count')).toContainText(/\d+ packs? found/);
  });

  test('a node class name finds its pack and shows the matched class', async ({ page }) => {
    await page.goto('/en/');
    await waitForIsland(page);
    await page.getByTestId('search-input').fill('DemoSeamBlend');
    await expect(firstCardName(page)).toHaveText('Upscale Tools (demo)');
    await expect(cards(page).first().getByTestId('card-classes')).toContainText('DemoSeamBlend');
  });

  test('filter and sort update the URL; Back and Forward restore each state', async ({ page }) => {
    await page.goto('/en/?q=image');
    await waitForIsland(page);
    const total = await page.getByTestId('search-count').textContent();

    const maskFilter = page.locator('[data-facet="tags"] [data-facet-value="mask"]');
    await maskFilter.click();
    await expect(page).toHaveURL(/\?q=image&tags=mask$/);
    await expect(maskFilter).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('search-count')).not.toHaveText(total ?? '');

    await page.getByTestId('search-sort').selectOption('stars');
    await expect(page).toHaveURL(/\?q=image&tags=mask&sort=stars$/);

    await page.goBack();
    await expect(page).toHaveURL(/\?q=image&tags=mask$/);
    await expect(page.getByTestId('search-sort')).toHaveValue('relevance');
    await expect(maskFilter).toHaveAttribute('aria-checked', 'true');

    await page.goBack();
    await expect(page).toHaveURL(/\?q=image$/);
    await expect(maskFilter).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('search-count')).toHaveText(total ?? '');
    await expect(page.getByTestId('search-input')).toHaveValue('image');

    await page.goForward();
    await expect(page).toHaveURL(/\?q=image&tags=mask$/);
    await expect(maskFilter).toHaveAttribute('aria-checked', 'true');
  });

  test('pagination links update the results in place', async ({ page }) => {
    await page.goto('/en/?sort=downloads');
    await waitForIsland(page);
    await expect(cards(page)).toHaveCount(20);
    const total = await resultTotal(page);
    await page.getByTestId('search-pagination').getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/sort=downloads&page=2$/);
    await expect(cards(page)).toHaveCount(Math.min(20, total - 20));
    await page.goBack();
    await expect(cards(page)).toHaveCount(20);
  });

  test('keyboard: ↓ and Enter on a suggestion', async ({ page }) => {
    await page.goto('/en/');
    await waitForIsland(page);
    const input = page.getByTestId('search-input');
    await input.focus();
    await input.pressSequentially('mask', { delay: 30 });
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const first = listbox.getByRole('option').first();
    await expect(first).toHaveAttribute('data-kind', /node|class|query/);
    const kind = await first.getAttribute('data-kind');
    const text = (await first.locator('span').first().textContent()) ?? '';

    await input.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', 'search-option-0');
    await input.press('Enter');
    if (kind === 'node') await expect(page).toHaveURL(/\/en\/nodes\/demo-/);
    else await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
  });

  test('Escape closes the suggestions; the mouse can pick one', async ({ page }) => {
    await page.goto('/en/');
    await waitForIsland(page);
    const input = page.getByTestId('search-input');
    await input.pressSequentially('DemoMask', { delay: 30 });
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await input.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await input.press('ArrowDown');
    await expect(listbox).toBeVisible();
    const option = listbox.locator('[data-kind="class"]').first();
    const className = (await option.locator('span').first().textContent()) ?? '';
    await option.click();
    await expect(input).toHaveValue(className);
    await expect(page).toHaveURL(new RegExp(`q=${className}`));
  });

  test('recent searches are kept, shown on an empty focused box, and cleared', async ({ page }) => {
    await page.goto('/en/');
    await waitForIsland(page);
    const input = page.getByTestId('search-input');
    await input.fill('lora');
    await input.press('Enter');
    await expect(page).toHaveURL(/q=lora/);
    await input.fill('');
    // Clearing the box updates the URL after the typing pause; reloading earlier would bring "lora" back.
    await expect(page).not.toHaveURL(/q=lora/);
    await page.getByRole('heading', { level: 1 }).click();
    await input.focus();
    const listbox = page.getByRole('listbox');
    await expect(listbox.locator('[data-kind="recent"]')).toHaveText(['lora']);
    await page.reload();
    await waitForIsland(page);
    await page.getByTestId('search-input').focus();
    await expect(page.getByRole('listbox').locator('[data-kind="recent"]')).toHaveText(['lora']);
    await page.getByRole('listbox').locator('[data-kind="clear"]').click();
    await expect(page.getByRole('listbox')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('nodeyard-recent-searches'))).toBeNull();
  });

  test('no results: a clear message with suggestions, and a way back', async ({ page }) => {
    await page.goto('/en/');
    await waitForIsland(page);
    await page.getByTestId('search-input').fill('maskzzqqy');
    await expect(page.getByTestId('search-no-results')).toContainText('No packs match “maskzzqqy”.');
    await expect(page.getByTestId('search-did-you-mean').getByRole('link').first()).toBeVisible();
    await page.getByTestId('search-input').fill('');
    await expect(page.getByTestId('home-popular')).toBeVisible();
  });
});

for (const scheme of ['light', 'dark'] as const) {
  for (const path of ['/en/', '/en/?q=mask&tags=image', '/ar/?q=qqqqzzzzxxxx']) {
    test(`${path} passes axe in ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await waitForIsland(page);
      await expectAxeClean(page);
    });
  }
}

test('the open suggestion list passes axe', async ({ page }) => {
  await page.goto('/en/');
  await waitForIsland(page);
  await page.getByTestId('search-input').pressSequentially('mask', { delay: 30 });
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.getByTestId('search-input').press('ArrowDown');
  await expectAxeClean(page, { tags: 'all' });
});
