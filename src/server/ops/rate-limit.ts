import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { countWindowHits } from '../services/rate-limits/window-counters.ts';

export interface RateLimitConfig {
  /** Writes (POST/PUT/PATCH/DELETE) per client IP per window. */
  writesPerIp: number;
  /** Writes per credential (bearer token or X-API-KEY) per window, across all IPs. */
  writesPerCredential: number;
  /** Requests that present a credential, per IP per window: slows down token guessing. */
  authenticatedPerIp: number;
  windowSeconds: number;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A short hash names the credential's bucket: the counter table never holds a usable secret. */
function credentialKey(c: Context<AppEnv>): string | null {
  const secret = c.req.header('authorization') ?? c.req.header('x-api-key');
  return secret ? createHash('sha256').update(secret).digest('hex').slice(0, 24) : null;
}

/**
 * Fixed-window limits kept in the database, so every instance enforces the same budget. Over a
 * limit → 429 with Retry-After (seconds to the next window). Reads without credentials are never
 * counted: they are served from caches and cost one index lookup. Old windows are deleted by a
 * periodic task (requestWindowsSweepTask, periodic-tasks.ts), not on a request's time.
 */
export function rateLimit(config: RateLimitConfig): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const write = WRITE_METHODS.has(c.req.method);
    const credential = credentialKey(c);
    if (!write && !credential) return next();

    // Resolved once per request in app.ts from the trusted proxy hops (http/client-ip.ts).
    const ip = c.get('clientIp');
    const checks: Array<{ bucket: string; limit: number }> = [];
    if (write) checks.push({ bucket: `write:ip:${ip}`, limit: config.writesPerIp });
    if (write && credential) checks.push({ bucket: `write:cred:${credential}`, limit: config.writesPerCredential });
    if (credential) checks.push({ bucket: `auth:ip:${ip}`, limit: config.authenticatedPerIp });

    const { db, clock } = c.get('services');
    const windowMs = config.windowSeconds * 1000;
    const now = clock.now().getTime();
    const windowStart = new Date(now - (now % windowMs));
    const counts = await countWindowHits(
      db,
      checks.map((check) => check.bucket),
      windowStart,
    );
    if (checks.some((check, index) => counts[index]! > check.limit)) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
      return c.json({ error: 'rate_limited', message: `Too many requests. Try again in ${retryAfter} s.` }, 429, {
        'Retry-After': String(retryAfter),
        'Cache-Control': 'private, no-store',
      });
    }
    return next();
  };
}
