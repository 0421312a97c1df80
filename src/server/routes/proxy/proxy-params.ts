import { z } from '@hono/zod-openapi';
import { TASK_ID_PATTERN } from '../../services/vendor-proxy/vendor-url.ts';

/** The `{name}` parameters of a contract path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** The zod object validating a route's path parameters (task ids, or digits only). */
export function paramsSchema(path: string, integerParams: string[] = []) {
  const shape = Object.fromEntries(
    pathParamNames(path).map((name) => [
      name,
      (integerParams.includes(name)
        ? z.string().regex(/^\d{1,20}$/, 'must be a number')
        : z.string().regex(TASK_ID_PATTERN, 'must be a task id: letters, digits, ".", "_", "-" or "~"')
      ).openapi({ param: { name, in: 'path' } }),
    ]),
  );
  return z.object(shape);
}

/** The vendor path segments for a proxy path: `/proxy/<vendor>/a/{id}` → `['a', <id>]`. */
export function vendorSegments(path: string, params: Record<string, string>): string[] {
  const [, , , ...rest] = path.split('/');
  return rest.map((segment) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    return name === undefined ? segment : params[name]!;
  });
}

/** A query object as ordered pairs (arrays repeat their key), skipping unset values. */
export function queryPairs(query: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, String(item)]);
  }
  return pairs;
}

const MEDIA_RANGE_LIST =
  /^[\w.+*-]+\/[\w.+*-]+(\s*;\s*q=[01](\.\d{1,3})?)?(\s*,\s*[\w.+*-]+\/[\w.+*-]+(\s*;\s*q=[01](\.\d{1,3})?)?){0,9}$/;

/** The caller's Accept header when it is a plain list of media ranges, else the default. */
export function safeAccept(accept: string | undefined, fallback: string): string {
  return accept && accept.length <= 200 && MEDIA_RANGE_LIST.test(accept.trim()) ? accept.trim() : fallback;
}
