import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleThreads } from './idle-threads.ts';

// A thread that stays up until it is terminated, like an analysis or reader thread between tasks.
const startThread = () =>
  new Worker("require('node:worker_threads').parentPort.on('message', () => {})", { eval: true });

describe('IdleThreads', () => {
  afterEach(() => vi.useRealTimers());

  it('hands a parked thread out again, once, and only for its own key', async () => {
    const shelf = new IdleThreads(60_000);
    const worker = startThread();
    shelf.park(worker, '1024');
    expect(shelf.take('256')).toBeUndefined();
    expect(shelf.take('1024')).toBe(worker);
    expect(shelf.take('1024')).toBeUndefined();
    await worker.terminate();
  });

  it('never hands out a thread whose idle time ran out, even before it has exited', async () => {
    vi.useFakeTimers();
    const shelf = new IdleThreads(1_000);
    const worker = startThread();
    const exited = once(worker, 'exit');
    shelf.park(worker);
    vi.advanceTimersByTime(1_000);
    // The thread is terminating now; handing it out would answer the next task with exit code 1.
    expect(shelf.take()).toBeUndefined();
    expect(shelf.size).toBe(0);
    vi.useRealTimers();
    await exited;
  });

  it('endAll empties the shelf at once and ends every thread', async () => {
    const shelf = new IdleThreads(60_000);
    const workers = [startThread(), startThread()];
    const exits = workers.map((worker) => once(worker, 'exit'));
    for (const worker of workers) shelf.park(worker);
    const ending = shelf.endAll();
    expect(shelf.take()).toBeUndefined();
    await ending;
    await Promise.all(exits);
    expect(workers.map((worker) => worker.threadId)).toEqual([-1, -1]);
  });

  it('forgets a thread that exited on its own', async () => {
    const shelf = new IdleThreads(60_000);
    const worker = startThread();
    shelf.park(worker);
    shelf.forget(worker);
    expect(shelf.size).toBe(0);
    await worker.terminate();
  });
});
