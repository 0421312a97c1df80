import { z } from '@hono/zod-openapi';

// Query-parameter schemas shared by the read routes (nodes, versions, comfy-nodes).

/** The first value when a key repeats (`page=1&page=2`): a scalar parameter never fails on that. */
const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * An integer parameter that never fails: missing or non-numeric → the default, out of range →
 * clamped. Clients (Manager) do not check the status of list calls, so a 400 would only break them.
 */
export function clampedInt(options: { default: number; min: number; max: number; description?: string }) {
  return z
    .preprocess(firstValue, z.string().optional())
    .transform((raw) => {
      const parsed = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isFinite(parsed)) return options.default;
      return Math.min(options.max, Math.max(options.min, Math.trunc(parsed)));
    })
    .openapi({
      type: 'integer',
      default: options.default,
      minimum: options.min,
      maximum: options.max,
      ...(options.description ? { description: options.description } : {}),
    });
}

/** `page`: 1-based, default 1. */
export const pageParam = clampedInt({ default: 1, min: 1, max: 1_000_000, description: 'Page number, 1-based.' });

/** `limit`/`pageSize`: default 10, clamped to 1..100. */
export function pageSizeParam(defaultSize = 10, max = 100) {
  return clampedInt({
    default: defaultSize,
    min: 1,
    max,
    description: `Items per page (default ${defaultSize}, at most ${max}; larger values are clamped).`,
  });
}

/** A free-text parameter; a repeated key keeps the first value. */
export const optionalText = z.preprocess(firstValue, z.string().optional());

/**
 * A boolean flag: true/false/1/0 in any case (Python's requests sends `True`); anything else is a
 * 400, since silently guessing a filter would return the wrong records.
 */
export const flagParam = z
  .preprocess(
    (value) => (typeof firstValue(value) === 'string' ? String(firstValue(value)).toLowerCase() : firstValue(value)),
    z.enum(['true', 'false', '1', '0']).optional(),
  )
  .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1'))
  .openapi({ type: 'boolean' });

const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** Upper-cases, restores an offset's "+" that arrived as a space (unencoded query), "T" separator. */
function normalizeInstant(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:\d{2})$/, '$1+$2')
    .replace(' ', 'T');
}

/** A date alone means midnight UTC; a date-time without an offset is taken as UTC. */
function toUtcDate(value: string): Date {
  const text = normalizeInstant(value);
  if (!RFC3339.test(text)) return new Date(Number.NaN);
  if (!text.includes('T')) return new Date(`${text}T00:00:00Z`);
  return new Date(/(?:Z|[+-]\d{2}:\d{2})$/.test(text) ? text : `${text}Z`);
}

/** An RFC 3339 instant → Date; anything unparseable is a 400 (a wrong filter would mislead). */
export const instantParam = z
  .preprocess(firstValue, z.string().optional())
  .refine((value) => value === undefined || !Number.isNaN(toUtcDate(value).getTime()), {
    message: 'Expected an RFC 3339 date-time such as 2026-01-31T12:00:00Z.',
  })
  .transform((value) => (value === undefined ? undefined : toUtcDate(value)))
  .openapi({ type: 'string', format: 'date-time' });
