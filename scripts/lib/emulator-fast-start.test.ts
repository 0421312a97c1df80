import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import './emulator-fast-start.ts';

// The emulator processes load this file first (authEmulatorNodeArgs in auth-emulator.ts); here it is loaded into the test's
// own process, where the same exegesis module is: what the emulator would compile its API with.
const require = createRequire(import.meta.url);
const exegesisOptions = require(
  require.resolve('exegesis/lib/options', { paths: [require.resolve('firebase-tools/package.json')] }),
) as { compileOptions(options?: Record<string, unknown>): { lazyCompileValidationSchemas: boolean } };

describe('emulator-fast-start', () => {
  it("makes exegesis compile the emulator's validators when first needed, unless told otherwise", () => {
    // The emulator passes no such option (firebase-tools' auth server), so this is what it gets.
    expect(exegesisOptions.compileOptions({}).lazyCompileValidationSchemas).toBe(true);
    expect(exegesisOptions.compileOptions().lazyCompileValidationSchemas).toBe(true);
    expect(exegesisOptions.compileOptions({ lazyCompileValidationSchemas: false }).lazyCompileValidationSchemas).toBe(
      false,
    );
  });
});
