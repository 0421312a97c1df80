import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions, packReports, publishers, users } from '../../db/schema/index.ts';

/** What an audit entry's target is, in words a person reads, with the node it belongs to where there is one. */
export interface AuditTarget {
  /** A node's or publisher's name, an account's e-mail; null when the record is gone. */
  name: string | null;
  /** The node (of a node, a version or a report), for a link to its page. */
  nodeId: string | null;
  /** The version number of a version target. */
  version: string | null;
}

const key = (type: string, id: string) => `${type}\u0000${id}`;

/** Ids of one target type among the entries, without repeats. */
function idsOf(entries: { targetType: string; targetId: string }[], ...types: string[]): string[] {
  return [...new Set(entries.filter((e) => types.includes(e.targetType)).map((e) => e.targetId))];
}

/**
 * Names the targets of a page of audit entries (raw ids mean nothing to a reader): nodes and publishers by name,
 * versions as node and number, accounts and customers by e-mail, reports by the node reported. One query per target
 * type present, whatever the page's length.
 */
export async function describeAuditTargets(
  db: Db,
  entries: { targetType: string; targetId: string }[],
): Promise<Map<string, AuditTarget>> {
  const out = new Map<string, AuditTarget>();
  const put = (type: string, id: string, target: Partial<AuditTarget>) =>
    out.set(key(type, id), { name: null, nodeId: null, version: null, ...target });
  const nodeIds = idsOf(entries, 'node');
  const versionIds = idsOf(entries, 'node_version').filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const publisherIds = idsOf(entries, 'publisher');
  const userIds = idsOf(entries, 'user', 'customer');
  const reportIds = idsOf(entries, 'report').filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const [nodeRows, versionRows, publisherRows, userRows, reportRows] = await Promise.all([
    nodeIds.length ? db.select({ id: nodes.id, name: nodes.name }).from(nodes).where(inArray(nodes.id, nodeIds)) : [],
    versionIds.length
      ? db
          .select({ id: nodeVersions.id, version: nodeVersions.version, nodeId: nodes.id, name: nodes.name })
          .from(nodeVersions)
          .innerJoin(nodes, eq(nodes.id, nodeVersions.nodeId))
          .where(inArray(nodeVersions.id, versionIds))
      : [],
    publisherIds.length
      ? db
          .select({ id: publishers.id, name: publishers.name })
          .from(publishers)
          .where(inArray(publishers.id, publisherIds))
      : [],
    userIds.length
      ? db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, userIds))
      : [],
    reportIds.length
      ? db
          .select({ id: packReports.id, nodeId: nodes.id, name: nodes.name })
          .from(packReports)
          .innerJoin(nodes, eq(nodes.id, packReports.nodeId))
          .where(inArray(packReports.id, reportIds))
      : [],
  ]);
  for (const row of nodeRows) put('node', row.id, { name: row.name || row.id, nodeId: row.id });
  for (const row of versionRows) {
    put('node_version', row.id, { name: row.name || row.nodeId, nodeId: row.nodeId, version: row.version });
  }
  for (const row of publisherRows) put('publisher', row.id, { name: row.name || row.id });
  for (const row of userRows) {
    for (const type of ['user', 'customer']) put(type, row.id, { name: row.email ?? row.name });
  }
  for (const row of reportRows) put('report', row.id, { name: row.name || row.nodeId, nodeId: row.nodeId });
  return out;
}

export function auditTargetOf(targets: Map<string, AuditTarget>, type: string, id: string): AuditTarget | null {
  return targets.get(key(type, id)) ?? null;
}
