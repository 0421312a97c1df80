import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { nodeVersions } from './node-versions.ts';
import { nodes } from './nodes.ts';
import { users } from './users.ts';

/** Why a user reports a pack; text (not an enum) so a new reason needs no migration. */
export const REPORT_REASONS = ['malware', 'broken', 'spam', 'license', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** open → resolved (acted on) or dismissed (nothing to do). Only open reports are in the queue. */
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A signed-in user's report about a pack (or one version of it), triaged by admins. The reporter's
 * id stays here and in admin responses only: public responses never name who reported what.
 */
export const packReports = pgTable(
  'pack_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeId: text('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    /** Null when the report is about the pack as a whole. */
    nodeVersionId: uuid('node_version_id').references(() => nodeVersions.id, { onDelete: 'cascade' }),
    reporterUserId: text('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    /**
     * Whether this report counts toward quarantining the pack: false once the reporter spent the day's quota of
     * such reports (services/quarantine/), so nobody quarantines packs at will; it is still triaged.
     */
    canQuarantine: boolean('can_quarantine').notNull().default(false),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    resolutionNote: text('resolution_note').notNull().default(''),
    resolvedByUserId: text('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('pack_reports_status_created_idx').on(t.status, t.createdAt),
    // The per-user hourly limit counts a reporter's recent rows.
    index('pack_reports_reporter_created_idx').on(t.reporterUserId, t.createdAt),
  ],
);
