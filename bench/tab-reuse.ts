/**
 * What a browser test's first page costs Chromium, by how the test gets its tab:
 * `npm run bench:tab-reuse -- [--base URL] [--rounds N] [executable]`.
 *
 * Against a running site (default http://127.0.0.1:4321, e.g. `npm start`), visits a fixed set of pages
 * N times each way and prints the CPU seconds of the browser's whole process tree per visit:
 *   fresh       a new context and page per visit (Playwright's default for every test);
 *   shared tab  one tab, reset between visits as the specs' fixture does (tests/e2e/support/shared-tab.ts:
 *               to /robots.txt, cookies and storage cleared, viewport and media restored; HTTP cache kept);
 *   same tab    one tab, nothing reset: the floor, what a navigation inside a test costs.
 * Numbers, not assertions: compare the rows of one run on a machine doing nothing else.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { openTab, resetTab } from '../tests/e2e/support/shared-tab.ts';
import { descendantsCpuSeconds } from './lib/process-cpu.ts';

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const index = args.indexOf(name);
  return index < 0 ? undefined : args.splice(index, 2)[1];
}
const base = option('--base') ?? 'http://127.0.0.1:4321';
const rounds = Number(option('--rounds') ?? 3);
const executablePath = args[0] ?? (await import('@sparticuz/chromium')).default.executablePath();
if (!existsSync(await executablePath)) throw new Error(`no browser at ${await executablePath}`);
const PAGES = ['/en/', '/ar/', '/en/?q=mask', '/en/auth/login', '/ja/', '/en/resolve', '/zh/auth/signup'];
const VIEWPORT = { width: 1280, height: 720 };

type Visit = (browser: Browser) => Promise<(path: string) => Promise<void>>;
const WAYS: Record<string, Visit> = {
  fresh: async (browser) => async (path) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await context.close();
  },
  'shared tab': async (browser) => {
    const tab = await openTab(browser, '');
    await tab.page.setViewportSize(VIEWPORT);
    return async (path) => {
      await resetTab(tab, { baseURL: base, viewport: VIEWPORT });
      await tab.page.goto(base + path);
      await tab.page.waitForLoadState('networkidle');
    };
  },
  'same tab': async (browser) => {
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    return async (path) => {
      await page.goto(base + path);
      await page.waitForLoadState('networkidle');
    };
  },
};

console.log(`${rounds} rounds × ${PAGES.length} pages against ${base}\n`);
console.log('browser CPU s per visit  wall s  way');
for (const [name, way] of Object.entries(WAYS)) {
  const browser = await chromium.launch({
    executablePath: await executablePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const visit = await way(browser);
  await visit(PAGES[0]!); // warm-up: the browser's own start is not a visit
  const before = descendantsCpuSeconds(process.pid);
  const started = Date.now();
  for (let round = 0; round < rounds; round++) for (const path of PAGES) await visit(path);
  const perVisit = (descendantsCpuSeconds(process.pid) - before) / (rounds * PAGES.length);
  console.log(
    `${perVisit.toFixed(3).padStart(23)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}  ${name}`,
  );
  await browser.close();
}
