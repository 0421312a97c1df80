import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// After a browser run, the spec files and tests that took longest (summed over their attempts), so
// whoever makes the suite faster starts from numbers, not guesses. Printed by `npm test` and CI
// beside the line/list output; `PROFILE_TOP=40` for more rows.

const TOP = Number(process.env['PROFILE_TOP'] ?? 15);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export default class SlowestReporter implements Reporter {
  private readonly perTest = new Map<TestCase, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    this.perTest.set(test, (this.perTest.get(test) ?? 0) + result.duration);
  }

  onEnd(result: FullResult) {
    const perFile = new Map<string, { ms: number; tests: number }>();
    for (const [test, ms] of this.perTest) {
      const file = test.location.file.replace(`${process.cwd()}/`, '');
      const entry = perFile.get(file) ?? { ms: 0, tests: 0 };
      perFile.set(file, { ms: entry.ms + ms, tests: entry.tests + 1 });
    }
    const total = [...this.perTest.values()].reduce((sum, ms) => sum + ms, 0);
    const lines = [
      '',
      `Browser tests: ${this.perTest.size} tests, ${seconds(total).trim()} of test time in ${seconds(result.duration).trim()} of wall time.`,
      `Slowest ${Math.min(TOP, perFile.size)} spec files (summed test time):`,
      ...[...perFile]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, TOP)
        .map(([file, { ms, tests }]) => `  ${seconds(ms)}  ${String(tests).padStart(3)} tests  ${file}`),
      `Slowest ${Math.min(TOP, this.perTest.size)} tests:`,
      ...[...this.perTest]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([test, ms]) => `  ${seconds(ms)}  ${test.titlePath().slice(2).join(' › ')}`),
    ];
    console.log(lines.join('\n'));
  }
}
