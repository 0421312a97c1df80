// Loaded into the Firebase Auth emulator's process (`node --import <this> firebase.js emulators:start`)
// by every place that starts one: scripts/lib/auth-emulator.ts (`npm start`), the tests' shared emulator
// and Playwright's. The emulator checks requests against the Identity Toolkit's API description, and
// exegesis, which does that, compiles a validator for every request and response body of every
// operation before it serves: ≈ 8 of the ≈ 12 CPU-seconds of a start. exegesis can compile each one
// when it is first needed instead (its option lazyCompileValidationSchemas); firebase-tools does not
// ask for it, so this makes it the default. Requests are checked exactly as before. If a later
// firebase-tools lays exegesis out differently, nothing is changed and the emulator starts as it is.
import { createRequire } from 'node:module';

function compileValidatorsWhenNeeded(): void {
  const require = createRequire(import.meta.url);
  let options: { compileOptions?: unknown };
  try {
    const firebaseTools = require.resolve('firebase-tools/package.json');
    options = require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] })) as typeof options;
  } catch {
    return;
  }
  const compile = options.compileOptions;
  if (typeof compile !== 'function') return;
  options.compileOptions = (given: Record<string, unknown> = {}) =>
    (compile as (o: Record<string, unknown>) => unknown)({ lazyCompileValidationSchemas: true, ...given });
}

compileValidatorsWhenNeeded();
