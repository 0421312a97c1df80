import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pgliteTemplateFile } from '#test/pglite-template.ts';
import { startSharedEmulator } from '#test/shared-emulator.ts';
import { resolveChromium } from './lib/chromium-path.ts';

// `npm test`: the site build, lint, typecheck, Vitest and Playwright, in three lanes that run side by
// side, because no one of them keeps two cores busy on its own (Playwright waits on pages and
// polls, Vitest on PGlite and the auth emulator):
//   browser lane  the site build, then Playwright (it needs the built site); its output prints live;
//   server lane   Vitest, with the slowest files and the fixed cost per file at the end (test:profile);
//                 output held back, printed when it ends;
//   check lane    lint, then typecheck, at the lowest priority (nice 19): they fill the gaps the
//                 others leave; output held back.
// TEST_SERIAL=1 runs the steps one after another instead (to time each alone).
// Exits non-zero when any step fails; every step runs to its end, so one run reports every failure.

interface Step {
  name: string;
  script: string;
  /** `nice` increment: higher yields the CPU to the other lanes. */
  nice: number;
  /** Print as it goes (one lane only, or the outputs interleave). */
  live: boolean;
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

const LANES: Step[][] = [
  [
    { name: 'build', script: 'build:site', nice: 0, live: false },
    { name: 'playwright', script: 'test:e2e', nice: 0, live: true, tests: true },
  ],
  [{ name: 'vitest', script: 'test:profile', nice: 0, live: false, tests: true }],
  [
    { name: 'lint', script: 'lint', nice: 19, live: false },
    { name: 'typecheck', script: 'typecheck', nice: 19, live: false },
  ],
];

const serial = process.env['TEST_SERIAL'] === '1';

function runStep(step: Step): Promise<Outcome> {
  const started = Date.now();
  const live = serial || step.live;
  return new Promise((resolve) => {
    // `nice` (coreutils) lowers the priority of npm and of everything it starts.
    const command = step.nice > 0 && !serial ? 'nice' : 'npm';
    const args = ['run', '--silent', step.script];
    const child = spawn(command, command === 'nice' ? ['-n', String(step.nice), 'npm', ...args] : args, {
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

async function lane(steps: Step[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    if (step.tests) await fixtures;
    outcomes.push(await runStep(step));
  }
  return outcomes;
}

const started = Date.now();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadAtStart = load();
// The tests' shared fixtures, made while the site build and lint start (those do not need them):
// - one auth emulator for both the server and the browser lane, owned here: the lane that started it
//   would otherwise stop it when it ends, under the other lane's running tests;
// - the migrated PGlite template (tests/support/pglite-template.ts): the server lane's first workers
//   would each make it at once, and the browser lane's server starts from it (playwright.config.ts);
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
let outcomes: Outcome[];
if (serial) {
  outcomes = [];
  // The build first: Playwright needs it.
  for (const steps of [LANES[0]!.slice(0, 1), LANES[2]!, LANES[1]!, LANES[0]!.slice(1)]) {
    outcomes.push(...(await lane(steps)));
  }
} else {
  outcomes = (await Promise.all(LANES.map(lane))).flat();
}

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
