import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ADMIN_EMAIL, PASSWORD, signUpOrIn, uniqueEmail } from './support/accounts.ts';
import { axeViolations } from './support/axe.ts';
import { updateAccount } from './support/emulator.ts';
import { gotoHydrated } from './support/islands.ts';
import { keepScreenshot } from './support/shot.ts';

// Sign-in, the user menu, logout and the data layer's storage rules, against the real server and
// the shared Firebase Auth emulator (accounts persist there: every test uses its own address).

async function logIn(page: Page, email: string, lang = 'en', fromUrl = `/${lang}/`): Promise<void> {
  await page.goto(`/${lang}/auth/login?fromUrl=${encodeURIComponent(fromUrl)}`);
  await expect(page.getByTestId('email-submit')).toBeEnabled();
  const form = page.getByTestId('email-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId('email-submit').click();
  await page.waitForURL((url) => url.pathname + url.search === fromUrl);
  // Firebase restores the session on the new page before the menu appears; slow on a busy machine.
  await expect(page.getByTestId('user-menu-button')).toBeVisible({ timeout: 15_000 });
}

test.describe('sign-up and login', () => {
  test('email sign-up shows the verification notice and lands on fromUrl', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto(`/en/auth/signup?fromUrl=${encodeURIComponent('/en/?q=upscale')}`);
    await expect(page.locator('h1')).toHaveText('Create your Nodeyard account');
    await page.getByLabel('Display name (optional)').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByTestId('email-submit').click();

    await expect(page.getByTestId('verify-notice')).toContainText(`We sent a verification link to ${email}`);
    await page.getByTestId('verify-continue').click();
    await expect(page).toHaveURL('/en/?q=upscale');
    const menuButton = page.getByTestId('user-menu-button');
    await expect(menuButton).toContainText('Ada Lovelace');
    await expect(menuButton.locator('span[aria-hidden="true"]').first()).toHaveText('A');
    await expect(page.getByTestId('login-link')).toHaveCount(0);
  });

  test('an already used address gets the translated message', async ({ page }) => {
    const email = uniqueEmail('taken');
    await signUpOrIn(email);
    await page.goto('/es/auth/signup');
    await page.getByTestId('email-form').locator('input[name="email"]').fill(email);
    await page.getByTestId('email-form').locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('email-submit').click();
    await expect(page.getByTestId('auth-error')).toHaveText(
      'Ya existe una cuenta con este correo electrónico. Inicia sesión.',
    );
  });

  test('login with fromUrl returns to that page', async ({ page }) => {
    const email = uniqueEmail('login');
    await signUpOrIn(email);
    await logIn(page, email, 'fr', '/fr/?tab=2');
    await expect(page).toHaveURL('/fr/?tab=2');
    // The session survives a reload (Firebase restores it; the marker makes the page load Firebase).
    await page.reload();
    await expect(page.getByTestId('user-menu-button')).toContainText(email);
  });

  test('an account disabled while signed in is signed out on its next page', async ({ page }) => {
    const email = uniqueEmail('disabled');
    const { localId } = await signUpOrIn(email);
    await logIn(page, email);
    await updateAccount(localId, { disableUser: true });
    await page.reload();
    // Firebase restores the cached session first; asking its server then ends it.
    await expect(page.getByTestId('user-menu-button')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  test('login without fromUrl goes to Your Nodes', async ({ page }) => {
    const email = uniqueEmail('default-target');
    await signUpOrIn(email);
    await page.goto('/en/auth/login');
    await page.getByTestId('email-form').locator('input[name="email"]').fill(email);
    await page.getByTestId('email-form').locator('input[name="password"]').fill(PASSWORD);
    await page.getByTestId('email-submit').click();
    await page.waitForURL('**/en/nodes');
  });

  test('a wrong password shows the translated message and stays on the page', async ({ page }) => {
    const email = uniqueEmail('wrong');
    await signUpOrIn(email);
    await page.goto('/fr/auth/login');
    await page.getByTestId('email-form').locator('input[name="email"]').fill(email);
    await page.getByTestId('email-form').locator('input[name="password"]').fill('not-the-password');
    await page.getByTestId('email-submit').click();
    await expect(page.getByTestId('auth-error')).toHaveText(
      /^(Mot de passe incorrect\. Réessayez ou réinitialisez votre mot de passe\.|L’adresse e-mail ou le mot de passe est incorrect\.)$/,
    );
    await expect(page).toHaveURL('/fr/auth/login');
  });

  test('empty fields are reported in the page language', async ({ page }) => {
    await page.goto('/ja/auth/login');
    await expect(page.getByTestId('email-submit')).toBeEnabled();
    await page.getByTestId('email-submit').click();
    await expect(page.getByText('メールアドレスを入力してください。')).toBeVisible();
    await expect(page.getByText('パスワードを入力してください。')).toBeVisible();
  });

  test('password reset answers without revealing whether the account exists', async ({ page }) => {
    await gotoHydrated(page, '/en/auth/login');
    await page.getByTestId('forgot-password').click();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('reset-sent')).toContainText('If an account exists for');
  });

  test('a blocked popup falls back to sign-in by redirect', async ({ page }) => {
    await page.addInitScript(() => {
      // A popup blocker makes window.open return null.
      window.open = () => null;
      // Firebase's popup code first loads Google's iframe helper (gapi) from apis.google.com, which
      // this offline machine cannot reach: a minimal stand-in lets the popup attempt get as far as
      // window.open, where the blocker stops it.
      const iframe = {
        restyle: async () => undefined,
        ping: (done: () => void) => {
          done();
          return Promise.resolve();
        },
        register: () => undefined,
        send: () => undefined,
      };
      (window as unknown as { gapi: unknown }).gapi = {
        load: (_name: string, options: { callback: () => void }) => options.callback(),
        iframes: {
          Iframe: function Iframe() {},
          CROSS_ORIGIN_IFRAMES_FILTER: {},
          getContext: () => ({ open: (_options: unknown, ready: (f: typeof iframe) => unknown) => ready(iframe) }),
        },
      };
    });
    await page.goto(`/en/auth/login?fromUrl=${encodeURIComponent('/en/?from=redirect')}`);
    const loginUrl = page.url();
    await expect(page.getByTestId('google-sign-in')).toBeEnabled();
    await page.getByTestId('google-sign-in').click();
    // The whole page goes to the provider (here the emulator's stand-in for Google) and is sent back
    // to this login page, which still carries the return target.
    await page.waitForURL(/127\.0\.0\.1:9099\/emulator\/auth\/handler/);
    const handler = new URL(page.url());
    expect(handler.searchParams.get('providerId')).toBe('google.com');
    expect(handler.searchParams.get('authType')).toBe('signInViaRedirect');
    expect(handler.searchParams.get('redirectUrl')).toBe(loginUrl);
  });
});

test.describe('user menu', () => {
  test('keyboard: Enter opens on the first item, arrows move, Escape closes and returns focus', async ({ page }) => {
    const email = uniqueEmail('keys');
    await signUpOrIn(email, { displayName: 'Grace Hopper' });
    await logIn(page, email);
    const trigger = page.getByTestId('user-menu-button');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('user-menu-header')).toContainText('Grace Hopper');
    await expect(page.getByTestId('user-menu-header')).toContainText(email);
    await expect(page.getByRole('menuitem', { name: 'Your Nodes' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Your Nodes' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('a non-admin never sees Admin Dashboard and gets 403 from admin endpoints', async ({ page, request }) => {
    const email = uniqueEmail('stranger');
    const account = await signUpOrIn(email);
    // The menu asks GET /users as soon as it knows someone is signed in.
    const users = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users' && r.ok());
    await logIn(page, email);
    await page.getByTestId('user-menu-button').click();
    expect(((await (await users).json()) as { isAdmin: boolean }).isAdmin).toBe(false);
    await expect(page.getByTestId('user-menu-yourNodes')).toHaveAttribute('href', '/en/nodes');
    await expect(page.getByTestId('user-menu-adminDashboard')).toHaveCount(0);
    await expect(page.getByRole('menuitem')).toHaveText(['Your Nodes', 'Account', 'Logout']);

    const auth = { authorization: `Bearer ${account.idToken}` };
    expect((await request.get('/api/users', { headers: auth }).then((r) => r.json())) as object).toMatchObject({
      isAdmin: false,
    });
    expect((await request.get('/api/admin/overview', { headers: auth })).status()).toBe(403);
  });

  test('an admin sees Admin Dashboard', async ({ page, request }) => {
    const account = await signUpOrIn(ADMIN_EMAIL, { verified: true });
    await logIn(page, ADMIN_EMAIL);
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-menu-adminDashboard')).toHaveAttribute('href', '/en/admin');
    const overview = await request.get('/api/admin/overview', {
      headers: { authorization: `Bearer ${account.idToken}` },
    });
    expect(overview.status()).toBe(200);
  });
});

test.describe('logout and storage', () => {
  test('logout clears the query cache, localStorage and sessionStorage', async ({ page }) => {
    const email = uniqueEmail('logout');
    await signUpOrIn(email);
    await logIn(page, email);
    // The menu's GET /users fills the persisted cache; the API client saved the token for fallback.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('registry-cache')), { timeout: 5_000 })
      .toContain('"/users"');
    expect(await page.evaluate(() => sessionStorage.getItem('idToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('nodeyard-signed-in'))).toBeTruthy();

    await gotoHydrated(page, '/en/logout');
    await expect(page.locator('h1')).toHaveText('Logout');
    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('logout-done')).toHaveText('You are logged out.');
    // Longer than the persister's 1 s throttle: nothing may be written back.
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    await expect(page.getByTestId('login-link')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('login-link')).toBeVisible();
    await expect(page.getByTestId('user-menu-button')).toHaveCount(0);
  });

  test('the logout page says "Logging out..." while it works', async ({ page }) => {
    const email = uniqueEmail('logout-slow');
    await signUpOrIn(email);
    await logIn(page, email);
    await gotoHydrated(page, '/en/logout');
    // Sign-out is quick and local: record every text the button shows instead of racing it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { logoutTexts: string[] }).logoutTexts = seen;
      new MutationObserver(() => {
        const button = document.querySelector('[data-testid="logout-button"]');
        if (button) seen.push(`${button.textContent}|${(button as HTMLButtonElement).disabled}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('logout-done')).toBeVisible();
    const texts = await page.evaluate(() => (window as unknown as { logoutTexts: string[] }).logoutTexts);
    expect(texts).toContain('Logging out...|true');
  });
});

test.describe('page weight', () => {
  test('anonymous visitors of the home page download no Firebase code', async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
      }
    });
    await page.goto('/en/');
    await expect(page.getByTestId('login-link')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const firebase = scripts.filter((s) => /firebase/i.test(s.url) || s.body.includes('identitytoolkit'));
    expect(firebase.map((s) => s.url)).toEqual([]);
  });

  test('a signed-in visitor does load it (the check above can fail)', async ({ page }) => {
    const email = uniqueEmail('weight');
    await signUpOrIn(email);
    await logIn(page, email);
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') bodies.push(await response.text().catch(() => ''));
    });
    await page.goto('/en/');
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    expect(bodies.some((body) => body.includes('identitytoolkit'))).toBe(true);
  });
});

test.describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`login (with an error) and signup pass axe in ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/ar/auth/login');
      await expect(page.getByTestId('email-submit')).toBeEnabled();
      await page.getByTestId('email-submit').click();
      await expect(page.getByText('أدخل كلمة المرور.')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/en/auth/signup');
      await expect(page.getByTestId('email-submit')).toBeEnabled();
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`the open user menu and the logout page pass axe in ${scheme}`, async ({ page }) => {
      // Axe runs take a while on a busy machine.
      test.setTimeout(60_000);
      await page.emulateMedia({ colorScheme: scheme });
      const email = uniqueEmail(`axe-${scheme}`);
      await signUpOrIn(email);
      await logIn(page, email);
      await page.getByTestId('user-menu-button').click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/en/logout');
      await expect(page.getByTestId('user-menu-button')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('screenshots', () => {
  for (const lang of ['en', 'ar', 'zh']) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`auth pages and menu, ${lang} ${scheme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/${lang}/auth/login`);
        await expect(page.getByTestId('email-submit')).toBeEnabled();
        await keepScreenshot(page, `test-results/auth-login-${lang}-${scheme}.png`, { fullPage: true });
        await page.goto(`/${lang}/auth/signup`);
        await expect(page.getByTestId('email-submit')).toBeEnabled();
        await keepScreenshot(page, `test-results/auth-signup-${lang}-${scheme}.png`, { fullPage: true });

        const email = uniqueEmail(`shot-${lang}`);
        await signUpOrIn(email, { displayName: 'Zoë Example' });
        await logIn(page, email, lang);
        await page.getByTestId('user-menu-button').click();
        await expect(page.getByRole('menuitem').first()).toBeVisible();
        await keepScreenshot(page, `test-results/auth-menu-${lang}-${scheme}.png`);
        await page.goto(`/${lang}/logout`);
        await keepScreenshot(page, `test-results/auth-logout-${lang}-${scheme}.png`);
      });
    }
  }
});
