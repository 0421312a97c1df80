import { z } from 'zod';

/** Settings of the in-process response cache (docs/operations.md, "Response cache"). */
export const responseCacheEnvShape = {
  /** Upper bound of the cache's memory in bytes (bodies in every encoding + headers); 0 turns it off. */
  RESPONSE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /**
   * Longest time an entry is served. Edits invalidate at once; this only bounds how old the parts
   * that change without an edit (download counts, relative dates) may get.
   */
  RESPONSE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
};
