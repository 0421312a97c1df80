import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

// Which Chromium the browser tests drive. The headless shell inside the @sparticuz/chromium npm package
// comes first: `npm install` brings it (Playwright's own browser download is not reachable from these
// machines), and it is the cheapest browser measured here. The whole browser suite on this 2-core
// machine, back to back: 753 core-seconds with it against 933 with Debian's headless shell
// (426 s against 498 s of wall time) — Debian builds Chromium without Google's profile-guided
// optimisation, and its package is older. Debian's packages stay as the fallback for a machine where
// the packaged one cannot start (it needs libnss3), and of those the headless shell first: the full
// browser in headless mode also runs its compositor and rasterizes through a software GPU, ≈ 1.3× the
// CPU for the same page visits (bench/browser-cpu.ts compares them all).

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

/** The packaged headless shell, unpacked on first use (into the OS temp dir, a few seconds once per machine). */
async function bundledChromium(): Promise<string> {
  const { default: bundled } = await import('@sparticuz/chromium');
  return bundled.executablePath();
}

/** Whether the binary starts at all: a missing shared library (libnss3) stops it before `--version`. */
const starts = (path: string) =>
  /Chromium \d+/.test(spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 }).stdout ?? '');

/**
 * CHROMIUM_PATH when set; else the packaged headless shell if it starts, unless E2E_SYSTEM_CHROMIUM=1
 * asks for a system one first (to compare, or where the package cannot be used); else the first
 * executable system candidate; else the packaged one all the same (its launch error then says why), or
 * the error that kept it from being unpacked.
 */
export async function resolveChromium(
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = SYSTEM_CHROMIUM,
  packaged: () => Promise<string> = bundledChromium,
): Promise<ResolvedChromium> {
  const explicit = env['CHROMIUM_PATH'];
  if (explicit) return { path: explicit, source: 'env' };
  const system = candidates.find(isExecutable);
  if (env['E2E_SYSTEM_CHROMIUM'] === '1' && system) return { path: system, source: 'system' };
  let bundled: string | null = null;
  let unpackError: unknown;
  try {
    bundled = await packaged();
  } catch (error) {
    unpackError = error;
  }
  if (bundled && (starts(bundled) || !system)) return { path: bundled, source: 'bundled' };
  if (system) return { path: system, source: 'system' };
  // Nothing else to drive: the packaged one could not even be unpacked, and its error says why.
  throw unpackError;
}
