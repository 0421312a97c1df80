import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { archives } from './archives.ts';
import { timestamps } from './columns.ts';
import { nodeVersionStatus } from './enums.ts';
import { nodes } from './nodes.ts';

/** One published version of a node. (node_id, version) is unique forever: numbers are never reused. */
export const nodeVersions = pgTable(
  'node_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeId: text('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    changelog: text('changelog').notNull().default(''),
    dependencies: jsonb('dependencies').$type<string[]>().notNull().default([]),
    deprecated: boolean('deprecated').notNull().default(false),
    /** What the publisher says about a deprecated version (what to use instead); '' when none. */
    deprecationMessage: text('deprecation_message').notNull().default(''),
    /**
     * When the version was yanked (PEP 592): it stays installable by exact version but leaves "latest",
     * lists, search and the resolver's choice. Null: not yanked. Set and cleared only by services/versions/yank.ts.
     */
    yankedAt: timestamp('yanked_at', { withTimezone: true, mode: 'date' }),
    /** Why it was yanked (shown beside it and sent with an exact install); '' when not yanked. */
    yankedReason: text('yanked_reason').notNull().default(''),
    /**
     * When reports quarantined the version (services/quarantine/): not installable at all, not even by exact
     * version, and out of "latest", lists, search and the index until an admin releases or bans it. Null: not
     * quarantined.
     */
    quarantinedAt: timestamp('quarantined_at', { withTimezone: true, mode: 'date' }),
    /** When an admin released it from quarantine: reports never quarantine it again (the decision stands). */
    quarantineReleasedAt: timestamp('quarantine_released_at', { withTimezone: true, mode: 'date' }),
    status: nodeVersionStatus('status').notNull().default('NodeVersionStatusPending'),
    statusReason: text('status_reason').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    tagsAdmin: jsonb('tags_admin').$type<string[]>().notNull().default([]),
    supportedOs: jsonb('supported_os').$type<string[]>().notNull().default([]),
    supportedAccelerators: jsonb('supported_accelerators').$type<string[]>().notNull().default([]),
    supportedComfyuiVersion: text('supported_comfyui_version'),
    supportedComfyuiFrontendVersion: text('supported_comfyui_frontend_version'),
    comfyNodeExtractStatus: text('comfy_node_extract_status').notNull().default('pending'),
    archiveId: uuid('archive_id').references(() => archives.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('node_versions_node_version_key').on(t.nodeId, t.version),
    index('node_versions_node_created_idx').on(t.nodeId, t.createdAt),
    index('node_versions_status_created_idx').on(t.status, t.createdAt),
  ],
);
