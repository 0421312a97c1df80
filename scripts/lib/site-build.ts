import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDirectory } from '../../src/server/build-directory.ts';

// The site build, made only when the sources are newer than the last one: `npm start` and the
// browser tests' server call it, and `npm test` calls it early (scripts/build-site.ts) so the browser
// tests find the site built.

const root = new URL('../..', import.meta.url).pathname;
const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** Builds the site into buildDirectory() unless its stamp is newer than every input; exits on failure. */
export function buildIfStale(): void {
  const stampFile = join(buildDirectory(), '.build-stamp');
  const builtAt = existsSync(stampFile) ? statSync(stampFile).mtimeMs : 0;
  const changedAt = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
  if (builtAt > changedAt) return;
  console.log('Building the site (sources changed since the last build)…');
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, new Date().toISOString());
}
