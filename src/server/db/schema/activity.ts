import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns.ts';
import { jobStatus } from './enums.ts';
import { nodes } from './nodes.ts';
import { users } from './users.ts';

/** Installs per node per UTC day (the downloads-over-time chart and the total). */
export const nodeDownloadsDaily = pgTable(
  'node_downloads_daily',
  {
    nodeId: text('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.day] })],
);

/** Star ratings: one per user per node, changeable. */
export const nodeReviews = pgTable(
  'node_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeId: text('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    star: integer('star').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('node_reviews_node_user_key').on(t.nodeId, t.userId)],
);

/** Who did what, with the record before and after. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: text('actor_user_id'),
    /** 'user', 'token' (a personal access token), or 'system'. */
    actorKind: text('actor_kind').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId),
  ],
);

/** Background work (scans, extraction). Workers claim rows with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: jobStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** The kind's deduplication key (jobs/job-kind.ts): null when the kind never deduplicates. */
    dedupeKey: text('dedupe_key'),
    ...timestamps,
  },
  (t) => [
    index('jobs_status_run_at_idx').on(t.status, t.runAt),
    index('jobs_kind_idx').on(t.kind),
    // At most one job per kind and key that waits for its first attempt: a second enqueue is a no-op.
    // Retries (attempts > 0) are outside it, so putting a failed attempt back never conflicts.
    uniqueIndex('jobs_waiting_dedupe_key')
      .on(t.kind, t.dedupeKey)
      .where(sql`${t.status} = 'queued' AND ${t.attempts} = 0 AND ${t.dedupeKey} IS NOT NULL`),
  ],
);

/**
 * The last run of each periodic task that runs on one instance at a time (jobs/scheduler.ts): an
 * instance runs such a task only after moving `last_run_at` forward itself, in one statement.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }).notNull(),
});
