import http from 'node:http';
import { type Page, type Route } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { contentSecurityPolicy } from '../../src/server/http/security-headers.ts';
import { SITE_PORT } from './support/ports.ts';
import { gotoHydrated } from './support/islands.ts';

// A script that gets into a page (a sanitizer bug, a tampering proxy) must not run: the page CSP
// allows only the inline scripts we ship. And links that crawlers and previews keep (canonical,
// OpenGraph) point at our configured origin, whatever Host header a request carried.

const NODE_PAGE = '/en/nodes/demo-upscale-tools';
const INJECTED = '<script>window.injectedRan = true</script>';
// The sign-in settings the test server runs with (playwright.config.ts): the CSP's connect-src.
const FIREBASE_ENV = {
  FIREBASE_PROJECT_ID: 'demo-nodeyard',
  FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099',
};

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

async function expectBlockedButOwnScriptsRan(page: Page) {
  await gotoHydrated(page, NODE_PAGE);
  expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect(violations).toEqual([expect.stringMatching(/^script-src(-elem)? inline$/)]);
  // The theme bootstrap (an inline script of ours) ran: only it sets the color scheme this early.
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toMatch(/^(light|dark)$/);
}

/** The page as the server sent it, minus what the fixture must recompute. */
async function originalPage(route: Route) {
  const original = await route.fetch();
  const headers = { ...original.headers() };
  delete headers['content-length'];
  delete headers['content-encoding'];
  return { html: await original.text(), headers, status: original.status() };
}

const scriptSources = (csp: string) =>
  new Set(
    csp
      .split('; ')
      .find((directive) => directive.startsWith('script-src '))!
      .split(' ')
      .slice(1),
  );

test('a script injected into the HTML before the policy is made is not allowed by it', async ({ page }) => {
  await recordViolations(page);
  await page.route(`**${NODE_PAGE}`, async (route) => {
    // Server-side injection: the HTML already carries the script when the policy is computed. The
    // server's own header is kept, plus whatever script sources the policy function derives from
    // the injected HTML beyond the original's (none, when it allows only the scripts we ship; its
    // own list is compared in this process, where Function#toString may differ from the build's).
    const { html, headers, status } = await originalPage(route);
    const injected = html.replace('</head>', `${INJECTED}</head>`);
    const before = scriptSources(contentSecurityPolicy(html, FIREBASE_ENV));
    const added = [...scriptSources(contentSecurityPolicy(injected, FIREBASE_ENV))].filter((s) => !before.has(s));
    const csp = headers['content-security-policy']!.replace(/script-src [^;]*/, (directive) =>
      [directive, ...added].join(' '),
    );
    await route.fulfill({ status, headers: { ...headers, 'content-security-policy': csp }, body: injected });
  });
  await expectBlockedButOwnScriptsRan(page);
});

test('a script added to the page on its way (server CSP header kept) is blocked', async ({ page }) => {
  await recordViolations(page);
  await page.route(`**${NODE_PAGE}`, async (route) => {
    const { html, headers, status } = await originalPage(route);
    expect(headers['content-security-policy']).toBeTruthy();
    await route.fulfill({ status, headers, body: html.replace('</head>', `${INJECTED}</head>`) });
  });
  await expectBlockedButOwnScriptsRan(page);
});

/** GET with a forged Host header (fetch and Playwright's request context do not let one be set). */
function getWithHost(path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: SITE_PORT, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
  });
}

test('canonical and OpenGraph URLs use the configured origin, not the Host header', async () => {
  const origin = `http://127.0.0.1:${SITE_PORT}`;
  for (const path of [NODE_PAGE, '/en/']) {
    const html = await getWithHost(path, 'evil.example');
    expect(html).toContain(`<link rel="canonical" href="${origin}${path === '/en/' ? '/en/' : path}"`);
    expect(html).not.toContain('evil.example');
  }
  const node = await getWithHost(NODE_PAGE, 'evil.example');
  expect(node).toContain(`<meta property="og:url" content="${origin}${NODE_PAGE}"`);
});

test('a page answered through a rewrite (a missing pack) has the policy made for its own HTML', async ({ page }) => {
  // The 404 page is rendered inside the node page's request (Astro's rewrite runs the middleware again);
  // the outer run alone finalizes the answer, so the one policy must still cover this HTML's scripts.
  await recordViolations(page);
  const response = await page.goto('/ja/nodes/no-such-pack-for-csp');
  expect(response?.status()).toBe(404);
  expect(await response?.headerValue('content-security-policy')).toMatch(/script-src [^;]*'sha256-/);
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toMatch(/^(light|dark)$/);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
