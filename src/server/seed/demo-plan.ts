import type { NodeVersionStatus } from '../db/schema/index.ts';
import { DEMO_PACKS, type DemoPack } from './demo-catalog.ts';
import { seededRandom, type Random } from './prng.ts';

// The demo data as plain values: computed from the catalogue and a fixed seed, so two runs (and two
// machines) produce the same registry. Only the dates follow "now", so the charts end today.

export const DEMO_PUBLISHER = {
  id: 'nodeyard-demo',
  name: 'Nodeyard Demo (sample data)',
  description:
    'Sample packs that Nodeyard creates in an empty registry so there is something to browse. ' +
    'They are not real custom nodes; set SEED_DEMO_DATA=false to start empty.',
  website: 'https://example.com/nodeyard-demo',
};

/**
 * The demo publisher's owner: without a member its packs would read "Unclaimed". Nobody can sign in
 * as it (no such Firebase account, no e-mail).
 */
export const DEMO_OWNER = { id: 'nodeyard-demo-owner', name: 'Nodeyard demo data' };

const SEED = 0x5eed_d3a0;
const DAY_MS = 86_400_000;
export const DOWNLOAD_HISTORY_DAYS = 90;
/** The one pack whose newest version waits for review, and the one whose version is deprecated. */
export const PENDING_PACK = 'video-frames';
export const DEPRECATED_PACK = 'legacy-loader';

export interface PlannedVersion {
  version: string;
  changelog: string;
  status: NodeVersionStatus;
  deprecated: boolean;
  createdAt: Date;
}

export interface PlannedNode {
  pack: DemoPack;
  id: string;
  name: string;
  githubStars: number;
  /** All-time installs: the 90 daily counts plus older history. */
  totalInstall: number;
  createdAt: Date;
  updatedAt: Date;
  /** Oldest first. */
  versions: PlannedVersion[];
  downloads: { day: string; count: number }[];
}

const CHANGES = [
  'Fixed a crash when the input batch is empty.',
  'Added a strength input.',
  'Faster on large images (fewer copies between CPU and GPU).',
  'Works with the new frontend widgets.',
  'Clearer error messages for missing models.',
  'Lower VRAM use in tiled mode.',
  'New preset list, editable from the UI.',
  'Dropped Python 3.9 support.',
  'Fixed wrong colours with 16-bit PNG input.',
  'Node tooltips and categories cleaned up.',
];

function nextVersion(rng: Random, [major, minor, patch]: number[]): number[] {
  const roll = rng.next();
  if (roll < 0.5) return [major!, minor!, patch! + 1];
  if (roll < 0.9) return [major!, minor! + 1, 0];
  return [major! + 1, 0, 0];
}

function planVersions(rng: Random, pack: DemoPack, createdAt: Date, now: Date): PlannedVersion[] {
  const count = rng.int(1, 4);
  let parts = rng.next() < 0.3 ? [0, rng.int(1, 9), 0] : [1, 0, 0];
  const span = now.getTime() - createdAt.getTime() - 2 * DAY_MS;
  const versions: PlannedVersion[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) parts = nextVersion(rng, parts);
    const changelog = i === 0 ? 'First release.' : `${rng.pick(CHANGES)} ${rng.pick(CHANGES)}`;
    versions.push({
      version: parts.join('.'),
      changelog,
      status: 'NodeVersionStatusActive',
      deprecated: false,
      createdAt: new Date(createdAt.getTime() + Math.round((span * i) / count)),
    });
  }
  if (pack.slug === DEPRECATED_PACK) {
    const last = versions.at(-1)!;
    last.deprecated = true;
    last.changelog = 'Deprecated: ComfyUI core now loads these formats. This pack gets no further updates.';
  }
  if (pack.slug === PENDING_PACK) {
    versions.push({
      version: nextVersion(rng, parts).join('.'),
      changelog: 'Adds frame interpolation. Waiting for review.',
      status: 'NodeVersionStatusPending',
      deprecated: false,
      createdAt: new Date(now.getTime() - DAY_MS),
    });
  }
  return versions;
}

function planDownloads(rng: Random, weight: number, now: Date): { day: string; count: number }[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days: { day: string; count: number }[] = [];
  for (let ago = DOWNLOAD_HISTORY_DAYS - 1; ago >= 0; ago--) {
    const date = new Date(today - ago * DAY_MS);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 1.3 : 1;
    const growth = 1 + (DOWNLOAD_HISTORY_DAYS - ago) / 150;
    const count = Math.round(weight * 5 * weekend * growth * (0.5 + rng.next()));
    days.push({ day: date.toISOString().slice(0, 10), count });
  }
  return days;
}

export function planDemoData(now: Date): PlannedNode[] {
  const rng = seededRandom(SEED);
  return DEMO_PACKS.map((pack) => {
    const createdAt = new Date(now.getTime() - rng.int(100, 420) * DAY_MS);
    const versions = planVersions(rng, pack, createdAt, now);
    const downloads = planDownloads(rng, pack.weight, now);
    const recent = downloads.reduce((sum, d) => sum + d.count, 0);
    return {
      pack,
      id: `demo-${pack.slug}`,
      name: `${pack.name} (demo)`,
      githubStars: pack.weight * rng.int(15, 160),
      totalInstall: recent + pack.weight * rng.int(300, 2500),
      createdAt,
      updatedAt: versions.at(-1)!.createdAt,
      versions,
      downloads,
    };
  });
}
