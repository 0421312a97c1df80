import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { rateLimitCounters } from './db/schema/index.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { defaultPeriodicTasks } from './periodic-tasks.ts';
import { SearchSync } from './services/search-index/search-sync.ts';

const HOUR = 60 * 60_000;
/** On a window boundary, so "this window" and "the previous one" are plain to read. */
const START = Date.UTC(2026, 5, 1, 12);

describe('the periodic tasks', () => {
  let t: TestApp;
  let now = START;
  const clock = { now: () => new Date(now) };
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const tasks = () =>
    defaultPeriodicTasks(t.services, new SearchSync(t.services.db, t.services.search), {
      changeRetentionDays: 30,
      rateLimitWindowSeconds: 60,
    });

  it('are one list: each with its period and whether it runs on one instance or on each', () => {
    expect(tasks().map(({ name, everyMs, scope }) => ({ name, everyMs, scope }))).toEqual([
      { name: 'change-feed.prune', everyMs: HOUR, scope: 'one-instance' },
      { name: 'archives.sweep-abandoned-uploads', everyMs: 10 * 60_000, scope: 'one-instance' },
      { name: 'nodes.sweep-install-claims', everyMs: HOUR, scope: 'one-instance' },
      { name: 'rate-limits.sweep-windows', everyMs: 60_000, scope: 'one-instance' },
      { name: 'search.refresh-counts', everyMs: 60_000, scope: 'each-instance' },
      { name: 'search.share-queries', everyMs: 5_000, scope: 'each-instance' },
    ]);
    const off = defaultPeriodicTasks(t.services, new SearchSync(t.services.db, t.services.search), {
      changeRetentionDays: 30,
      rateLimitWindowSeconds: null,
    });
    expect(off.map((task) => task.name)).not.toContain('rate-limits.sweep-windows');
  });

  it('sweep old install claims and rate-limit windows on the clock, keeping the current ones', async () => {
    const at = (ms: number) => new Date(ms);
    await t.services.db.insert(rateLimitCounters).values([
      { bucket: 'install:old', windowStart: at(START - 2 * HOUR), hits: 1 },
      { bucket: 'install:current', windowStart: at(START), hits: 1 },
      { bucket: 'write:ip:old', windowStart: at(START - 60_000), hits: 3 },
      { bucket: 'write:ip:previous', windowStart: at(START), hits: 3 },
    ]);
    const errors: unknown[] = [];
    const scheduler = new Scheduler(t.services.db, tasks(), { clock, onError: (_task, error) => errors.push(error) });
    // Neither sweep runs at start: a minute later the request windows are due, the claims not yet.
    now += 60_000;
    expect(await scheduler.runDue()).toContain('rate-limits.sweep-windows');
    const buckets = async () =>
      (await t.services.db.select({ bucket: rateLimitCounters.bucket }).from(rateLimitCounters))
        .map((row) => row.bucket)
        .sort();
    // At 12:01 the previous window (12:00) stays; 11:59 and older go. Install claims are not request windows.
    expect(await buckets()).toEqual(['install:current', 'install:old', 'write:ip:previous']);
    now = START + HOUR;
    expect(await scheduler.runDue()).toContain('nodes.sweep-install-claims');
    expect(await buckets()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
