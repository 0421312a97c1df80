import { afterAll, describe, expect, it } from 'vitest';
import { pngWithText, webpWithExif } from '../test-images.ts';
import { WorkflowInputError } from '../workflow-input-error.ts';
import { ReaderBusy, WorkflowReaderPool } from './reader-pool.ts';

const workflow = JSON.stringify({ nodes: [{ id: 1, type: 'ImpactWildcard', properties: { cnr_id: 'impact-pack' } }] });
const png = pngWithText([{ kind: 'tEXt', keyword: 'workflow', text: workflow }]);
/** 2 MB of small JSON values: parsing it alone takes milliseconds on any machine. */
const bigJson = new TextEncoder().encode(`[${'{},'.repeat(690_000)}{}]`);

const pools: WorkflowReaderPool[] = [];
const pool = (limits: ConstructorParameters<typeof WorkflowReaderPool>[0] = {}) => {
  const created = new WorkflowReaderPool(limits);
  pools.push(created);
  return created;
};
afterAll(async () => {
  await Promise.all(pools.map((created) => created.endIdleThreads()));
});

/** How a read ended: its value or its error. */
const settle = <T>(read: Promise<T>): Promise<{ value?: T; error?: unknown }> =>
  read.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('WorkflowReaderPool', () => {
  it('reads a workflow in a thread: classes, hints and subgraphs come back whole', async () => {
    const read = await pool().read({ kind: 'png', bytes: png, contentType: 'image/png' });
    expect(read.format).toBe('ui');
    expect([...read.classes.values()]).toEqual([{ name: 'ImpactWildcard', packHints: new Set(['impact-pack']) }]);
    expect(read.subgraphIds).toEqual(new Set());
  });

  it('answers hostile input with its WorkflowInputError, then keeps reading with the same pool', async () => {
    const readers = pool();
    const hostile = webpWithExif(['workflow:{'.repeat(100_000)]);
    const { error } = await settle(readers.read({ kind: 'webp', bytes: hostile, contentType: 'image/webp' }));
    expect(error).toBeInstanceOf(WorkflowInputError);
    expect(error).toMatchObject({ status: 400, code: 'no_workflow_in_image' });
    const next = await readers.read({ kind: 'file', bytes: png, contentType: 'application/octet-stream' });
    expect([...next.classes.keys()]).toEqual(['ImpactWildcard']);
  });

  it('refuses a read when every thread is busy and the queue is full (the caller answers 429)', async () => {
    const readers = pool({ threads: 1, maxQueued: 1 });
    const reads = [1, 2, 3].map(() => settle(readers.read({ kind: 'png', bytes: png, contentType: 'image/png' })));
    const [first, queued, refused] = await Promise.all(reads);
    expect(first).toHaveProperty('value');
    expect(queued).toHaveProperty('value');
    expect(refused!.error).toBeInstanceOf(ReaderBusy);
  });

  it('ends a read that passes its time cap with a 413 (its thread with it)', async () => {
    const readers = pool({ timeoutMs: 1 });
    const { error } = await settle(readers.read({ kind: 'json', bytes: bigJson, contentType: 'application/json' }));
    expect(error).toMatchObject({ status: 413, code: 'workflow_too_large' });
    expect((error as Error).message).toContain('longer than 1 ms');
  });

  it('ends a read that blows the thread heap with a 413', async () => {
    const readers = pool({ maxHeapMb: 4 });
    const { error } = await settle(readers.read({ kind: 'json', bytes: bigJson, contentType: 'application/json' }));
    expect(error).toMatchObject({ status: 413, code: 'workflow_too_large' });
    expect((error as Error).message).toContain('more than 4 MB of memory');
  });
});
