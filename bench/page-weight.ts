/**
 * JavaScript weight of pages, as Chromium downloads them: `npx node bench/page-weight.ts [--base URL] [path …]`.
 *
 * Opens each path (default `/en/`) in a fresh, anonymous browser context against a running site
 * (default http://127.0.0.1:4321, e.g. `npm start`), waits for the network to go idle (so
 * `client:idle`/`client:visible` islands count too) and prints, per page, the script files with
 * their bytes on the wire, their raw size and their gzip size (level 6, what a compressing proxy
 * would send when the server itself does not compress), plus whether any script contains Firebase.
 * Numbers, not assertions.
 *
 * `--sign-in EMAIL` measures the pages as that account instead (signed up, verified, through the Firebase
 * Auth emulator, then signed in with the login form): for the signed-in pages (account, your nodes, admin
 * when the server lists EMAIL in ADMIN_EMAILS). Scripts load with the browser cache off, so every page
 * counts in full.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { PASSWORD, signUpOrIn } from '../tests/e2e/support/accounts.ts';

interface ScriptEntry {
  url: string;
  transferred: number;
  raw: number;
  gzip: number;
  firebase: boolean;
}

const args = process.argv.slice(2);
/** The value after `--name`, removed from `args` with it. */
function option(name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  return args.splice(index, 2)[1];
}
const base = option('--base') ?? 'http://127.0.0.1:4321';
const signInEmail = option('--sign-in');
const paths = args;
if (paths.length === 0) paths.push('/en/');

// Strings only the Firebase SDK carries (package names and its API host).
const FIREBASE_MARKERS = ['@firebase/', 'identitytoolkit.googleapis.com', 'firebaseapp.com'];

/** Signs EMAIL in through the site's login form, so the context holds a Firebase session. */
async function signIn(context: BrowserContext, email: string): Promise<void> {
  await signUpOrIn(email, { verified: true });
  const page = await context.newPage();
  await page.goto(new URL('/en/auth/login?fromUrl=%2Fen%2Faccount', base).href);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/en\/account$/, { timeout: 60_000 });
  await page.close();
}

async function measure(context: BrowserContext, path: string): Promise<ScriptEntry[]> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Map<string, { url: string }>();
    const finished = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url });
    });
    cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, event.encodedDataLength));
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
    const entries: ScriptEntry[] = [];
    for (const [requestId, { url }] of scripts) {
      // Scripts of a page that redirected away (e.g. a signed-in page sending a visitor to login)
      // are gone from the browser's buffer: count what the final page loaded.
      const response = await cdp.send('Network.getResponseBody', { requestId }).catch(() => undefined);
      if (!response) continue;
      const { body, base64Encoded } = response;
      const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
      const text = bytes.toString('utf8');
      entries.push({
        url: url.replace(base, ''),
        transferred: finished.get(requestId) ?? 0,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 6 }).length,
        firebase: FIREBASE_MARKERS.some((marker) => text.includes(marker)),
      });
    }
    return entries.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await page.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
// Anonymous: a fresh context per page (nothing carried over); signed in: one context, one session.
const shared = signInEmail ? await browser.newContext() : undefined;
if (shared && signInEmail) await signIn(shared, signInEmail);
for (const path of paths) {
  const context = shared ?? (await browser.newContext());
  const entries = await measure(context, path);
  if (!shared) await context.close();
  const sum = (key: 'transferred' | 'raw' | 'gzip') => entries.reduce((total, entry) => total + entry[key], 0);
  console.log(`\n${path}: ${entries.length} scripts`);
  for (const entry of entries) {
    console.log(
      `  ${kb(entry.gzip).padStart(9)} gzip  ${kb(entry.raw).padStart(9)} raw  ${kb(entry.transferred).padStart(9)} wire  ${entry.url}${entry.firebase ? '  [firebase]' : ''}`,
    );
  }
  console.log(
    `  total: ${kb(sum('gzip'))} gzip (${sum('gzip')} bytes), ${kb(sum('raw'))} raw, ${kb(sum('transferred'))} on the wire; ` +
      `Firebase code: ${entries.some((entry) => entry.firebase) ? 'YES' : 'none'}`,
  );
}
await browser.close();
