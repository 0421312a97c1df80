import { z } from '@hono/zod-openapi';
import type { UserRow } from '../../db/rows.ts';

export const AdminUserSchema = z
  .object({
    id: z.string(),
    email: z.string().optional(),
    name: z.string().optional(),
    isAdmin: z.boolean(),
    isTrustedReporter: z
      .boolean()
      .openapi({ description: 'A trusted reporter: their reports can quarantine a pack’s latest version.' }),
    isApproved: z.boolean(),
    status: z.enum(['UserStatusActive', 'UserStatusBanned']),
    createdAt: z.string(),
    /** Why the account is banned (kept with the account); only while banned. */
    banReason: z.string().optional(),
    bannedAt: z.string().optional().openapi({ description: 'When the current ban began; only while banned.' }),
  })
  .openapi('AdminUser');

export function toAdminUser(row: UserRow): z.infer<typeof AdminUserSchema> {
  const banned = row.status === 'UserStatusBanned';
  return {
    id: row.id,
    ...(row.email ? { email: row.email } : {}),
    ...(row.name ? { name: row.name } : {}),
    isAdmin: row.isAdmin,
    isTrustedReporter: row.isTrustedReporter,
    isApproved: row.isApproved,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...(banned && row.banReason ? { banReason: row.banReason } : {}),
    ...(banned && row.bannedAt ? { bannedAt: row.bannedAt.toISOString() } : {}),
  };
}
