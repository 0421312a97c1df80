import { z } from '@hono/zod-openapi';
import type { UserRow } from '../../db/rows.ts';

export const AdminUserSchema = z
  .object({
    id: z.string(),
    email: z.string().optional(),
    name: z.string().optional(),
    isAdmin: z.boolean(),
    isApproved: z.boolean(),
    status: z.enum(['UserStatusActive', 'UserStatusBanned']),
    createdAt: z.string(),
    /** Why the account is banned (from the audit entry of its current ban); only while banned. */
    banReason: z.string().optional(),
  })
  .openapi('AdminUser');

export function toAdminUser(row: UserRow, banReason?: string): z.infer<typeof AdminUserSchema> {
  return {
    id: row.id,
    ...(row.email ? { email: row.email } : {}),
    ...(row.name ? { name: row.name } : {}),
    isAdmin: row.isAdmin,
    isApproved: row.isApproved,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...(banReason && row.status === 'UserStatusBanned' ? { banReason } : {}),
  };
}
