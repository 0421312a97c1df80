import { z } from '@hono/zod-openapi';
import type { AppConfig } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { MIN_AGE_HINT, parseMinAge, publishedBy } from '../../../lib/min-age/min-age.ts';

/**
 * `min_age`: a minimum release age (`72h`, `7d`, `30m`; `0` for none). A bad value is a 400
 * `invalid_min_age` (app.ts reads the issue's apiCode): quietly ignoring it would install what the
 * caller meant to hold back. Parsed to milliseconds.
 */
export const minAgeParam = z
  .preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string().optional())
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const ms = parseMinAge(value);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: `expected ${MIN_AGE_HINT}`, params: { apiCode: 'invalid_min_age' } });
      return z.NEVER;
    }
    return ms;
  })
  .openapi({
    type: 'string',
    pattern: '^(0|[0-9]{1,6}[mhd])$',
    example: '72h',
    description:
      'Nodeyard: a minimum release age. "Latest" becomes the newest Active, not yanked version published at least ' +
      'this long ago (30m, 72h, 7d; 0 for none). Without it the operator default DEFAULT_MIN_RELEASE_AGE applies ' +
      '(none unless configured). An exact `version` is not affected.',
  });

/** The newest publication time "latest" may have for this request (undefined: no minimum age). */
export function minAgeCutoff(minAgeMs: number | undefined, config: AppConfig, clock: Clock): Date | undefined {
  const ms = minAgeMs ?? config.defaultMinReleaseAgeMs ?? 0;
  return ms > 0 ? publishedBy(clock.now(), ms) : undefined;
}
