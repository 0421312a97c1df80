import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client.ts';
import { defaultBackgroundLogger } from '../ops/background-errors.ts';
import { scrubSecrets, type Logger } from '../ops/logger.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  claimJob,
  completeJob,
  failJob,
  findStaleJobs,
  requeueStaleJob,
  retryJob,
  touchJob,
  type JobRow,
} from './queue.ts';
import { PermanentJobError } from './permanent-error.ts';
import { RetryJobLater } from './retry-later.ts';
import { InvalidJobPayload, parseJobPayload, type JobKind, type TypedJob } from './job-kind.ts';

/**
 * What runs a kind of job. `run` must be idempotent and do its writes in one transaction at the
 * end, so a crash part-way leaves nothing half-done and a retry starts clean. `onGiveUp` runs in
 * the same transaction that marks the job failed for good (e.g. flag the version "scan failed"), with
 * the app's clock reading as `now`.
 * Both receive the payload parsed with the kind's schema; a stored row that does not parse fails
 * for good without reaching them.
 */
export interface JobHandler<Payload = unknown> {
  kind: JobKind<Payload>;
  run(services: AppDeps, job: TypedJob<Payload>): Promise<void>;
  onGiveUp?(tx: Db, job: TypedJob<Payload>, error: string, now: Date): Promise<void>;
}

/** The row with its payload parsed by the handler's kind (throws InvalidJobPayload). */
const typed = <Payload>(handler: JobHandler<Payload>, job: JobRow): TypedJob<Payload> => ({
  id: job.id,
  kind: job.kind,
  payload: parseJobPayload(handler.kind, job.payload),
  attempts: job.attempts,
  maxAttempts: job.maxAttempts,
});

export interface WorkerOptions {
  pollMs?: number;
  /** A running job whose lock is older than this is considered abandoned. */
  staleMs?: number;
  /** Base of the exponential retry backoff. */
  backoffBaseMs?: number;
  /** Where the worker reports (default: the redacting JSON logger of ops/logger.ts). */
  logger?: Logger;
  /** Replaces the logger with a plain callback (tests silence the worker with `() => {}`). */
  log?: (message: string) => void;
}

type Level = 'debug' | 'warn' | 'error';
type Report = (level: Level, message: string, fields?: Record<string, unknown>) => void;

/** Error text may quote anything a handler saw: tokens are scrubbed before it is logged. */
function reporter(options: WorkerOptions): Report {
  const { log } = options;
  if (log) return (_level, message) => log(scrubSecrets(message));
  const logger = options.logger ?? defaultBackgroundLogger();
  return (level, message, fields = {}) => logger[level]({ component: 'jobs', ...fields }, scrubSecrets(message));
}

/** Error text kept on the job: the message only (no stack, nothing the handler did not say). */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly services: AppDeps;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly options: Required<Omit<WorkerOptions, 'log' | 'logger'>>;
  private readonly report: Report;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private wakeRequested = false;
  private unsubscribe: (() => void) | null = null;
  private lastReap = 0;

  constructor(services: AppDeps, handlers: JobHandler[], options: WorkerOptions = {}) {
    this.services = services;
    for (const handler of handlers) this.handlers.set(handler.kind.name, handler);
    this.options = {
      pollMs: options.pollMs ?? 500,
      staleMs: options.staleMs ?? 10 * 60_000,
      backoffBaseMs: options.backoffBaseMs ?? 5_000,
    };
    this.report = reporter(options);
  }

  /** Starts polling (and listening for in-process enqueues). */
  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.services.jobs.onWake(() => this.wake());
    this.schedule(0);
  }

  /** Stops polling and waits for the job in hand to finish. */
  async stop() {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  wake() {
    if (this.stopped) return;
    if (this.running) this.wakeRequested = true;
    else this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick().finally(() => {
        this.running = null;
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollMs);
      });
    }, ms);
    this.timer.unref?.();
  }

  private async tick() {
    try {
      if (Date.now() - this.lastReap > Math.min(this.options.staleMs, 30_000)) {
        this.lastReap = Date.now();
        await this.reapStale();
      }
      while (!this.stopped && (await this.runOne())) {
        // keep draining while jobs are due
      }
    } catch (error) {
      this.report('error', `jobs: worker loop error: ${errorText(error)}`);
    }
  }

  /** Claims and runs one due job; false when none was due. */
  async runOne(): Promise<boolean> {
    const { db } = this.services;
    const job = await claimJob(db, [...this.handlers.keys()], this.id);
    if (!job) return false;
    const handler = this.handlers.get(job.kind)!;
    // The lock is renewed while the job runs: only a dead or hung worker's job goes stale.
    const heartbeat = setInterval(
      () =>
        void touchJob(db, job, this.id).catch((error: unknown) =>
          this.report('warn', `jobs: heartbeat: ${errorText(error)}`, { jobId: job.id, kind: job.kind }),
        ),
      Math.max(50, this.options.staleMs / 3),
    ).unref();
    try {
      await handler.run(this.services, typed(handler, job));
      await completeJob(db, job, this.id);
    } catch (error) {
      const message = errorText(error);
      // A payload the kind's schema refuses will never parse: no retry.
      const final =
        job.attempts >= job.maxAttempts || error instanceof PermanentJobError || error instanceof InvalidJobPayload;
      const laterMs = error instanceof RetryJobLater ? error.delayMs : undefined;
      const waiting = laterMs !== undefined && !final;
      this.report(
        waiting ? 'debug' : 'warn',
        `jobs: ${job.kind} #${job.id} attempt ${job.attempts}/${job.maxAttempts} ${waiting ? 'waiting' : 'failed'}${final ? ' (giving up)' : ', will retry'}: ${message}`,
        { jobId: job.id, kind: job.kind, attempt: job.attempts },
      );
      if (final) await this.giveUp(job, message, this.id);
      else
        await retryJob(db, job, this.id, message, {
          baseMs: this.options.backoffBaseMs,
          ...(waiting ? { delayMs: laterMs } : {}),
        });
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  /** Every due job, now (tests and ops): returns how many ran. */
  async runDue(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count += 1;
    return count;
  }

  /** Requeues jobs whose worker died; those out of attempts are failed (and their handler told). */
  async reapStale(staleMs = this.options.staleMs): Promise<number> {
    const stale = await findStaleJobs(this.services.db, staleMs);
    let count = 0;
    for (const job of stale) {
      if (job.attempts >= job.maxAttempts) {
        await this.giveUp(job, 'The worker stopped while running this job, and no attempts are left.', null);
      } else if (await requeueStaleJob(this.services.db, job)) count += 1;
    }
    return count;
  }

  private async giveUp(job: JobRow, message: string, heldBy: string | null) {
    const handler = this.handlers.get(job.kind);
    await this.services.db.transaction(async (tx) => {
      if (!(await failJob(tx, job.id, message, heldBy))) return;
      if (!handler?.onGiveUp) return;
      let parsed: TypedJob<unknown>;
      try {
        parsed = typed(handler, job);
      } catch {
        return; // its handler cannot read it: the failed row and its logged reason are all there is
      }
      await handler.onGiveUp(tx, parsed, message, this.services.clock.now());
    });
  }
}
