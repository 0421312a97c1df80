import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { nodeVersions } from './node-versions.ts';
import { nodes } from './nodes.ts';
import type { FindingSeverity } from '../../analysis/scan/rules.ts';
import type { CapabilitySummary } from '../../analysis/capabilities/capability.ts';

export type { FindingSeverity };

/**
 * What the security scanner found in one version's archive. Replaced as a whole on every scan
 * (the rows of one scan share ruleset_version), so the table always shows the latest verdict.
 */
export const versionScanFindings = pgTable(
  'version_scan_findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeVersionId: uuid('node_version_id')
      .notNull()
      .references(() => nodeVersions.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull(),
    severity: text('severity').$type<FindingSeverity>().notNull(),
    /** Path inside the archive ('' for archive-level findings). */
    file: text('file').notNull().default(''),
    /** 1-based line, or null when the finding is about the whole file. */
    line: integer('line'),
    snippet: text('snippet').notNull().default(''),
    message: text('message').notNull(),
    rulesetVersion: text('ruleset_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('version_scan_findings_version_idx').on(t.nodeVersionId)],
);

/**
 * Bookkeeping of the last scan of a version (one row per version, upserted): which rule set judged
 * it, when, how much was read, and the outcome. A separate table so node_versions stays the
 * contract's shape.
 */
export const versionScans = pgTable('version_scans', {
  nodeVersionId: uuid('node_version_id')
    .primaryKey()
    .references(() => nodeVersions.id, { onDelete: 'cascade' }),
  /** 'clean' | 'flagged' | 'failed'. */
  outcome: text('outcome').notNull(),
  rulesetVersion: text('ruleset_version').notNull(),
  filesScanned: integer('files_scanned').notNull().default(0),
  bytesScanned: integer('bytes_scanned').notNull().default(0),
  durationMs: integer('duration_ms').notNull().default(0),
  /** Files skipped because of the limits (too many, too large, out of time). */
  skipped: integer('skipped').notNull().default(0),
  error: text('error'),
  /**
   * The status and reason the pipeline itself set on the version (null when it left the status alone).
   * A rescan may only overturn the scanner's own verdict, never an admin's.
   */
  appliedStatus: text('applied_status'),
  appliedReason: text('applied_reason'),
  /**
   * What the code can do and where (analysis/capabilities/, a CapabilitySummary); null for a version
   * scanned before summaries existed, until the capabilities backfill or a rescan fills it.
   */
  capabilities: jsonb('capabilities').$type<CapabilitySummary>(),
  scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A node class name that this version defines and another pack also defines: ComfyUI keeps only
 * one class per name, so installing both silently shadows one. Recorded, not blocking.
 */
export const comfyNodeCollisions = pgTable(
  'comfy_node_collisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeVersionId: uuid('node_version_id')
      .notNull()
      .references(() => nodeVersions.id, { onDelete: 'cascade' }),
    comfyNodeName: text('comfy_node_name').notNull(),
    otherNodeId: text('other_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comfy_node_collisions_key').on(t.nodeVersionId, t.comfyNodeName, t.otherNodeId),
    index('comfy_node_collisions_other_idx').on(t.otherNodeId),
  ],
);
