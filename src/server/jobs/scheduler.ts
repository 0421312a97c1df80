import { lte } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { scheduledTasks } from '../db/schema/index.ts';

// Periodic background work, one way: every task the server repeats is listed in periodic-tasks.ts
// and run here. Work on shared data that must not overlap across instances is claimed first through
// scheduled_tasks; work on this process's memory (its search index) runs on every instance.

export interface PeriodicTask {
  /** Stable name: the key of its scheduled_tasks row and the `task` field of its logged errors. */
  name: string;
  everyMs: number;
  /**
   * `one-instance`: shared data (the database, the archive store); per period one instance runs it,
   * whichever claims it first. `each-instance`: this process's own state, so every instance runs it.
   */
  scope: 'one-instance' | 'each-instance';
  /** Run as soon as the scheduler starts (default: first after one period). */
  runAtStart?: boolean;
  run(): Promise<unknown>;
}

export interface SchedulerOptions {
  clock: Clock;
  /** A failed run (the next period retries). */
  onError(task: PeriodicTask, error: unknown): void;
}

/** Longest real wait between looks, so a clock that jumps (a test's, a VM's) is noticed. */
const MAX_WAIT_MS = 60_000;

/**
 * Runs each task every `everyMs` on the injected clock. `runDue()` runs what is due now, so tests move
 * their clock and call it (no sleeps); `start()` does the same from a timer. Tasks run one after the
 * other, never overlapping themselves.
 */
export class Scheduler {
  readonly #db: Db;
  readonly #tasks: readonly PeriodicTask[];
  readonly #options: SchedulerOptions;
  readonly #due = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;
  #stopped = true;

  constructor(db: Db, tasks: readonly PeriodicTask[], options: SchedulerOptions) {
    const names = new Set(tasks.map((task) => task.name));
    if (names.size !== tasks.length) throw new Error('Two periodic tasks share a name.');
    this.#db = db;
    this.#tasks = tasks;
    this.#options = options;
    const now = options.clock.now().getTime();
    for (const task of tasks) this.#due.set(task.name, task.runAtStart ? now : now + task.everyMs);
  }

  /** Runs every task that is due at the clock's now; returns the names of those that ran here. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const task of this.#tasks) {
      const now = this.#options.clock.now();
      if (this.#due.get(task.name)! > now.getTime()) continue;
      this.#due.set(task.name, now.getTime() + task.everyMs);
      try {
        if (task.scope === 'one-instance' && !(await this.#claim(task, now))) continue;
        await task.run();
        ran.push(task.name);
      } catch (error) {
        this.#options.onError(task, error);
      }
    }
    return ran;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule();
  }

  /** Stops the timer and waits for the run in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  #schedule(): void {
    if (this.#stopped) return;
    const next = Math.min(...this.#due.values()) - this.#options.clock.now().getTime();
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#running = this.runDue().finally(() => {
          this.#running = null;
          this.#schedule();
        });
      },
      Math.max(0, Math.min(next, MAX_WAIT_MS)),
    );
    // Timers never keep a process alive on their own (the HTTP servers do).
    this.#timer.unref();
  }

  /**
   * Moves the task's last run to `now` unless some instance ran it less than a period ago, in one
   * statement, so of several instances only one wins each period. Times come from each instance's
   * clock: skew of seconds against periods of minutes only shifts a run a little.
   */
  async #claim(task: PeriodicTask, now: Date): Promise<boolean> {
    const rows = await this.#db
      .insert(scheduledTasks)
      .values({ name: task.name, lastRunAt: now })
      .onConflictDoUpdate({
        target: scheduledTasks.name,
        set: { lastRunAt: now },
        setWhere: lte(scheduledTasks.lastRunAt, new Date(now.getTime() - task.everyMs)),
      })
      .returning({ name: scheduledTasks.name });
    return rows.length > 0;
  }
}
