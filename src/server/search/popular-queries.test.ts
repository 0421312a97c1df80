import { describe, expect, it } from 'vitest';
import { PopularQueries } from './popular-queries.ts';

describe('PopularQueries', () => {
  it('queues each client once per query, however often it repeats it', () => {
    const queries = new PopularQueries();
    for (let i = 0; i < 50; i++) queries.record('impact pack', 'client-a');
    queries.record('impact pack', 'client-b');
    queries.record('face detailer', 'client-a');
    expect(queries.drainPending()).toEqual([
      { text: 'impact pack', client: 'client-a' },
      { text: 'impact pack', client: 'client-b' },
      { text: 'face detailer', client: 'client-a' },
    ]);
    expect(queries.drainPending()).toEqual([]);
  });

  it('bounds the queue: per client and in total', () => {
    const queries = new PopularQueries({ maxPerClient: 3, maxPending: 5 });
    for (let i = 0; i < 100; i++) queries.record(`text ${i}`, 'flooder');
    expect(queries.pendingSize).toBe(3);
    for (let i = 0; i < 10; i++) queries.record('real query', `client-${i}`);
    expect(queries.pendingSize).toBe(5);
    queries.drainPending();
    // A drain starts a fresh allowance.
    queries.record('text 99', 'flooder');
    expect(queries.pendingSize).toBe(1);
  });

  it('never suggests what was only recorded: only the adopted totals', () => {
    const queries = new PopularQueries();
    for (let i = 0; i < 10; i++) queries.record('wan video', `client-${i}`);
    expect(queries.complete('wan', 5)).toEqual([]);
    queries.replaceAll([{ text: 'wan video', clients: 10, weight: 4 }]);
    expect(queries.complete('wan', 5)).toEqual([{ text: 'wan video', weight: 4, quality: 1.5 }]);
    expect(queries.complete('vid', 5)).toEqual([{ text: 'wan video', weight: 4, quality: 1 }]);
  });

  it('ranks whole-text matches, then weight; keeps at most `capacity`; asks `accept` in rank order', () => {
    const queries = new PopularQueries({ capacity: 3 });
    queries.replaceAll([
      { text: 'video upscale', clients: 9, weight: 9 },
      { text: 'upscale video', clients: 6, weight: 6 },
      { text: 'upscale image', clients: 7, weight: 7 },
      { text: 'upscale latent', clients: 5, weight: 5 },
    ]);
    expect(queries.size).toBe(3);
    expect(queries.complete('upscale', 5).map((q) => q.text)).toEqual([
      'upscale image',
      'upscale video',
      'video upscale',
    ]);
    const asked: string[] = [];
    const accepted = queries.complete('upscale', 1, (text) => {
      asked.push(text);
      return text !== 'upscale image';
    });
    expect(accepted.map((q) => q.text)).toEqual(['upscale video']);
    expect(asked).toEqual(['upscale image', 'upscale video']);
  });
});
