import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pgliteTemplateFile } from '#test/pglite-template.ts';
import { startSharedEmulator } from '#test/shared-emulator.ts';
import { resolveChromium } from './lib/chromium-path.ts';

// `npm test`: the site build, lint, typecheck, Vitest and Playwright, in three phases, one after another:
//   checks      the site build, lint and typecheck side by side (each keeps about one core busy; none
//               needs the tests' fixtures, which are made meanwhile); output held back, printed as each ends;
//   vitest      Vitest, with the slowest files and the fixed cost per file at the end (test:profile), live;
//   playwright  the browser tests against the built site, live.
// Each test phase keeps both cores busy on its own (two workers each). Run side by side, as they were,
// the steps cost the machine ≈ 13 % more CPU for the same work (a newcomer's run: 1,289 core-seconds in
// lanes against 1,140 in phases, Vitest's own 268 against 209; docs/testing.md): every test waits longer
// for the machine, and what runs per second of waiting (pages polled each frame, timers, the servers'
// job loops) adds up.
// TEST_SERIAL=1 runs every step alone, the checks too (to time each).
// Exits non-zero when any step fails; every step runs to its end, so one run reports every failure.

interface Step {
  name: string;
  script: string;
  /** Starts once the tests' shared fixtures are ready (the auth emulator, the PGlite template, Chromium). */
  tests?: true;
}

interface Outcome {
  name: string;
  ok: boolean;
  ms: number;
  /** CPU seconds of the step and everything it started (null where /proc is missing). */
  cpu: number | null;
}

/**
 * CPU seconds of this process's children that have ended (Linux: cutime + cstime of /proc/self/stat,
 * which include their own waited-for children). Read as each step ends, the growth is that step's CPU:
 * the figure that does not depend on how loaded the machine is. Not in it: a process a step leaves
 * running (the shared auth emulator, PostgreSQL) and Chromium's renderers, which are not reaped through
 * Playwright's tree (most of the browser tests' CPU; the machine line below shows the whole).
 */
function endedChildrenCpu(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name start at 3 (state): cutime and cstime are fields 16 and 17, in ticks of 1/100 s.
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100;
  } catch {
    return null;
  }
}
let lastChildrenCpu = endedChildrenCpu();

/** The whole machine's CPU time by kind, in seconds (Linux /proc/stat), or null. */
function machineCpu(): { busy: number; system: number; idle: number; steal: number } | null {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map((ticks) => Number(ticks) / 100);
    return { busy: user! + nice! + system! + irq! + softirq!, system: system!, idle: idle! + iowait!, steal: steal! };
  } catch {
    return null;
  }
}
const machineAtStart = machineCpu();

/** Phases run one after another; the steps of a phase run side by side. */
const PHASES: Step[][] = [
  [
    { name: 'build', script: 'build:site' },
    { name: 'lint', script: 'lint' },
    { name: 'typecheck', script: 'typecheck' },
  ],
  [{ name: 'vitest', script: 'test:profile', tests: true }],
  [{ name: 'playwright', script: 'test:e2e', tests: true }],
];

const serial = process.env['TEST_SERIAL'] === '1';

/** Runs one step; `live` prints its output as it goes (a step alone in its phase), else when it ends. */
function runStep(step: Step, live: boolean): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => {
      const cpuNow = endedChildrenCpu();
      const cpu = cpuNow === null || lastChildrenCpu === null ? null : cpuNow - lastChildrenCpu;
      lastChildrenCpu = cpuNow;
      const outcome = { name: step.name, ok: code === 0, ms: Date.now() - started, cpu };
      if (!live) {
        const output = Buffer.concat(chunks).toString();
        process.stdout.write(
          `\n── ${step.name}: ${outcome.ok ? 'passed' : 'FAILED'} (${(outcome.ms / 1000).toFixed(0)} s)\n`,
        );
        if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      }
      resolve(outcome);
    });
  });
}

/** The steps of one phase, side by side. */
async function phase(steps: Step[]): Promise<Outcome[]> {
  if (steps.some((step) => step.tests)) await fixtures;
  return Promise.all(steps.map((step) => runStep(step, steps.length === 1)));
}

const started = Date.now();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadAtStart = load();
// The tests' shared fixtures, made while the checks run (those do not need them):
// - one auth emulator for both test phases, owned here: each runner's teardown would otherwise stop
//   the one it started, and the next phase would pay for another start;
// - the migrated PGlite template (tests/support/pglite-template.ts): Vitest's first workers would each
//   make it at once, and Playwright's site server starts from it (playwright.config.ts);
// - Chromium: on a fresh machine the packaged one is unpacked on first use, by whichever process asks
//   first, and not atomically: unpacked here, a browser test and chromium-path.test.ts never find a
//   half-written binary.
let stopEmulator: (() => void) | undefined;
const fixtures = (async () => {
  [stopEmulator] = await Promise.all([startSharedEmulator(), pgliteTemplateFile()]);
  await resolveChromium();
})();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopEmulator?.();
    process.exit(130);
  });
}
const outcomes: Outcome[] = [];
for (const steps of serial ? PHASES.flat().map((step) => [step]) : PHASES) outcomes.push(...(await phase(steps)));

const total = ((Date.now() - started) / 1000).toFixed(0);
console.log('\nnpm test:');
const cpuText = (cpu: number | null) => (cpu === null ? '' : `, ${cpu.toFixed(0)} s CPU`);
for (const outcome of outcomes) {
  console.log(
    `  ${outcome.name.padEnd(11)} ${outcome.ok ? 'passed' : 'FAILED'}  ${(outcome.ms / 1000).toFixed(0)} s${cpuText(outcome.cpu)}`,
  );
}
const cpuTotal = outcomes.every((outcome) => outcome.cpu !== null)
  ? outcomes.reduce((sum, outcome) => sum + (outcome.cpu ?? 0), 0)
  : null;
console.log(`  total       ${total} s${cpuText(cpuTotal)}  (load average ${loadAtStart} at start, ${load()} at end)`);
// Against the steps' own CPU: what else ran (databases, the emulator, other work on the machine) and
// whether the cores were ever idle, i.e. whether the run was bound by CPU or by waiting.
const machineAtEnd = machineCpu();
if (machineAtStart && machineAtEnd) {
  const spent = (key: keyof typeof machineAtEnd) => (machineAtEnd[key] - machineAtStart[key]).toFixed(0);
  console.log(
    `  machine     ${spent('busy')} s busy (${spent('system')} s of it in the kernel), ${spent('idle')} s idle, ${spent('steal')} s stolen, over all cores`,
  );
}
stopEmulator?.();
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);
