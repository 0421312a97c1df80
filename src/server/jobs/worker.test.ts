import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertNode, insertPublisher } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';
import { jobs, nodeVersions } from '../db/schema/index.ts';
import { acceptUploadedArchive } from '../services/archives/accept-upload.ts';
import { z } from 'zod';
import { composeServices } from '../compose-services.ts';
import { backoffMs, claimJob, enqueueJob, retryJob } from './queue.ts';
import { defineJobKind, InvalidJobPayload } from './job-kind.ts';
import { JobWorker, type JobHandler } from './worker.ts';
import { defaultJobHandlers } from '../job-handlers.ts';
import { createLogger } from '../ops/logger.ts';

const noPayload = z.object({});
const FLAKY = defineJobKind({ name: 'test.flaky', payload: noPayload, dedupeKey: () => null, maxAttempts: 3 });
const LEAKY = defineJobKind({ name: 'test.leaky', payload: noPayload, dedupeKey: () => null, maxAttempts: 1 });
const SLOW = defineJobKind({ name: 'test.slow', payload: noPayload, dedupeKey: () => null });
const UNKNOWN = defineJobKind({ name: 'test.unknown', payload: noPayload, dedupeKey: () => null });
/** One waiting job per item id; `count` must be a positive integer. */
const ITEM = defineJobKind({
  name: 'test.item',
  payload: z.object({ itemId: z.string().min(1), count: z.number().int().positive() }),
  dedupeKey: ({ itemId }) => itemId,
});

describe('JobWorker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const jobRow = async (id: number) => (await t.services.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('retries a failing job with exponential backoff, then fails it for good with the last error', async () => {
    let calls = 0;
    const givenUp: string[] = [];
    const flaky: JobHandler = {
      kind: FLAKY,
      run: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
      onGiveUp: async (_tx, _job, error) => {
        givenUp.push(error);
      },
    };
    const worker = new JobWorker(t.services, [flaky], { log: () => {}, backoffBaseMs: 60_000 });
    const job = await enqueueJob(t.services.db, FLAKY, {});
    expect(await worker.runDue()).toBe(1);
    const afterFirst = await jobRow(job.id);
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    // Not due again before its backoff.
    expect(afterFirst.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await worker.runDue()).toBe(0);
    // Make it due and let it use up its attempts.
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      await t.services.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.id, job.id));
      expect(await worker.runDue()).toBe(1);
    }
    expect(await jobRow(job.id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect(givenUp).toEqual(['boom 3']);
    expect(backoffMs(1)).toBe(5_000);
    expect(backoffMs(3)).toBe(20_000);
    expect(backoffMs(30)).toBe(600_000);
  });

  it('reports failures through the redacting JSON logger, tokens scrubbed', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const leaky: JobHandler = {
      kind: LEAKY,
      run: async () => {
        throw new Error('upstream refused nyd_pat_0123456789abcdef');
      },
    };
    const worker = new JobWorker(t.services, [leaky], { logger: createLogger({ destination }) });
    await enqueueJob(t.services.db, LEAKY, {});
    expect(await worker.runDue()).toBe(1);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'warn',
      component: 'jobs',
      kind: 'test.leaky',
      attempt: 1,
      msg: expect.stringContaining('failed (giving up): upstream refused [REDACTED]'),
    });
    expect(lines[0]).not.toContain('nyd_pat_');
  });

  it('keeps renewing the lock of a long job, so no other worker takes it for abandoned', async () => {
    // The queue's clock is the database's now() and the heartbeat is a timer: time passes here by
    // ageing the lock in the database and firing the heartbeat timer by hand, so nothing waits.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const staleMs = 60_000;
      let runs = 0;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const slow: JobHandler = {
        kind: SLOW,
        run: async () => {
          runs += 1;
          started();
          await finished;
        },
      };
      const owner = new JobWorker(t.services, [slow], { log: () => {}, staleMs });
      const other = new JobWorker(t.services, [slow], { log: () => {}, staleMs });
      const job = await enqueueJob(t.services.db, SLOW, {});
      const ran = owner.runDue();
      await running;
      // An hour "goes by" while the job runs: its lock is now far older than staleMs…
      await t.services.db
        .update(jobs)
        .set({ lockedAt: sql`now() - interval '1 hour'` })
        .where(eq(jobs.id, job.id));
      // …until the owner's heartbeat (every staleMs / 3) renews it.
      vi.advanceTimersByTime(staleMs / 3);
      await vi.waitFor(async () => {
        expect((await jobRow(job.id)).lockedAt!.getTime()).toBeGreaterThan(Date.now() - staleMs);
      }, 10_000);
      expect(await other.reapStale()).toBe(0);
      finish();
      expect(await ran).toBe(1);
      expect(runs).toBe(1);
      expect(await jobRow(job.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores kinds it has no handler for', async () => {
    const job = await enqueueJob(t.services.db, UNKNOWN, {});
    expect(await new JobWorker(t.services, [], { log: () => {} }).runDue()).toBe(0);
    expect((await jobRow(job.id)).status).toBe('queued');
  });

  it('a started worker scans an accepted upload by itself, woken at once, and stops cleanly', async () => {
    const publisher = await insertPublisher(t.services.db);
    await insertNode(t.services.db, { publisherId: publisher.id, id: 'live-pack' });
    const version = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId: 'live-pack',
      version: '1.0.0',
      bytes: buildZip(samplePackFiles()),
      status: 'NodeVersionStatusPending',
    });
    // Stand the acceptance path in: enqueue + wake-up happen inside acceptUploadedArchive.
    const { archives } = await import('../db/schema/index.ts');
    await t.services.db.update(archives).set({ uploadedAt: null }).where(eq(archives.id, version.archiveId!));
    const worker = new JobWorker(t.services, defaultJobHandlers(), { log: () => {}, pollMs: 60_000 });
    worker.start();
    try {
      const [archive] = await t.services.db.select().from(archives).where(eq(archives.id, version.archiveId!));
      expect((await acceptUploadedArchive(t.services, archive!.key)).status).toBe('accepted');
      // The poll interval is a minute: only the in-process wake-up can make this pass in time.
      await vi.waitFor(
        async () => {
          const [row] = await t.services.db
            .select({ status: nodeVersions.status })
            .from(nodeVersions)
            .where(eq(nodeVersions.id, version.id));
          expect(row!.status).not.toBe('NodeVersionStatusPending');
        },
        { timeout: 10_000, interval: 20 },
      );
      const [{ status }] = (await t.services.db
        .select({ status: nodeVersions.status })
        .from(nodeVersions)
        .where(eq(nodeVersions.id, version.id))) as [{ status: string }];
      expect(status).toBe('NodeVersionStatusActive');
    } finally {
      await worker.stop();
    }
  });

  it('refuses a payload its kind does not declare, at enqueue (typecheck and runtime), writing nothing', async () => {
    const before = await t.services.db.select().from(jobs).where(eq(jobs.kind, ITEM.name));
    // @ts-expect-error -- `count` must be a number: the declaration types the payload.
    const wrongType = enqueueJob(t.services.db, ITEM, { itemId: 'a', count: 'three' });
    await expect(wrongType).rejects.toThrow(InvalidJobPayload);
    await expect(enqueueJob(t.services.db, ITEM, { itemId: 'a', count: -1 })).rejects.toThrow(
      /Invalid payload for job test\.item: .*count/,
    );
    expect(await t.services.db.select().from(jobs).where(eq(jobs.kind, ITEM.name))).toEqual(before);
  });

  it('fails a stored row whose payload does not parse for good, logged, without running it or stopping', async () => {
    const lines: string[] = [];
    const seen: unknown[] = [];
    const item: JobHandler<{ itemId: string; count: number }> = {
      kind: ITEM,
      run: async (_services, job) => {
        seen.push(job.payload);
      },
      onGiveUp: async () => {
        throw new Error('onGiveUp must not see an unreadable payload');
      },
    };
    const worker = new JobWorker(t.services, [item], { log: (line) => lines.push(line) });
    // A row written by older code (or by hand), past the schema: the worker must cope.
    const [bad] = await t.services.db
      .insert(jobs)
      .values({ kind: ITEM.name, payload: { itemId: 7 }, maxAttempts: 5 })
      .returning();
    const good = await enqueueJob(t.services.db, ITEM, { itemId: 'fine', count: 2 });
    expect(await worker.runDue()).toBe(2);
    expect(await jobRow(bad!.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await jobRow(bad!.id)).lastError).toMatch(/Invalid payload for job test\.item: .*itemId/);
    expect(lines.join('\n')).toMatch(/test\.item #\d+ attempt 1\/5 failed \(giving up\): Invalid payload/);
    expect(await jobRow(good.id)).toMatchObject({ status: 'succeeded' });
    expect(seen).toEqual([{ itemId: 'fine', count: 2 }]);
  });

  it("deduplicates by the kind's key while a job waits for its first attempt, and never blocks a retry", async () => {
    const waiting = await enqueueJob(t.services.db, ITEM, { itemId: 'dup', count: 1 });
    const again = await enqueueJob(t.services.db, ITEM, { itemId: 'dup', count: 2 });
    expect(again.id).toBe(waiting.id);
    // Another key is another job.
    const other = await enqueueJob(t.services.db, ITEM, { itemId: 'dup-2', count: 1 });
    expect(other.id).not.toBe(waiting.id);
    // Once it started, a new request is a new job (the running one may have read the old state)…
    const claimed = await claimJob(t.services.db, [ITEM.name], 'test-worker');
    expect(claimed!.id).toBe(waiting.id);
    const next = await enqueueJob(t.services.db, ITEM, { itemId: 'dup', count: 3 });
    expect(next.id).not.toBe(waiting.id);
    // …and the first one's failed attempt goes back to the queue beside it.
    await retryJob(t.services.db, claimed!, 'test-worker', 'try again');
    expect(await jobRow(waiting.id)).toMatchObject({ status: 'queued', attempts: 1 });
    const rows = await t.services.db.select().from(jobs).where(eq(jobs.dedupeKey, 'dup'));
    expect(rows.map((row) => row.id).sort()).toEqual([waiting.id, next.id].sort());
    await t.services.db.delete(jobs).where(eq(jobs.kind, ITEM.name));
  });

  it("wakes only its own app's worker: two apps in one process never wake each other", async () => {
    const { db, config, identity, storage } = t.services;
    const otherApp = composeServices({ db, config, identity, storage });
    let ours = 0;
    let theirs = 0;
    const stopOurs = t.services.jobs.onWake(() => (ours += 1));
    const stopTheirs = otherApp.jobs.onWake(() => (theirs += 1));
    try {
      await otherApp.jobs.enqueue(UNKNOWN, {});
      expect({ ours, theirs }).toEqual({ ours: 0, theirs: 1 });
      t.services.jobs.wake();
      expect({ ours, theirs }).toEqual({ ours: 1, theirs: 1 });
    } finally {
      stopOurs();
      stopTheirs();
      await db.delete(jobs).where(eq(jobs.kind, UNKNOWN.name));
    }
  });
});
