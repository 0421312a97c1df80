import { z } from 'zod';
import type { PopularQuerySettings } from './shared-queries.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Settings of popular-query suggestions (docs/operations.md, "Search suggestions"). */
export const popularQueryEnvShape = {
  /** Distinct clients (addresses; IPv6 by /64) that must run a query within the window before it is suggested. */
  SEARCH_SUGGEST_MIN_CLIENTS: z.coerce.number().int().min(1).max(100_000).default(5),
  /** Days a search counts for; older ones are deleted. */
  SEARCH_SUGGEST_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
};

type PopularQueryEnv = { [K in keyof typeof popularQueryEnvShape]: z.infer<(typeof popularQueryEnvShape)[K]> };

export function popularQuerySettingsFromEnv(env: PopularQueryEnv): Partial<PopularQuerySettings> {
  const windowMs = env.SEARCH_SUGGEST_WINDOW_DAYS * DAY_MS;
  // Interest fades over a quarter of the window (a week by default), so the list follows what people look for now.
  return { minClients: env.SEARCH_SUGGEST_MIN_CLIENTS, windowMs, halfLifeMs: windowMs / 4 };
}
