import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { PASSWORD, signUpOrIn, uniqueEmail } from './support/accounts.ts';
import { gotoHydrated } from './support/islands.ts';
import { FAKE_POSTHOG_PORT } from './support/ports.ts';
import { startFakePosthog, type CapturedEvent, type FakePosthog } from '#test/fake-posthog.ts';

// Production analytics against a local fake of PostHog's ingestion API. The test server runs with
// POSTHOG_KEY/POSTHOG_HOST set (playwright.config.ts): the configured key and host are what turn the
// provider on. Checks: no SDK and no request for anonymous visitors; identify (uid, email, name) and
// the "Sign In" event on sign-in; "Sign Out" and a reset identity on sign-out.

// One fake on one port: the tests of this file run one after the other.
test.describe.configure({ mode: 'serial' });
// PostHog drops events from browsers that look like bots ("HeadlessChrome" in the user agent or in
// navigator.userAgentData's brands, as the headless shell says; navigator.webdriver): this one says it
// is the desktop Chrome a visitor would use.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
});
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
    const brands = [
      { brand: 'Chromium', version: '140' },
      { brand: 'Google Chrome', version: '140' },
    ];
    const uaData = {
      brands,
      mobile: false,
      platform: 'Linux',
      getHighEntropyValues: async () => ({ brands, mobile: false, platform: 'Linux' }),
      toJSON: () => ({ brands, mobile: false, platform: 'Linux' }),
    };
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => uaData });
  });
});

let fake: FakePosthog;
test.beforeAll(async () => {
  fake = await startFakePosthog(FAKE_POSTHOG_PORT);
});
test.afterAll(async () => fake.close());

const eventsOf = (uid: string, name: string) => () =>
  fake.events.filter((event: CapturedEvent) => event.distinct_id === uid && event.event === name);

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto(`/en/auth/login?fromUrl=${encodeURIComponent('/en/')}`);
  await expect(page.getByTestId('email-submit')).toBeEnabled();
  const form = page.getByTestId('email-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId('email-submit').click();
  await page.waitForURL((url) => url.pathname === '/en/');
  await expect(page.getByTestId('user-menu-button')).toBeVisible({ timeout: 15_000 });
}

test('anonymous public pages load no analytics at all', async ({ page }) => {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  await gotoHydrated(page, '/en/');
  await gotoHydrated(page, '/en/nodes/demo-upscale-tools');
  await page.waitForTimeout(1_000);
  expect(seen.filter((url) => url.startsWith(fake.url))).toEqual([]);
  expect(seen.filter((url) => /posthog|module\.slim/i.test(url))).toEqual([]);
});

test('sign-in identifies the user and reports the sign-in; sign-out reports it and resets the identity', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const ada = uniqueEmail('analytics-ada');
  const { localId: adaId } = await signUpOrIn(ada, { displayName: 'Ada Lovelace' });
  await logIn(page, ada);

  // Nothing is kept in browser storage (memory persistence), so a known user is identified on every page:
  // the login page and the page it returns to.
  await expect
    .poll(() => eventsOf(adaId, '$identify')().length, {
      timeout: 10_000,
      message: `requests: ${fake.requests.join('\n')}`,
    })
    .toBeGreaterThan(0);
  const [identify] = eventsOf(adaId, '$identify')();
  expect(identify?.$set).toMatchObject({ email: ada, name: 'Ada Lovelace' });
  await expect.poll(eventsOf(adaId, 'Sign In'), { timeout: 10_000 }).toHaveLength(1);
  expect(eventsOf(adaId, 'Sign In')()[0]?.properties).toMatchObject({ provider: 'password', token: 'e2e-posthog-key' });
  // Profile fields beside the identity.
  await expect
    .poll(() => fake.events.some((e) => e.distinct_id === adaId && e.$set?.['email_verified'] === false))
    .toBe(true);

  await gotoHydrated(page, '/en/logout');
  await page.getByTestId('logout-button').click();
  await expect(page.getByTestId('logout-done')).toBeVisible();
  await expect.poll(eventsOf(adaId, 'Sign Out'), { timeout: 10_000 }).toHaveLength(1);
  // The storage the SDK keeps its identity in is emptied with the rest.
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // The next person on this browser starts from a fresh anonymous id, never merged with Ada.
  const grace = uniqueEmail('analytics-grace');
  const { localId: graceId } = await signUpOrIn(grace);
  await logIn(page, grace);
  await expect.poll(() => eventsOf(graceId, '$identify')().length, { timeout: 10_000 }).toBeGreaterThan(0);
  const [graceIdentify] = eventsOf(graceId, '$identify')();
  expect(graceIdentify?.properties['$anon_distinct_id']).toBeTruthy();
  expect(graceIdentify?.properties['$anon_distinct_id']).not.toBe(adaId);
  expect(fake.events.filter((e) => e.distinct_id === adaId && e.event !== 'Sign Out').length).toBeGreaterThan(0);
  expect(fake.events.some((e) => e.distinct_id === adaId && e.properties['$anon_distinct_id'] === graceId)).toBe(false);
});
