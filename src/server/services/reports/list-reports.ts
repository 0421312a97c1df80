import { and, asc, desc, eq } from 'drizzle-orm';
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
  reporter: { id: string; email: string | null };
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
}

const resolver = alias(users, 'resolver');

/**
 * The admin triage queue: reports of one status, oldest open first (handle in arrival order),
 * newest first for closed ones. Includes the reporter: admins only.
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
      resolverEmail: resolver.email,
    })
    .from(packReports)
    .innerJoin(nodes, eq(nodes.id, packReports.nodeId))
    .innerJoin(users, eq(users.id, packReports.reporterUserId))
    .leftJoin(nodeVersions, eq(nodeVersions.id, packReports.nodeVersionId))
    .leftJoin(resolver, eq(resolver.id, packReports.resolvedByUserId))
    .where(and(eq(packReports.status, opts.status)))
    .orderBy(opts.status === 'open' ? asc(packReports.createdAt) : desc(packReports.createdAt), asc(packReports.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map(({ report, nodeName, publisherId, version, reporterEmail, resolverEmail }) => ({
    id: report.id,
    nodeId: report.nodeId,
    nodeName: nodeName ?? report.nodeId,
    publisherId: publisherId ?? '',
    version: version ?? null,
    reason: report.reason,
    details: report.details,
    status: report.status,
    resolutionNote: report.resolutionNote,
    reporter: { id: report.reporterUserId, email: reporterEmail },
    resolvedBy: resolverEmail ?? report.resolvedByUserId,
    resolvedAt: report.resolvedAt,
    createdAt: report.createdAt,
  }));
}
