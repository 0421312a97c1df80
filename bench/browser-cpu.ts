/**
 * CPU the browser spends on the browser tests' kind of work, per Chromium build and flags:
 * `npm run bench:browser-cpu -- [--base URL] [--rounds N] [--trace] [executable …]`.
 *
 * For each executable (default: every candidate of scripts/lib/chromium-path.ts that is installed,
 * plus the headless shell inside @sparticuz/chromium), launches it as the Playwright config does,
 * then visits a fixed set of pages of a running site (default http://127.0.0.1:4321, e.g. `npm start`)
 * N times, each in a fresh context, with a full-page screenshot, and runs axe (as the specs do) on the first round.
 * Prints the CPU seconds of the browser's whole process tree (read from /proc, so Linux only) and of
 * this process (Playwright's side of the protocol). `--trace` records a Playwright trace per context,
 * as `trace: 'retain-on-failure'` did for every test. Numbers, not assertions: compare the rows of one
 * run, on a machine doing nothing else.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { SYSTEM_CHROMIUM } from '../scripts/lib/chromium-path.ts';
import { axeViolations } from '../tests/e2e/support/axe.ts';
import { descendantsCpuSeconds } from './lib/process-cpu.ts';

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const index = args.indexOf(name);
  return index < 0 ? undefined : args.splice(index, 2)[1];
}
function flag(name: string): boolean {
  const index = args.indexOf(name);
  if (index >= 0) args.splice(index, 1);
  return index >= 0;
}
const base = option('--base') ?? 'http://127.0.0.1:4321';
const rounds = Number(option('--rounds') ?? 3);
const trace = flag('--trace');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PAGES = ['/en/', '/ar/', '/en/?q=mask', '/en/auth/login', '/ja/', '/en/resolve', '/zh/auth/signup'];

async function measure(executablePath: string) {
  const before = descendantsCpuSeconds(process.pid);
  const ownBefore = process.cpuUsage();
  const started = Date.now();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  for (let round = 0; round < rounds; round++) {
    for (const path of PAGES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      if (trace) await context.tracing.start({ screenshots: true, snapshots: true });
      const page = await context.newPage();
      await page.goto(base + path);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ fullPage: true });
      // The specs' own axe runner (tests/e2e/support/axe.ts), every rule.
      if (round === 0) await axeViolations(page, { tags: 'all' });
      if (trace) await context.tracing.stop();
      await context.close();
    }
  }
  const browserCpu = descendantsCpuSeconds(process.pid) - before;
  await browser.close();
  const own = process.cpuUsage(ownBefore);
  return {
    browserCpu,
    playwrightCpu: (own.user + own.system) / 1e6,
    wall: (Date.now() - started) / 1000,
  };
}

const executables = args.length > 0 ? args : SYSTEM_CHROMIUM.filter((path) => existsSync(path));
if (args.length === 0) {
  const { default: bundled } = await import('@sparticuz/chromium');
  executables.push(await bundled.executablePath());
}
console.log(`${rounds} rounds × ${PAGES.length} pages against ${base}${trace ? ', tracing' : ''}\n`);
console.log('browser CPU s  Playwright CPU s  wall s  executable');
for (const executable of executables) {
  const { browserCpu, playwrightCpu, wall } = await measure(executable);
  console.log(
    `${browserCpu.toFixed(1).padStart(13)}  ${playwrightCpu.toFixed(1).padStart(16)}  ${wall.toFixed(1).padStart(6)}  ${executable}`,
  );
}
