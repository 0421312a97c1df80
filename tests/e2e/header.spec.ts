import { expect, test } from './support/test.ts';

test.describe('header', () => {
  test('shows the brand, auth buttons with fromUrl, docs and community links', async ({ page }) => {
    await page.goto('/en/?q=upscale');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Nodeyard home' })).toHaveAttribute('href', '/en/');
    await expect(page).toHaveTitle(/Nodeyard/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Discover and install ComfyUI custom nodes.',
    );
    await expect(page.getByTestId('login-link')).toHaveAttribute(
      'href',
      '/en/auth/login?fromUrl=%2Fen%2F%3Fq%3Dupscale',
    );
    await expect(page.getByTestId('signup-link')).toHaveAttribute(
      'href',
      '/en/auth/signup?fromUrl=%2Fen%2F%3Fq%3Dupscale',
    );
    await expect(page.getByTestId('docs-link')).toHaveAttribute('href', 'https://docs.comfy.org/registry/overview');
    await expect(page.getByTestId('community-link')).toHaveAttribute('href', '/discord');
    await expect(page.locator('[data-slot="user-menu"]')).toBeVisible();
  });

  test('login returns a page that the header links to with the current path', async ({ page }) => {
    await page.goto('/fr/');
    await page.getByTestId('login-link').click();
    await expect(page).toHaveURL('/fr/auth/login?fromUrl=%2Ffr%2F');
  });

  test('Documentation points at the Chinese docs for zh', async ({ page }) => {
    await page.goto('/zh/');
    await expect(page.getByTestId('docs-link')).toHaveAttribute('href', 'https://docs.comfy.org/zh-CN');
    await expect(page.getByTestId('docs-link')).toContainText('文档');
  });

  test('/discord redirects to the community invite', async ({ request }) => {
    const response = await request.get('/discord', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('https://discord.gg/comfyorg');
  });

  for (const path of ['/en/auth/login', '/en/auth/signup', '/ar/auth/login?fromUrl=%2Far%2F']) {
    test(`is absent on ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('header')).toHaveCount(0);
    });
  }
});

test.describe('routing', () => {
  test('/ redirects by Accept-Language', async ({ request }) => {
    const response = await request.get('/', {
      headers: { 'Accept-Language': 'de-DE,ko;q=0.8,en;q=0.5' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('/ko/');
  });

  test('/ falls back to English', async ({ request }) => {
    const response = await request.get('/', { headers: { 'Accept-Language': 'pt-BR' }, maxRedirects: 0 });
    expect(response.headers()['location']).toBe('/en/');
  });

  test('unknown pages get a localized 404', async ({ page }) => {
    const response = await page.goto('/ja/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.locator('h1')).toHaveText('ページが見つかりません');
    await expect(page.locator('header')).toBeVisible();
  });

  test('an unknown language prefix is a 404 in the negotiated language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    const response = await page.goto('/xx/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await context.close();
  });
});
