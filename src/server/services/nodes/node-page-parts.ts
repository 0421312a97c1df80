import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { jsonTextArray, preparedPerDb } from '../../db/prepared.ts';
import type { ComfyNodeRow } from '../../db/rows.ts';
import { advisories, advisoryAffected, comfyNodes, nodeVersions } from '../../db/schema/index.ts';
import {
  groupPackAdvisories,
  matchDependencyAdvisories,
  parseRequirements,
  type NodeAdvisories,
} from '../advisories/node-advisories.ts';
import { groupCollisions, type PackCollision } from '../moderation/pack-collisions.ts';
import {
  byVersionOf,
  MAX_WARNINGS_PER_VERSION,
  WARNING_SEVERITIES,
  type VersionWarnings,
  type WarningRow,
} from '../moderation/version-warnings.ts';
import { DEFAULT_LISTED_STATUSES } from '../versions/list-node-versions.ts';
import { compareVersionsDesc } from '../versions/semver.ts';
import { withArchive, type VersionWithArchive } from './load-bundles.ts';

/** Everything of a node page below its head, for the version the page shows (see loadNodePageParts). */
export interface NodePageParts {
  /** Active, Pending and Flagged versions with archive facts, newest semver first. */
  versions: VersionWithArchive[];
  /** Installs per UTC day from `sinceDay` on (only days with installs), oldest first. */
  downloads: { day: string; count: number }[];
  /** Scan warnings of the node's Active versions, by version id. */
  warnings: Map<string, VersionWarnings>;
  /** The shown version's first `limit` classes by name, and how many it has. */
  classes: { rows: ComfyNodeRow[]; total: number };
  /** Other packs defining the shown version's classes. */
  collisions: PackCollision[];
  /** Advisories about the pack, and about the Python packages the shown version declares. */
  advisories: NodeAdvisories;
}

/** The most classes a page lists (the rest are counted). */
export const PAGE_CLASS_LIMIT = 200;

type Json = Record<string, unknown>;
/** A version row, and its archive's upload time (ISO 8601) and sha256 (null without an archive). */
type VersionJson = { version: Json; uploadedAt: string | null; sha256: string | null };
const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const nodeId = sql.placeholder('nodeId');
const shownId = sql.placeholder('shownId');

// ONE statement for what the page read in six (versions, downloads, warnings, classes, collisions,
// advisories): each list comes back as a JSON aggregate, so the page pays one round trip, one write and
// one parse instead of six, and PostgreSQL plans it once per connection (db/prepared.ts). Every
// condition below is the one the separate readers use (list-node-versions, version-warnings,
// list-version-comfy-nodes, pack-collisions, node-advisories); node-page-parts.test.ts checks each list
// against its reader.
const partsStatement = preparedPerDb((db) =>
  db
    .select({
      versions: sql<
        VersionJson[]
      >`(SELECT coalesce(json_agg(json_build_object('version', v, 'uploadedAt', a.uploaded_at, 'sha256', a.sha256)), '[]'::json)
        FROM node_versions v LEFT JOIN archives a ON a.id = v.archive_id
        WHERE v.node_id = ${nodeId} AND v.status IN (${quoted(DEFAULT_LISTED_STATUSES)}))`,
      downloads: sql<
        { day: string; count: number }[]
      >`(SELECT coalesce(json_agg(json_build_object('day', d.day, 'count', d.count) ORDER BY d.day), '[]'::json)
        FROM node_downloads_daily d WHERE d.node_id = ${nodeId} AND d.day >= ${sql.placeholder('sinceDay')})`,
      warnings: sql<Json[]>`(SELECT coalesce(json_agg(w ORDER BY w.version_id, w.position), '[]'::json) FROM (
          SELECT f.node_version_id AS version_id, f.rule_id, f.severity, f.file, f.line, f.snippet, f.message,
            f.ruleset_version,
            row_number() OVER (PARTITION BY f.node_version_id
              ORDER BY CASE f.severity WHEN 'medium' THEN 0 ELSE 1 END, f.file, f.line NULLS FIRST, f.rule_id) AS position,
            count(*) OVER (PARTITION BY f.node_version_id) AS total
          FROM version_scan_findings f
          WHERE f.severity IN (${quoted(WARNING_SEVERITIES)}) AND f.node_version_id IN (
            SELECT id FROM node_versions WHERE node_id = ${nodeId} AND status = 'NodeVersionStatusActive')
        ) w WHERE w.position <= ${sql.raw(String(MAX_WARNINGS_PER_VERSION))})`,
      classes: sql<Json[]>`(SELECT coalesce(json_agg(c ORDER BY c.name, c.id), '[]'::json) FROM (
          SELECT * FROM comfy_nodes WHERE node_version_id = ${shownId} ORDER BY name, id
          LIMIT ${sql.raw(String(PAGE_CLASS_LIMIT))}) c)`,
      classTotal: sql<number>`(SELECT count(*) FROM comfy_nodes WHERE node_version_id = ${shownId})`.mapWith(Number),
      collisions: sql<{ nodeId: string; name: string; className: string }[]>`(SELECT coalesce(json_agg(
          json_build_object('nodeId', n.id, 'name', n.name, 'className', cc.comfy_node_name)
          ORDER BY n.id, cc.comfy_node_name), '[]'::json)
        FROM comfy_node_collisions cc JOIN nodes n ON n.id = cc.other_node_id
        WHERE cc.node_version_id = ${shownId} AND n.status <> 'NodeStatusDeleted')`,
      packAdvisories: sql<
        Json[]
      >`(SELECT coalesce(json_agg(json_build_object('affected', af, 'advisory', ad)), '[]'::json)
        FROM advisory_affected af JOIN advisories ad ON ad.id = af.advisory_id
        WHERE ad.withdrawn_at IS NULL AND af.ecosystem = 'Nodeyard' AND lower(af.package) = ${sql.placeholder('packId')})`,
      dependencyAdvisories: sql<
        Json[]
      >`(SELECT coalesce(json_agg(json_build_object('affected', af, 'advisory', ad)), '[]'::json)
        FROM advisory_affected af JOIN advisories ad ON ad.id = af.advisory_id
        WHERE ad.withdrawn_at IS NULL AND af.ecosystem = 'PyPI'
          AND af.package = ANY(${jsonTextArray(sql`${sql.placeholder('packages')}::jsonb`)}))`,
    })
    .from(sql`(VALUES (1)) AS one (x)`)
    .prepare('node_page_parts'),
);

const advisoryRows = (rows: Json[]) =>
  rows.map((row) => ({
    affected: rowFromJson(advisoryAffected, row['affected'] as Json),
    advisory: rowFromJson(advisories, row['advisory'] as Json),
  }));

/**
 * A node page's versions, downloads since `sinceDay`, scan warnings, and for the version it shows (null:
 * none) that version's classes, collisions and advisories (its declared `dependencies` matched against
 * PyPI advisories), in ONE query.
 */
export async function loadNodePageParts(
  db: Db,
  input: { nodeId: string; sinceDay: string; shown: { id: string; dependencies: readonly string[] } | null },
): Promise<NodePageParts> {
  const requirements = parseRequirements(input.shown?.dependencies ?? []);
  const [row] = await partsStatement(db).execute({
    nodeId: input.nodeId,
    sinceDay: input.sinceDay,
    shownId: input.shown?.id ?? null,
    packId: input.nodeId.toLowerCase(),
    packages: JSON.stringify(requirements.map((requirement) => requirement.name)),
  });
  if (!row) throw new Error('node_page_parts returned no row');
  const versions = row.versions
    .map((entry) =>
      withArchive({
        version: rowFromJson(nodeVersions, entry.version),
        // A timestamptz in JSON: ISO 8601 with its offset.
        uploadedAt: entry.uploadedAt === null ? null : new Date(entry.uploadedAt),
        sha256: entry.sha256,
      }),
    )
    .sort((a, b) => compareVersionsDesc(a.version.version, b.version.version));
  const warnings = byVersionOf(
    row.warnings.map((w) => ({
      versionId: w['version_id'] as string,
      total: Number(w['total']),
      finding: {
        ruleId: w['rule_id'],
        severity: w['severity'],
        file: w['file'],
        line: w['line'],
        snippet: w['snippet'],
        message: w['message'],
        rulesetVersion: w['ruleset_version'],
      } as WarningRow,
    })),
  );
  return {
    versions,
    downloads: row.downloads,
    warnings,
    classes: { rows: row.classes.map((c) => rowFromJson(comfyNodes, c)), total: row.classTotal },
    collisions: groupCollisions(row.collisions),
    advisories: {
      pack: groupPackAdvisories(advisoryRows(row.packAdvisories)),
      dependencies: matchDependencyAdvisories(advisoryRows(row.dependencyAdvisories), requirements),
    },
  };
}
