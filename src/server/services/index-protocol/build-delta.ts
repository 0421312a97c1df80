import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { nodes, nodeVersions } from '../../db/schema/index.ts';
import { byCodeUnits, INDEX_FORMAT, type IndexDelta, type Tombstone } from '../../index-protocol/format.ts';
import { changesAfter, feedFloor, feedHead, type ChangeRow } from '../change-feed/feed.ts';
import { loadIndexRows } from './index-rows.ts';
import { readConsistent } from './read-consistent.ts';
import { signDocument, type SignedDocument } from './signed-document.ts';

/** Change rows read for one delta; a longer backlog is answered in pages (`more`). */
export const DELTA_PAGE_CHANGES = 10_000;

export type DeltaResult =
  | { status: 'ok'; document: SignedDocument }
  /** The cursor is older than what the feed still holds. */
  | { status: 'expired'; floor: number }
  /** The cursor is ahead of this registry's feed (another registry's, or a reset one). */
  | { status: 'unknown'; head: number };

interface Touched {
  /** Packs whose own record (or publisher, or node classes) changed: upserted or tombstoned. */
  packs: Set<string>;
  /** Versions that changed, by `pack\nversion`: upserted or tombstoned. */
  versions: Map<string, { pack: string; version: string }>;
}

async function touchedBy(tx: Db, changes: ChangeRow[]): Promise<Touched> {
  const touched: Touched = { packs: new Set(), versions: new Map() };
  const publisherIds = new Set<string>();
  for (const change of changes) {
    if (change.kind === 'publisher' && change.publisherId) publisherIds.add(change.publisherId);
    // An advisory about a pack changes its versions' `advisories`: the pack comes again with all its versions.
    else if ((change.kind === 'node' || change.kind === 'classes' || change.kind === 'advisory') && change.nodeId) {
      touched.packs.add(change.nodeId);
    } else if (change.kind === 'version' && change.nodeId && change.version) {
      touched.versions.set(`${change.nodeId}\n${change.version}`, { pack: change.nodeId, version: change.version });
    }
  }
  // A publisher's name is part of each of its packs.
  if (publisherIds.size > 0) {
    const owned = await tx
      .select({ id: nodes.id })
      .from(nodes)
      .where(inArray(nodes.publisherId, [...publisherIds]));
    for (const { id } of owned) touched.packs.add(id);
  }
  return touched;
}

async function packTombstones(tx: Db, ids: string[]): Promise<Tombstone[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: nodes.id, status: nodes.status, withheld: nodes.withheld })
    .from(nodes)
    .where(inArray(nodes.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((pack): Tombstone => {
    const row = byId.get(pack);
    const reason =
      row?.status === 'NodeStatusBanned'
        ? 'banned'
        : row?.status === 'NodeStatusActive' && row.withheld
          ? 'withheld'
          : 'deleted';
    return { type: 'pack', pack, reason };
  });
}

async function versionTombstones(tx: Db, gone: { pack: string; version: string }[]): Promise<Tombstone[]> {
  if (gone.length === 0) return [];
  const rows = await tx
    .select({
      pack: nodeVersions.nodeId,
      version: nodeVersions.version,
      status: nodeVersions.status,
      quarantinedAt: nodeVersions.quarantinedAt,
    })
    .from(nodeVersions)
    .where(or(...gone.map((v) => and(eq(nodeVersions.nodeId, v.pack), eq(nodeVersions.version, v.version)))));
  const rowOf = new Map(rows.map((row) => [`${row.pack}\n${row.version}`, row]));
  return gone.map(({ pack, version }): Tombstone => {
    const row = rowOf.get(`${pack}\n${version}`);
    const status = row?.status;
    const reason =
      status === 'NodeVersionStatusBanned'
        ? 'banned'
        : status === undefined || status === 'NodeVersionStatusDeleted'
          ? 'deleted'
          : 'withdrawn';
    // Still `withdrawn` for older readers (a quarantined version is not installable); the flag says why.
    const quarantined = reason === 'withdrawn' && row?.quarantinedAt ? (true as const) : undefined;
    return { type: 'version', pack, version, reason, quarantined };
  });
}

/**
 * The quarantined versions of packs this delta carries. A quarantine changes the pack (its latest), not
 * the version, in the change feed; the pack then comes without the version, which older readers drop. A
 * tombstone for each says why (`quarantined`), every time the pack comes, so a reader learns it whatever
 * delta it read.
 */
async function quarantinedVersions(tx: Db, packIds: string[]): Promise<{ pack: string; version: string }[]> {
  if (packIds.length === 0) return [];
  return tx
    .select({ pack: nodeVersions.nodeId, version: nodeVersions.version })
    .from(nodeVersions)
    .where(and(inArray(nodeVersions.nodeId, packIds), isNotNull(nodeVersions.quarantinedAt)));
}

const tombstoneKey = (t: Tombstone) => `${t.type}\n${t.pack}\n${t.type === 'version' ? t.version : ''}`;

/**
 * What changed in the public catalogue after `since`, as of now: packs and versions to upsert (their
 * current state: a pack that changed comes with all its installable versions, so a pack that comes
 * back after a tombstone is whole again), and tombstones for what left it. Read in one consistent
 * transaction, so `cursor` and the rows describe the same moment.
 */
export async function buildDelta(
  services: Pick<AppDeps, 'db' | 'config' | 'indexKeys'>,
  since: number,
): Promise<DeltaResult> {
  const outcome = await readConsistent(services.db, async (tx) => {
    const [floor, head] = [await feedFloor(tx), await feedHead(tx)];
    if (since < floor) return { status: 'expired' as const, floor };
    if (since > head) return { status: 'unknown' as const, head };
    const changes = await changesAfter(tx, since, DELTA_PAGE_CHANGES);
    const last = changes.at(-1)?.position;
    const more = changes.length === DELTA_PAGE_CHANGES && last !== undefined && last < head;
    const cursor = more ? last : head;
    const touched = await touchedBy(tx, changes);
    const versionPacks = [...touched.versions.values()].map((v) => v.pack);
    const rows = await loadIndexRows(tx, services.config, [...new Set([...touched.packs, ...versionPacks])]);

    const visible = new Set(rows.packs.map((pack) => pack.id));
    const installable = new Set(rows.versions.map((v) => `${v.pack}\n${v.version}`));
    const packs = rows.packs.filter((pack) => touched.packs.has(pack.id));
    const versions = rows.versions.filter(
      (v) => touched.packs.has(v.pack) || touched.versions.has(`${v.pack}\n${v.version}`),
    );
    const gone = new Map(
      [...touched.versions.entries()].filter(([key, v]) => visible.has(v.pack) && !installable.has(key)),
    );
    for (const v of await quarantinedVersions(
      tx,
      packs.map((pack) => pack.id),
    )) {
      gone.set(`${v.pack}\n${v.version}`, v);
    }
    const goneVersions = [...gone.values()];
    const removed = [
      ...(await packTombstones(
        tx,
        [...touched.packs].filter((id) => !visible.has(id)),
      )),
      ...(await versionTombstones(tx, goneVersions)),
    ].sort((a, b) => byCodeUnits(tombstoneKey(a), tombstoneKey(b)));
    const delta: IndexDelta = {
      format: INDEX_FORMAT,
      kind: 'delta',
      since: String(since),
      cursor: String(cursor),
      more,
      packs,
      versions,
      removed,
    };
    return { status: 'ok' as const, cursor, delta };
  });
  if (outcome.status !== 'ok') return outcome;
  return { status: 'ok', document: signDocument(outcome.cursor, outcome.delta, services.indexKeys.signing) };
}
