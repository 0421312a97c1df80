// `npm start`: builds the site when the sources are newer than the last build, then serves it.
// `--no-build` serves whatever is in dist/ (used by tests that have just built).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../src/server/main.ts';

const root = new URL('..', import.meta.url).pathname;
const stampFile = join(root, 'dist', '.build-stamp');
const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), stat.mtimeMs);
}

function buildIfStale(): void {
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

if (!process.argv.includes('--no-build')) buildIfStale();
const { siteUrl, apiUrl, close } = await startServer();
console.log(
  `\nNodeyard is running:\n  Site  ${siteUrl}/\n  API   ${apiUrl}/  (also at ${siteUrl}/api/; OpenAPI at ${apiUrl}/openapi.json)\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void close().then(() => process.exit(0));
  });
}
