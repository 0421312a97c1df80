import { z } from '@hono/zod-openapi';

// The shape of a ban as the banned person reads it (their account in GET /users, a publisher they belong to in the
// publisher routes): Nodeyard extensions, absent while nothing is banned.

export const BanAppealSchema = z
  .object({
    id: z.string(),
    message: z.string().openapi({ description: 'What the appellant wrote.' }),
    created_at: z.string(),
    status: z.enum(['open', 'lifted', 'upheld']).openapi({
      description: '`open` until an admin answers; `upheld` when the ban stands (see `response`).',
    }),
    response: z.string().nullable().openapi({ description: "The admin's answer, once there is one." }),
    decided_at: z.string().nullable(),
  })
  .openapi('BanAppeal');

export const BanSchema = z
  .object({
    reason: z.string().nullable().openapi({ description: 'Why, in the words of the admin who banned it.' }),
    banned_at: z.string(),
    // A union, not `.nullable()`: that would make the BanAppeal component itself nullable for every user of it.
    appeal: z.union([BanAppealSchema, z.null()]).openapi({
      description: 'The latest appeal made against this ban, or null when none was made.',
    }),
  })
  .openapi('Ban');
