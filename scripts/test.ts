import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

// `npm test`: the site build, lint, typecheck, Vitest and Playwright, in two lanes that run side by
// side. The test lane (Vitest, then Playwright) prints as it goes; the check lane (the site build,
// lint, then typecheck) works meanwhile with its output held back, and prints it when it ends.
// Playwright starts only once the build step has ended, so its server finds the site built. On two cores the lanes share the
// CPU, but the test lane spends much of its time waiting (on PGlite, the auth emulator, the browser),
// and the checks fill those gaps (docs/testing.md has the measurements).
// TEST_SERIAL=1 runs the four steps one after another instead (to time each alone).
// Exits non-zero when any step fails; every step runs to its end, so one run reports every failure.

interface Step {
  name: string;
  script: string;
}

interface Outcome {
  name: string;
  ok: boolean;
  ms: number;
}

const BUILD: Step = { name: 'build', script: 'build:site' };
const CHECKS: Step[] = [BUILD, { name: 'lint', script: 'lint' }, { name: 'typecheck', script: 'typecheck' }];
const TESTS: Step[] = [
  { name: 'vitest', script: 'test:unit' },
  { name: 'playwright', script: 'test:e2e' },
];

function runStep(step: Step, quiet: boolean): Promise<Outcome & { output: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) =>
      resolve({ name: step.name, ok: code === 0, ms: Date.now() - started, output: Buffer.concat(chunks).toString() }),
    );
  });
}

// Settled when the build step ends (whatever its outcome): Playwright waits for it.
let buildEnded!: () => void;
const built = new Promise<void>((resolve) => (buildEnded = resolve));

async function lane(steps: Step[], quiet: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    if (step.script === 'test:e2e') await built;
    const { output, ...outcome } = await runStep(step, quiet);
    if (step === BUILD) buildEnded();
    if (quiet) {
      process.stdout.write(
        `\n── ${step.name}: ${outcome.ok ? 'passed' : 'FAILED'} (${(outcome.ms / 1000).toFixed(0)} s)\n`,
      );
      if (!outcome.ok || output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

const started = Date.now();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadAtStart = load();
const outcomes =
  process.env['TEST_SERIAL'] === '1'
    ? [...(await lane(CHECKS, false)), ...(await lane(TESTS, false))]
    : (await Promise.all([lane(TESTS, false), lane(CHECKS, true)])).flat();

const total = ((Date.now() - started) / 1000).toFixed(0);
console.log('\nnpm test:');
for (const outcome of outcomes) {
  console.log(`  ${outcome.name.padEnd(11)} ${outcome.ok ? 'passed' : 'FAILED'}  ${(outcome.ms / 1000).toFixed(0)} s`);
}
console.log(`  total       ${total} s  (load average ${loadAtStart} at start, ${load()} at end)`);
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);
