import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions, packReports, users, type ReportStatus } from '../../db/schema/index.ts';

export interface ReportListItem {
  id: string;
  nodeId: string;
  nodeName: string;
  publisherId: string;
  version: string | null;
  reason: string;
  details: string;
  status: ReportStatus;
  resolutionNote: string;
  reporter: { id: string; email: string | null; trusted: boolean };
  /** The pack's version that reports quarantined (services/quarantine/) and still waits for a decision. */
  quarantined: { version: string; since: Date } | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
}

const resolver = alias(users, 'resolver');

// The pack's quarantined version waiting for a decision (newest quarantine first when there are several).
const quarantinedOf = (column: 'version' | 'quarantined_at') =>
  sql.raw(
    `(SELECT qv.${column} FROM node_versions qv WHERE qv.node_id = "pack_reports"."node_id" ` +
      `AND qv.quarantined_at IS NOT NULL AND qv.status = 'NodeVersionStatusActive' ` +
      'ORDER BY qv.quarantined_at DESC LIMIT 1)',
  );

/**
 * The admin triage queue: reports of one status, oldest open first (handle in arrival order),
 * newest first for closed ones; open reports of a pack with a quarantined version come first of all
 * (a pack is offline until an admin decides). Includes the reporter: admins only.
 */
export async function listReports(
  db: Db,
  opts: { status: ReportStatus; limit: number; offset: number },
): Promise<ReportListItem[]> {
  const rows = await db
    .select({
      report: packReports,
      nodeName: nodes.name,
      publisherId: nodes.publisherId,
      version: nodeVersions.version,
      reporterEmail: users.email,
      reporterTrusted: users.isTrustedReporter,
      resolverEmail: resolver.email,
      quarantinedVersion: sql<string | null>`${quarantinedOf('version')}`,
      quarantinedAt: sql<string | null>`${quarantinedOf('quarantined_at')}`,
    })
    .from(packReports)
    .innerJoin(nodes, eq(nodes.id, packReports.nodeId))
    .innerJoin(users, eq(users.id, packReports.reporterUserId))
    .leftJoin(nodeVersions, eq(nodeVersions.id, packReports.nodeVersionId))
    .leftJoin(resolver, eq(resolver.id, packReports.resolvedByUserId))
    .where(and(eq(packReports.status, opts.status)))
    .orderBy(
      ...(opts.status === 'open'
        ? [sql`${quarantinedOf('quarantined_at')} IS NULL`, asc(packReports.createdAt)]
        : [desc(packReports.createdAt)]),
      asc(packReports.id),
    )
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((row) => {
    const { report, nodeName, publisherId, version, reporterEmail, resolverEmail } = row;
    return {
      id: report.id,
      nodeId: report.nodeId,
      nodeName: nodeName ?? report.nodeId,
      publisherId: publisherId ?? '',
      version: version ?? null,
      reason: report.reason,
      details: report.details,
      status: report.status,
      resolutionNote: report.resolutionNote,
      reporter: { id: report.reporterUserId, email: reporterEmail, trusted: row.reporterTrusted },
      quarantined:
        row.quarantinedVersion && row.quarantinedAt
          ? { version: row.quarantinedVersion, since: new Date(row.quarantinedAt) }
          : null,
      resolvedBy: resolverEmail ?? report.resolvedByUserId,
      resolvedAt: report.resolvedAt,
      createdAt: report.createdAt,
    };
  });
}
