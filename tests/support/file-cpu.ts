import { appendFileSync } from 'node:fs';
import { afterAll } from 'vitest';

// Setup file of every Vitest project: the CPU time a test file's worker spent on it (all its threads:
// PGlite, analysis workers), from before the file is imported to its last hook. `npm run test:profile`
// lists the files that cost the machine most (wall time on a loaded machine says more about the
// neighbours than about the file): its reporter names a log in VITEST_FILE_CPU_LOG, and each file
// appends its line. Child processes a file starts (server instances, python) are not in it. With
// `isolate: false` the first file of a worker also pays the app's imports.

const log = process.env['VITEST_FILE_CPU_LOG'];
const started = process.cpuUsage();

// Vitest reads a hook's first parameter as fixtures and wants it destructured; none are used.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  if (!log) return;
  const used = process.cpuUsage(started);
  appendFileSync(log, `${JSON.stringify({ id: file.id, cpuMs: (used.user + used.system) / 1000 })}\n`);
});
