import { accessSync, constants } from 'node:fs';

// Which Chromium the browser tests drive. Debian's packages come first where they are installed (CI
// installs them), and of those the headless shell first: the full browser in headless mode also runs
// its compositor and rasterizes through a software GPU, and costs about 1.4× the CPU for the same page
// visits (bench/browser-cpu.ts). A fresh machine without them uses the headless shell shipped inside
// the @sparticuz/chromium npm package, so `npm install && npm test` needs no other step: Playwright's
// own browser download is not reachable from these machines.

/** Where a system Chromium is looked for, in order: Debian's headless shell, then the full browser. */
export const SYSTEM_CHROMIUM = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
];

export interface ResolvedChromium {
  path: string;
  /** `env`: CHROMIUM_PATH; `system`: a system package; `bundled`: the one inside @sparticuz/chromium. */
  source: 'env' | 'system' | 'bundled';
}

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * CHROMIUM_PATH when set; else the first executable system candidate, unless E2E_BUNDLED_CHROMIUM=1
 * asks for the bundled one (to try the fallback on a machine that has Debian's); else the bundled
 * one, unpacked on first use (into the OS temp dir, a few seconds once per machine).
 */
export async function resolveChromium(
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = SYSTEM_CHROMIUM,
): Promise<ResolvedChromium> {
  const explicit = env['CHROMIUM_PATH'];
  if (explicit) return { path: explicit, source: 'env' };
  if (env['E2E_BUNDLED_CHROMIUM'] !== '1') {
    const found = candidates.find(isExecutable);
    if (found) return { path: found, source: 'system' };
  }
  const { default: bundled } = await import('@sparticuz/chromium');
  return { path: await bundled.executablePath(), source: 'bundled' };
}
