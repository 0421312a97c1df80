import { describe, expect, it } from 'vitest';
import { createDecodeGate, DecodeBusy } from './decode-gate.ts';

// The turn-taking of image decodes, with work the test finishes by hand (no timing involved).

function heldWork() {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('the decode gate', () => {
  it('runs `concurrency` at once, queues `maxWaiting` more, and refuses the rest at once', async () => {
    const gate = createDecodeGate({ concurrency: 1, maxWaiting: 1, maxWaitMs: 60_000 });
    const first = heldWork();
    const second = heldWork();
    const running = gate.run(first.work);
    const queued = gate.run(second.work);
    expect(gate.stats()).toEqual({ active: 1, waiting: 1 });
    await expect(gate.run(async () => 'third')).rejects.toBeInstanceOf(DecodeBusy);

    first.finish('one');
    expect(await running).toBe('one');
    expect(gate.stats()).toEqual({ active: 1, waiting: 0 });
    second.finish('two');
    expect(await queued).toBe('two');
    expect(gate.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it('gives up on a turn that does not come within maxWaitMs, and frees the place in the queue', async () => {
    const gate = createDecodeGate({ concurrency: 1, maxWaiting: 1, maxWaitMs: 0 });
    const first = heldWork();
    const running = gate.run(first.work);
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(DecodeBusy);
    expect(gate.stats()).toEqual({ active: 1, waiting: 0 });
    first.finish('one');
    await running;
  });

  it('frees the turn when the work fails', async () => {
    const gate = createDecodeGate({ concurrency: 1, maxWaiting: 0, maxWaitMs: 0 });
    await expect(gate.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
