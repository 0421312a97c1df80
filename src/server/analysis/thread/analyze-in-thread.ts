import { Worker } from 'node:worker_threads';
import { IdleThreads } from '../../threads/idle-threads.ts';
import type { Analysis } from '../analyze-archive.ts';
import type { AnalyzeReply, AnalyzeRequest } from './protocol.ts';

// Runs the archive analysis (re-validate, scan, extract) in worker threads:
// - the server's event loop keeps answering requests while a big pack takes seconds of CPU;
// - a pack that makes the analysis blow its heap kills that thread, never the server;
// - a thread that stays idle is ended, so the memory a big pack needed goes back to the system.
// Starting a thread costs ~170 ms (module loading and the parser's wasm), so an idle thread is
// kept for a short while and reused by the next upload.

export interface ThreadLimits {
  /** V8 old-generation heap of an analysis thread, in MB. */
  maxHeapMb: number;
  /** Wall-clock cap of one analysis, in ms: the thread is terminated then (the scan's CPU budget ends it sooner). */
  timeoutMs: number;
}

export const DEFAULT_THREAD_LIMITS: ThreadLimits = { maxHeapMb: 1024, timeoutMs: 240_000 };

/** How long an idle thread is kept for the next upload. */
const IDLE_MS = 15_000;
const ENTRY = new URL('./analyze-thread-entry.ts', import.meta.url);

/**
 * The analysis cannot succeed on a retry (it ran out of memory or time). The scan job turns it into a
 * permanent job error, so the version is flagged for a human now.
 */
export class AnalysisAborted extends Error {}

const idle = new IdleThreads(IDLE_MS);

function takeThread(maxHeapMb: number): Worker {
  const parked = idle.take(String(maxHeapMb));
  if (parked) return parked;
  const worker = new Worker(ENTRY, {
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    // The thread never reads the server's environment or stdin.
    env: {},
    stdin: false,
  });
  // Between analyses nobody else listens: an 'error' event without a listener would crash the server.
  worker.on('error', () => {});
  worker.once('exit', () => idle.forget(worker));
  return worker;
}

/** Ends the idle threads now (graceful shutdown, benchmarks) instead of after IDLE_MS. */
export function endIdleAnalysisThreads(): Promise<void> {
  return idle.endAll();
}

export function analyzeInThread(
  request: AnalyzeRequest,
  limits: ThreadLimits = DEFAULT_THREAD_LIMITS,
): Promise<Analysis> {
  const worker = takeThread(limits.maxHeapMb);
  const started = performance.now();
  return new Promise<Analysis>((resolve, reject) => {
    const timedOut = () => reject(new AnalysisAborted(`The analysis took longer than ${limits.timeoutMs} ms.`));
    const finish = (reuse: boolean, outcome: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reuse) idle.park(worker, String(limits.maxHeapMb));
      else void worker.terminate();
      outcome();
    };
    // A reply and the timer can be due in the same turn of a busy event loop, and the reply may be
    // handled first: one that arrives after the cap is refused like the timer would have refused it.
    const onMessage = (reply: AnalyzeReply) =>
      performance.now() - started > limits.timeoutMs
        ? finish(true, timedOut)
        : reply.ok
          ? finish(true, () => resolve(reply.analysis))
          : finish(false, () => reject(new Error(`The analysis failed: ${reply.error}`)));
    const onError = (error: Error & { code?: string }) =>
      finish(false, () =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AnalysisAborted(`The analysis ran out of memory (limit ${limits.maxHeapMb} MB).`)
            : new Error(`The analysis failed: ${error.message}`),
        ),
      );
    const onExit = (code: number) =>
      finish(false, () => reject(new Error(`The analysis thread exited (code ${code}) without a result.`)));
    const timer = setTimeout(() => finish(false, timedOut), limits.timeoutMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request);
  });
}
