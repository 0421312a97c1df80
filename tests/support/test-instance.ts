import { startInstance, type InstanceProcess } from '../../bench/lib/instance-process.ts';

/**
 * A server process for a test: production's V8 flags plus `--liftoff-only`. By default V8 recompiles
 * PGlite's hot WebAssembly with its optimising compiler on a background thread in the seconds after
 * the start: ≈ 2.5 s of CPU per process, which pays back only over a long life. A test's instance
 * answers a few dozen requests. Benchmarks keep production's flags (startInstance itself).
 */
export function startTestInstance(env: Record<string, string>, timeoutMs?: number): Promise<InstanceProcess> {
  return startInstance(env, timeoutMs, { extraNodeFlags: ['--liftoff-only'] });
}
