import type { Worker } from 'node:worker_threads';

// Keeps finished worker threads for a short while so the next task skips the start-up cost, and
// ends them when nobody came. A thread leaves the shelf *before* it is told to end: a thread
// that is terminating answers its next task with exit code 1, so it must never be handed out
// (under load an idle timer and a take could otherwise meet in between).

interface Shelved {
  worker: Worker;
  key: string;
  timer: NodeJS.Timeout;
}

export class IdleThreads {
  readonly #idleMs: number;
  #shelf: Shelved[] = [];

  constructor(idleMs: number) {
    this.#idleMs = idleMs;
  }

  /** A parked thread for `key` (made ready to keep the process alive), or undefined. */
  take(key = ''): Worker | undefined {
    const index = this.#shelf.findIndex((entry) => entry.key === key);
    if (index < 0) return undefined;
    const [entry] = this.#shelf.splice(index, 1);
    clearTimeout(entry!.timer);
    entry!.worker.ref();
    return entry!.worker;
  }

  /** Shelves a thread that finished its task cleanly; it ends itself after `idleMs`. */
  park(worker: Worker, key = ''): void {
    // An idle thread must not keep the process alive.
    worker.unref();
    const timer = setTimeout(() => this.#end(worker), this.#idleMs).unref();
    this.#shelf.push({ worker, key, timer });
  }

  /** Takes a thread off the shelf if it is there (it exited on its own). */
  forget(worker: Worker): void {
    const index = this.#shelf.findIndex((entry) => entry.worker === worker);
    if (index >= 0) clearTimeout(this.#shelf.splice(index, 1)[0]!.timer);
  }

  /** Ends every idle thread now (shutdown, tests, benchmarks) instead of after `idleMs`. */
  async endAll(): Promise<void> {
    const ending = this.#shelf.splice(0);
    await Promise.all(ending.map(({ worker, timer }) => (clearTimeout(timer), worker.terminate())));
  }

  get size(): number {
    return this.#shelf.length;
  }

  #end(worker: Worker) {
    this.forget(worker);
    void worker.terminate();
  }
}
