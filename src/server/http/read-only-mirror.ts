import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { forbidden } from '../errors.ts';

// A read-only mirror (MIRROR_UPSTREAM) serves the upstream's catalogue and takes no writes: every
// request that could change something answers 403 read_only_mirror. POSTs that only read (the
// workflow resolver, bulk version lookups) and GETs stay open; installs are counted locally.
const READS_BY_POST = new Set(['/workflows/resolve', '/bulk/nodes/versions']);

export function readOnlyMirror(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    if (method === 'POST' && READS_BY_POST.has(c.req.path.replace(/\/+$/, ''))) return next();
    throw forbidden(
      'This registry is a read-only mirror of another one: publish, edit and moderate there.',
      'read_only_mirror',
    );
  };
}
