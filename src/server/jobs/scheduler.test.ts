import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { Clock } from '../clock.ts';
import { Scheduler, type PeriodicTask } from './scheduler.ts';

/** A clock the test moves by hand: no task waits for real time. */
function manualClock(start: number): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

const MINUTE = 60_000;

describe('Scheduler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A task that counts its runs, per instance. */
  const counting = (name: string, overrides: Partial<PeriodicTask> = {}) => {
    const runs: number[] = [];
    const task: PeriodicTask = {
      name,
      everyMs: 10 * MINUTE,
      scope: 'each-instance',
      run: async () => runs.push(runs.length + 1),
      ...overrides,
    };
    return { task, runs };
  };

  it('runs each task when its period has passed on the injected clock (at start only when asked)', async () => {
    const clock = manualClock(Date.UTC(2026, 0, 1));
    const atStart = counting('test.at-start', { runAtStart: true, everyMs: MINUTE });
    const later = counting('test.later', { everyMs: 10 * MINUTE });
    const scheduler = new Scheduler(t.services.db, [atStart.task, later.task], { clock, onError: () => {} });
    expect(await scheduler.runDue()).toEqual(['test.at-start']);
    expect(await scheduler.runDue()).toEqual([]);
    clock.advance(MINUTE);
    expect(await scheduler.runDue()).toEqual(['test.at-start']);
    clock.advance(9 * MINUTE);
    expect(await scheduler.runDue()).toEqual(['test.at-start', 'test.later']);
    expect({ atStart: atStart.runs.length, later: later.runs.length }).toEqual({ atStart: 3, later: 1 });
  });

  it('runs a one-instance task on one of several instances per period, an each-instance task on all', async () => {
    const clock = manualClock(Date.UTC(2026, 0, 2));
    const instances = [0, 1].map(() => {
      const shared = counting('test.shared', { scope: 'one-instance', runAtStart: true });
      const local = counting('test.local', { scope: 'each-instance', runAtStart: true });
      const scheduler = new Scheduler(t.services.db, [shared.task, local.task], { clock, onError: () => {} });
      return { shared, local, scheduler };
    });
    const round = () => Promise.all(instances.map(({ scheduler }) => scheduler.runDue()));
    const sharedRuns = () => instances.reduce((sum, { shared }) => sum + shared.runs.length, 0);

    await round();
    expect(sharedRuns()).toBe(1);
    expect(instances.map(({ local }) => local.runs.length)).toEqual([1, 1]);
    // Not yet a period later: nobody runs it again.
    clock.advance(5 * MINUTE);
    await round();
    expect(sharedRuns()).toBe(1);
    clock.advance(5 * MINUTE);
    await round();
    expect(sharedRuns()).toBe(2);
    expect(instances.map(({ local }) => local.runs.length)).toEqual([2, 2]);
  });

  it('reports a failed run and goes on with the other tasks; the next period retries it', async () => {
    const clock = manualClock(Date.UTC(2026, 0, 3));
    let failures = 1;
    const flaky = counting('test.flaky', { runAtStart: true });
    const flakyTask: PeriodicTask = {
      ...flaky.task,
      run: async () => {
        if (failures-- > 0) throw new Error('store unreachable');
        return flaky.task.run();
      },
    };
    const steady = counting('test.steady', { runAtStart: true });
    const errors: string[] = [];
    const scheduler = new Scheduler(t.services.db, [flakyTask, steady.task], {
      clock,
      onError: (task, error) => errors.push(`${task.name}: ${String(error)}`),
    });
    expect(await scheduler.runDue()).toEqual(['test.steady']);
    expect(errors).toEqual(['test.flaky: Error: store unreachable']);
    clock.advance(10 * MINUTE);
    expect(await scheduler.runDue()).toEqual(['test.flaky', 'test.steady']);
  });

  it('refuses two tasks of one name (each name is one row of scheduled_tasks)', () => {
    const clock = manualClock(0);
    const a = counting('test.same');
    expect(() => new Scheduler(t.services.db, [a.task, a.task], { clock, onError: () => {} })).toThrow(/share a name/);
  });
});
