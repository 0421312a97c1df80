import { expect, it } from 'vitest';

/**
 * The real-corpus tests skip on a clone without ../shared/data (a developer's machine may lack it),
 * but never in CI, which runs with it beside the project: there a missing corpus fails the run
 * instead of quietly skipping what it checks.
 */
export function failInCiWithoutCorpus(present: boolean, path: string): void {
  if (present || !process.env['CI']) return;
  it('finds the real corpus (required when CI is set)', () => {
    expect.fail(`no corpus at ${path}: CI runs with ../shared/data beside the project (or set NODEYARD_CORPUS)`);
  });
}
