import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at, both UTC timestamps set by the database (updated_at by the services). */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
