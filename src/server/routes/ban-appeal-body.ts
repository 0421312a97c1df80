import { z } from '@hono/zod-openapi';

/** What a banned person writes to the administrators when appealing a ban. */
export const BanAppealBody = z
  .object({
    message: z.string().trim().min(1).max(2000).openapi({
      description: 'Why the ban should be lifted: what happened, what changed since.',
    }),
  })
  .openapi('BanAppealRequest');
