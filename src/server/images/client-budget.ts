import { clientBlock } from '../http/client-block.ts';
import type { Clock } from '../clock.ts';

// How many new images one client may make the server fetch and decode: a token bucket per client,
// kept in this process's memory. In memory rather than in the database (ops/rate-limit.ts) because
// what it protects is this instance's CPU, so a per-instance budget is the right one; because the
// check sits on the path it protects (a database write per image would add load where we shed
// it); and because the image endpoint sits in front of the API app. Only work counts: cache hits
// and requests that join one already in flight cost nothing. IPv6 clients are counted by /64, the
// block one subscriber holds, so rotating addresses inside it gains nothing. The table of buckets is
// bounded: past `maxClients`, the least recently seen client is forgotten (a full bucket again).

export interface ClientBudgetOptions {
  /** Tokens a client gets back per minute. */
  perMinute: number;
  /** Most tokens a client can hold (the burst a fresh page view may spend). */
  burst: number;
  clock: Clock;
  maxClients?: number;
}

export type BudgetDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export function createClientBudget(options: ClientBudgetOptions) {
  const buckets = new Map<string, Bucket>();
  const maxClients = options.maxClients ?? 10_000;
  const perMs = options.perMinute / 60_000;

  return {
    /** Takes one token for this client, or says how long until it has one. */
    take(address: string): BudgetDecision {
      const key = clientBlock(address);
      const now = options.clock.now().getTime();
      const bucket = buckets.get(key) ?? { tokens: options.burst, at: now };
      buckets.delete(key);
      bucket.tokens = Math.min(options.burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
      bucket.at = now;
      buckets.set(key, bucket);
      if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
    },
  };
}

export type ClientBudget = ReturnType<typeof createClientBudget>;
