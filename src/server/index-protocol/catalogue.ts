import {
  comparePacks,
  compareVersions,
  INDEX_FORMAT,
  type IndexDelta,
  type IndexPack,
  type IndexSnapshot,
  type IndexVersion,
} from './format.ts';

// A client's copy of the catalogue, kept from a snapshot and its deltas (the reference client's
// state; docs/index-protocol.md "Applying changes"). Pure: no I/O.

export interface Catalogue {
  cursor: string;
  packs: Map<string, IndexPack>;
  /** By `pack\nversion`. */
  versions: Map<string, IndexVersion>;
}

const versionKey = (pack: string, version: string) => `${pack}\n${version}`;

export function catalogueFromSnapshot(snapshot: IndexSnapshot): Catalogue {
  return {
    cursor: snapshot.cursor,
    packs: new Map(snapshot.packs.map((pack) => [pack.id, pack])),
    versions: new Map(snapshot.versions.map((v) => [versionKey(v.pack, v.version), v])),
  };
}

function dropVersionsOf(catalogue: Catalogue, pack: string): void {
  for (const [key, version] of catalogue.versions) if (version.pack === pack) catalogue.versions.delete(key);
}

/**
 * Applies one delta in place: a listed pack replaces the old one together with all its versions (a
 * delta lists every installable version of a pack it lists), other listed versions are upserted, and
 * tombstones remove packs (with their versions) and versions.
 */
export function applyDelta(catalogue: Catalogue, delta: IndexDelta): void {
  for (const pack of delta.packs) {
    catalogue.packs.set(pack.id, pack);
    dropVersionsOf(catalogue, pack.id);
  }
  for (const version of delta.versions) catalogue.versions.set(versionKey(version.pack, version.version), version);
  for (const tombstone of delta.removed) {
    if (tombstone.type === 'pack') {
      catalogue.packs.delete(tombstone.pack);
      dropVersionsOf(catalogue, tombstone.pack);
    } else {
      catalogue.versions.delete(versionKey(tombstone.pack, tombstone.version));
    }
  }
  catalogue.cursor = delta.cursor;
}

/** The catalogue as a snapshot document (sorted like the server's), e.g. to save or to compare. */
export function catalogueSnapshot(catalogue: Catalogue): IndexSnapshot {
  return {
    format: INDEX_FORMAT,
    kind: 'snapshot',
    cursor: catalogue.cursor,
    packs: [...catalogue.packs.values()].sort(comparePacks),
    versions: [...catalogue.versions.values()].sort(compareVersions),
  };
}
