import type { UserRow } from '../../db/rows.ts';

export function toApiUser(user: UserRow) {
  return {
    id: user.id,
    ...(user.email ? { email: user.email } : {}),
    ...(user.name ? { name: user.name } : {}),
    isApproved: user.isApproved,
    isAdmin: user.isAdmin,
  };
}
