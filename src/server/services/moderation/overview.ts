import { count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, nodes, nodeVersions, packReports, publishers, users } from '../../db/schema/index.ts';
import { countOpenAppeals } from '../bans/list-appeals.ts';

export interface AdminOverview {
  nodes: Record<string, number>;
  versions: Record<string, number>;
  publishers: Record<string, number>;
  users: { total: number; admins: number; banned: number };
  audit_last_24h: number;
  reports_open: number;
  appeals_open: number;
}

function byStatus(rows: { status: string; count: number }[]): Record<string, number> {
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/** Counts for the dashboard's first screen (seven small aggregate queries). */
export async function adminOverview(db: Db, now: Date): Promise<AdminOverview> {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [nodeRows, versionRows, publisherRows, userRows, auditRows, reportRows, appealsOpen] = await Promise.all([
    db.select({ status: nodes.status, count: count() }).from(nodes).groupBy(nodes.status),
    db.select({ status: nodeVersions.status, count: count() }).from(nodeVersions).groupBy(nodeVersions.status),
    db.select({ status: publishers.status, count: count() }).from(publishers).groupBy(publishers.status),
    db
      .select({
        total: count(),
        admins: sql<number>`count(*) FILTER (WHERE ${users.isAdmin})`.mapWith(Number),
        banned: sql<number>`count(*) FILTER (WHERE ${users.status} = 'UserStatusBanned')`.mapWith(Number),
      })
      .from(users),
    db.select({ count: count() }).from(auditLog).where(gte(auditLog.createdAt, since)),
    db.select({ count: count() }).from(packReports).where(eq(packReports.status, 'open')),
    countOpenAppeals(db),
  ]);
  const userCounts = userRows[0] ?? { total: 0, admins: 0, banned: 0 };
  return {
    nodes: byStatus(nodeRows),
    versions: byStatus(versionRows),
    publishers: byStatus(publisherRows),
    users: { total: userCounts.total, admins: userCounts.admins, banned: userCounts.banned },
    audit_last_24h: auditRows[0]?.count ?? 0,
    reports_open: reportRows[0]?.count ?? 0,
    appeals_open: appealsOpen,
  };
}
