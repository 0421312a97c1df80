import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

// `npm run test:profile`: after the run, the slowest test files and what each paid before and around
// its tests (environment, imports, beforeAll/afterAll hooks): the "fixed cost" that a shared worker,
// a shared database and one app per file keep small. Per project, so a PGlite and a PostgreSQL run of
// the same file are told apart.

const TOP = Number(process.env['PROFILE_TOP'] ?? 25);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface FileTiming {
  project: string;
  file: string;
  tests: number;
  /** Environment + harness + import/collect + tests + hooks. */
  total: number;
  /** The tests' own time. */
  tests_ms: number;
  /** total − tests: what the file costs besides its tests. */
  fixed: number;
  /** CPU time of the file's worker while it ran the file (tests/support/file-cpu.ts); 0 if unknown. */
  cpu: number;
}

/** Where each file's worker writes its CPU time (tests/support/file-cpu.ts); the workers inherit it. */
const CPU_LOG = join(tmpdir(), `nodeyard-file-cpu-${process.pid}.jsonl`);
process.env['VITEST_FILE_CPU_LOG'] = CPU_LOG;

/** File id → CPU milliseconds, from the workers' log. */
function readCpuLog(): Map<string, number> {
  const cpu = new Map<string, number>();
  if (!existsSync(CPU_LOG)) return cpu;
  for (const line of readFileSync(CPU_LOG, 'utf8').split('\n')) {
    if (!line) continue;
    const { id, cpuMs } = JSON.parse(line) as { id: string; cpuMs: number };
    cpu.set(id, cpuMs);
  }
  rmSync(CPU_LOG, { force: true });
  return cpu;
}

function timing(module: TestModule, cpu: Map<string, number>): FileTiming {
  const d = module.diagnostic();
  let testsMs = 0;
  let tests = 0;
  for (const test of module.children.allTests()) {
    tests += 1;
    testsMs += test.diagnostic()?.duration ?? 0;
  }
  const total = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
  return {
    project: module.project.name,
    file: module.moduleId.replace(`${process.cwd()}/`, ''),
    tests,
    total,
    tests_ms: testsMs,
    fixed: total - testsMs,
    cpu: cpu.get(module.id) ?? 0,
  };
}

export default class ProfileReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const cpu = readCpuLog();
    const rows = modules.map((module) => timing(module, cpu));
    const lines: string[] = ['', `Slowest ${Math.min(TOP, rows.length)} test files (total = fixed cost + tests):`];
    for (const row of [...rows].sort((a, b) => b.total - a.total).slice(0, TOP)) {
      lines.push(
        `  ${seconds(row.total).padStart(9)}  fixed ${seconds(row.fixed).padStart(8)}  ${String(row.tests).padStart(4)} tests  ${row.project.padEnd(15)} ${row.file}`,
      );
    }
    lines.push('', `The ${Math.min(TOP, rows.length)} files that cost the most CPU (their worker's, all threads):`);
    for (const row of [...rows].sort((a, b) => b.cpu - a.cpu).slice(0, TOP)) {
      lines.push(
        `  ${seconds(row.cpu).padStart(9)} CPU  ${seconds(row.total).padStart(9)} wall  ${String(row.tests).padStart(4)} tests  ${row.project.padEnd(15)} ${row.file}`,
      );
    }
    lines.push('', 'Per project: files, tests, summed file time, fixed cost per file (median, mean):');
    for (const project of [...new Set(rows.map((row) => row.project))].sort()) {
      const mine = rows.filter((row) => row.project === project);
      const fixed = mine.map((row) => row.fixed).sort((a, b) => a - b);
      const sum = (values: number[]) => values.reduce((acc, value) => acc + value, 0);
      lines.push(
        `  ${project.padEnd(15)} ${String(mine.length).padStart(4)} files ${String(sum(mine.map((row) => row.tests))).padStart(5)} tests  ${seconds(sum(mine.map((row) => row.total))).padStart(9)}  fixed median ${seconds(fixed[Math.floor(fixed.length / 2)] ?? 0)}, mean ${seconds(sum(fixed) / Math.max(1, fixed.length))}, CPU ${seconds(sum(mine.map((row) => row.cpu)))}`,
      );
    }
    console.log(lines.join('\n'));
  }
}
