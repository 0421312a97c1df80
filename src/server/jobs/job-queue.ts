import type { Db } from '../db/client.ts';
import type { JobKind } from './job-kind.ts';
import { enqueueJob, type EnqueueOptions, type JobRow } from './queue.ts';

/**
 * The queue as one app sees it (AppDeps.jobs): queueing outside a transaction, and the wake-up of
 * this app's worker. The wake-up belongs to the app, not the module, so two apps in one process (test
 * files share a worker process) never wake each other's worker. Other instances find new jobs by
 * polling; a wake-up with nothing due costs one query.
 */
export class JobQueue {
  readonly #db: Db;
  readonly #listeners = new Set<() => void>();

  constructor(db: Db) {
    this.#db = db;
  }

  /** Adds a job in its own statement and wakes the worker (inside a transaction use enqueueJob, then wake()). */
  async enqueue<Payload>(kind: JobKind<Payload>, payload: NoInfer<Payload>, options?: EnqueueOptions): Promise<JobRow> {
    const row = await enqueueJob(this.#db, kind, payload, options);
    this.wake();
    return row;
  }

  /** Tells this app's worker that jobs may be due now (call it after the transaction that queued them commits). */
  wake(): void {
    for (const listener of this.#listeners) listener();
  }

  /** The worker listens here; returns the unsubscribe. */
  onWake(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
