import { Worker } from 'node:worker_threads';
import { IdleThreads } from '../../../threads/idle-threads.ts';
import type { WorkflowClasses } from '../workflow-classes.ts';
import { WorkflowInputError } from '../workflow-input-error.ts';
import type { ReadReply, ReadRequest } from './protocol.ts';

// Reads workflow request bodies in worker threads, never on the event loop:
// - parsing 2 MB of JSON, inflating PNG text or searching 8 MB of WebP metadata takes tens to
//   hundreds of milliseconds of CPU, which would stall every other visitor (and /healthz);
// - a read that runs past `timeoutMs` or blows the thread's heap is ended with its thread and
//   answered with a 413, whatever input found a slow path the limits did not foresee;
// - reads beyond `threads` wait in a short queue; past it the caller is told to come back (429),
//   so a flood of bodies cannot pile up in memory.
// An idle thread is kept for `idleMs` (starting one costs tens of milliseconds), then ended.

export interface ReaderLimits {
  /** Threads reading at once (each takes a core while it works). */
  threads: number;
  /** Reads that may wait for a thread; one more is refused with ReaderBusy. */
  maxQueued: number;
  /** Wall-clock cap of one read, in ms. */
  timeoutMs: number;
  /** V8 old-generation heap of a reader thread, in MB. */
  maxHeapMb: number;
  idleMs: number;
}

export const DEFAULT_READER_LIMITS: ReaderLimits = {
  threads: 1,
  maxQueued: 16,
  timeoutMs: 10_000,
  maxHeapMb: 256,
  idleMs: 30_000,
};

/** Every reader thread is busy and the queue is full: try again shortly. */
export class ReaderBusy extends Error {}

const ENTRY = new URL('./read-thread-entry.ts', import.meta.url);

interface Job {
  request: ReadRequest;
  resolve(workflow: WorkflowClasses): void;
  reject(error: Error): void;
}

export class WorkflowReaderPool {
  readonly limits: ReaderLimits;
  readonly #idle: IdleThreads;
  #queue: Job[] = [];
  #running = 0;

  constructor(limits: Partial<ReaderLimits> = {}) {
    this.limits = { ...DEFAULT_READER_LIMITS, ...limits };
    this.#idle = new IdleThreads(this.limits.idleMs);
  }

  /** The workflow in a request body; rejects with WorkflowInputError, ReaderBusy, or Error (a bug). */
  read(request: ReadRequest): Promise<WorkflowClasses> {
    return new Promise((resolve, reject) => {
      const job = { request, resolve, reject };
      if (this.#running < this.limits.threads) this.#run(job);
      else if (this.#queue.length < this.limits.maxQueued) this.#queue.push(job);
      else reject(new ReaderBusy('Every workflow reader is busy; try again in a few seconds.'));
    });
  }

  /** Ends the idle threads now (shutdown, tests) instead of after `idleMs`. */
  endIdleThreads(): Promise<void> {
    return this.#idle.endAll();
  }

  #take(): Worker {
    const parked = this.#idle.take();
    if (parked) return parked;
    const worker = new Worker(ENTRY, {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb },
      // The thread never reads the server's environment or stdin.
      env: {},
      stdin: false,
    });
    // Between reads nobody else listens: an 'error' event without a listener would crash the server.
    worker.on('error', () => {});
    worker.once('exit', () => this.#idle.forget(worker));
    return worker;
  }

  #run(job: Job) {
    this.#running++;
    const worker = this.#take();
    const { timeoutMs, maxHeapMb } = this.limits;
    const finish = (reuse: boolean, settle: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reuse) this.#idle.park(worker);
      else void worker.terminate();
      this.#running--;
      settle();
      const next = this.#queue.shift();
      if (next) this.#run(next);
    };
    const onMessage = (reply: ReadReply) => {
      if (reply.ok) return finish(true, () => job.resolve(reply.workflow));
      if ('input' in reply) {
        const { status, code, message } = reply.input;
        return finish(true, () => job.reject(new WorkflowInputError(status, code, message)));
      }
      finish(false, () => job.reject(new Error(`The workflow reader failed: ${reply.error}`)));
    };
    const onError = (error: Error & { code?: string }) =>
      finish(false, () =>
        job.reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkflowInputError(
                413,
                'workflow_too_large',
                `Reading the workflow needed more than ${maxHeapMb} MB of memory; it was stopped.`,
              )
            : new Error(`The workflow reader failed: ${error.message}`),
        ),
      );
    const onExit = (code: number) =>
      finish(false, () => job.reject(new Error(`The workflow reader thread exited (code ${code}) without an answer.`)));
    const timer = setTimeout(
      () =>
        finish(false, () =>
          job.reject(
            new WorkflowInputError(
              413,
              'workflow_too_large',
              `Reading the workflow took longer than ${timeoutMs} ms; it was stopped.`,
            ),
          ),
        ),
      timeoutMs,
    );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(job.request);
  }
}

/** The server's readers (threads start on the first request). */
export const workflowReaders = new WorkflowReaderPool();
