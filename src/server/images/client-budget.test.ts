import { describe, expect, it } from 'vitest';
import { clientBlock } from '../http/client-block.ts';
import { createClientBudget } from './client-budget.ts';

describe('the per-client image budget', () => {
  it('counts IPv4 by address (mapped forms too) and IPv6 by /64', () => {
    expect(clientBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientBlock('2001:db8:1:2::1')).toBe(clientBlock('2001:db8:1:2:ffff::9'));
    expect(clientBlock('2001:db8:1:2::1')).not.toBe(clientBlock('2001:db8:1:3::1'));
  });

  it('refills at perMinute and says when the next token comes', () => {
    let now = 0;
    const budget = createClientBudget({ perMinute: 6, burst: 2, clock: { now: () => new Date(now) } });
    expect(budget.take('a')).toEqual({ ok: true });
    expect(budget.take('a')).toEqual({ ok: true });
    expect(budget.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 });
    now += 5_000;
    expect(budget.take('a')).toEqual({ ok: false, retryAfterSeconds: 5 });
    now += 5_000;
    expect(budget.take('a')).toEqual({ ok: true });
  });

  it('forgets the least recently seen client past maxClients', () => {
    const budget = createClientBudget({ perMinute: 1, burst: 1, clock: { now: () => new Date(0) }, maxClients: 2 });
    budget.take('a');
    budget.take('b');
    budget.take('c'); // 'a' is forgotten: a full bucket again
    expect(budget.take('a')).toEqual({ ok: true });
    expect(budget.take('c').ok).toBe(false);
  });
});
