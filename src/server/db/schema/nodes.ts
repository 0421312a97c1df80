import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { nodeStatus } from './enums.ts';
import { publishers } from './publishers.ts';

/** SQL of nodeIdKey (services/publish/node-id.ts) over an id column: the expression the key index holds. */
export const nodeIdKeySql = (id: AnyPgColumn | SQL) => sql`regexp_replace(lower(${id}), '[-_.]+', '-', 'g')`;

/** A custom-node pack. Field names follow the API contract's Node. */
export const nodes = pgTable(
  'nodes',
  {
    id: text('id').primaryKey(),
    /** lower(id): ids are unique and looked up case-insensitively (Manager lower-cases them). */
    normalizedId: text('normalized_id').notNull(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category'),
    author: text('author'),
    license: text('license'),
    icon: text('icon'),
    bannerUrl: text('banner_url'),
    repository: text('repository'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    tagsAdmin: jsonb('tags_admin').$type<string[]>().notNull().default([]),
    supportedOs: jsonb('supported_os').$type<string[]>().notNull().default([]),
    supportedAccelerators: jsonb('supported_accelerators').$type<string[]>().notNull().default([]),
    supportedComfyuiVersion: text('supported_comfyui_version'),
    supportedComfyuiFrontendVersion: text('supported_comfyui_frontend_version'),
    translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    status: nodeStatus('status').notNull().default('NodeStatusActive'),
    statusDetail: text('status_detail'),
    searchRanking: integer('search_ranking').notNull().default(0),
    preemptedComfyNodeNames: jsonb('preempted_comfy_node_names').$type<string[]>().notNull().default([]),
    githubStars: integer('github_stars').notNull().default(0),
    /** When the stars refresh last asked GitHub about this node (null: never); oldest go first. */
    githubStarsCheckedAt: timestamp('github_stars_checked_at', { withTimezone: true, mode: 'date' }),
    /**
     * Node class names known from an imported catalogue (a corpus), for packs that have no version
     * here with extracted classes. Search and class lookups fall back to them.
     */
    catalogComfyNodeNames: jsonb('catalog_comfy_node_names').$type<string[]>().notNull().default([]),
    totalInstall: bigint('total_install', { mode: 'number' }).notNull().default(0),
    totalStar: integer('total_star').notNull().default(0),
    totalReview: integer('total_review').notNull().default(0),
    /**
     * The highest-semver installable (Active) version, recomputed on every version write so that
     * lists never compute "latest" per row. Null when the node has none.
     */
    latestVersionId: uuid('latest_version_id'),
    /**
     * Versions exist, none is Active, and at least one was Flagged or Banned: the pack is not
     * promoted (left out of search and lists unless an admin asks; no install path on its page).
     * Packs without any version (corpus imports) are never withheld. Kept by refreshLatestVersion.
     */
    withheld: boolean('withheld').notNull().default(false),
    /**
     * Kept although another node already held its confusable key (services/publish/node-id.ts
     * nodeIdKey): rows from before the rule (migration 0011_confusable_node_ids marked all but the oldest of each group)
     * and corpus imports of upstream packs. The key index skips them; nothing else sets it.
     */
    legacyConfusableId: boolean('legacy_confusable_id').notNull().default(false),
    /**
     * CI-only: a personal access token may not publish this node, only a trusted publishing credential
     * (docs/publishing.md). Turning it off takes a signed-in owner.
     */
    requireTrustedPublishing: boolean('require_trusted_publishing').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('nodes_normalized_id_key').on(t.normalizedId),
    // One pack per confusable key (lower case, runs of - _ . as one -): see nodeIdKey.
    uniqueIndex('nodes_id_key_key')
      .on(nodeIdKeySql(t.id))
      .where(sql`NOT ${t.legacyConfusableId}`),
    index('nodes_publisher_idx').on(t.publisherId),
    index('nodes_status_idx').on(t.status),
    index('nodes_updated_at_idx').on(t.updatedAt),
    index('nodes_created_at_id_idx').on(t.createdAt, t.id),
    index('nodes_total_install_idx').on(t.totalInstall),
    index('nodes_repository_lower_idx').on(sql`lower(${t.repository})`),
    // The workflow resolver's class lookup (`catalog_comfy_node_names ?| names`) for imported packs.
    // fastupdate off: without autovacuum (PGlite) a pending list would grow and every lookup would scan it.
    index('nodes_catalog_comfy_node_names_idx').using('gin', t.catalogComfyNodeNames).with({ fastupdate: false }),
  ],
);
