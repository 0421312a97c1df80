import { accessSync, constants } from 'node:fs';

// Which Chromium the browser tests drive. Debian's package comes first where it is installed (CI
// installs it; it is the browser the project has always used). A fresh machine without it uses the
// Chromium shipped inside the @sparticuz/chromium npm package, so `npm install && npm test` needs no
// other step: Playwright's own browser download is not reachable from these machines.

/** Where a system Chromium is looked for, in order. */
export const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

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
