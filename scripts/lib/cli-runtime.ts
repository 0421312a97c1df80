// The server's own services for a command-line tool: same settings (DATA_DIR, DATABASE_URL), same
// database. An embedded (PGlite) data dir is taken for the tool's lifetime, because PGlite has no
// lock of its own and two processes on one directory would corrupt it.
import { parseEnv } from '../../src/server/env.ts';
import { claimDataDir } from '../../src/server/main.ts';
import { createRuntime, type Runtime } from '../../src/server/runtime.ts';

export async function openCliRuntime(): Promise<Runtime> {
  const env = parseEnv();
  const release = env.DATABASE_URL ? () => {} : claimDataDir(env.DATA_DIR);
  try {
    const runtime = await createRuntime(env);
    return {
      ...runtime,
      async close() {
        await runtime.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Prints an expected failure as one clear message (no stack) and exits non-zero. */
export function exitWithError(error: unknown, code = 1): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(code);
}
