import * as pep440 from '@renovatebot/pep440';
import { parse as parseSpecifier } from '@renovatebot/pep440/lib/specifier.js';
import semver from 'semver';
import type { AdvisoryEcosystem, AdvisoryRange } from '../../db/schema/advisories.ts';

/** What one affected entry says: ranges of versions (OSV events) and exact versions. */
export interface AffectedVersions {
  ranges: readonly AdvisoryRange[];
  versions: readonly string[];
}

/** Version order of an ecosystem: semver for packs, PEP 440 for Python packages. */
interface VersionOrder {
  valid(version: string): boolean;
  compare(a: string, b: string): number;
  equal(a: string, b: string): boolean;
}

const SEMVER: VersionOrder = {
  valid: (v) => looseSemver(v) !== null,
  compare: (a, b) => semver.compare(looseSemver(a)!, looseSemver(b)!),
  equal: (a, b) => semver.eq(looseSemver(a)!, looseSemver(b)!),
};

/**
 * Remembers a pure function's answers for the strings it was asked about: a batch query compares the same few
 * bounds thousands of times, and the PEP 440 library parses both strings on every call. Emptied when it grows past
 * `limit`, so hostile input cannot make it hold much.
 */
function memo<T>(compute: (key: string) => T, limit = 20_000): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    const known = cache.get(key);
    if (known !== undefined || cache.has(key)) return known as T;
    if (cache.size >= limit) cache.clear();
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}

const pep440Valid = memo((v) => pep440.valid(v) !== null);
const pep440Compare = memo((pair) => {
  const [a, b] = pair.split('\u0000') as [string, string];
  return pep440.compare(a, b);
});

const PEP440: VersionOrder = {
  valid: pep440Valid,
  compare: (a, b) => pep440Compare(`${a}\u0000${b}`),
  equal: (a, b) => pep440Compare(`${a}\u0000${b}`) === 0,
};

/** Pack versions are stored normalized, but advisories may say "1.2" for 1.2.0: read them as the publish flow does. */
const looseSemver = memo(
  (version: string): string | null =>
    semver.valid(version) ?? semver.valid(semver.coerce(version, { includePrerelease: true })),
);

export const versionOrder = (ecosystem: AdvisoryEcosystem): VersionOrder => (ecosystem === 'PyPI' ? PEP440 : SEMVER);

/** OSV's "introduced: 0" means "from the first version on". */
const isZero = (version: string) => version === '0';

/** Whether `version` lies in one range: at or after introduced, before fixed, at or before last_affected. */
function inRange(order: VersionOrder, range: AdvisoryRange, version: string): boolean {
  if (!isZero(range.introduced) && order.compare(version, range.introduced) < 0) return false;
  if (range.fixed !== undefined && order.compare(version, range.fixed) >= 0) return false;
  if (range.last_affected !== undefined && order.compare(version, range.last_affected) > 0) return false;
  return true;
}

/** Whether an affected entry covers `version` (false for a version the ecosystem cannot read). */
export function affectsVersion(ecosystem: AdvisoryEcosystem, affected: AffectedVersions, version: string): boolean {
  const order = versionOrder(ecosystem);
  if (!order.valid(version)) return false;
  return (
    affected.versions.some((listed) => order.valid(listed) && order.equal(listed, version)) ||
    affected.ranges.some((range) => inRange(order, range, version))
  );
}

/** A version just above `version` in PEP 440 order that is not one of its post-releases (which `>V` excludes). */
const justAbove = (version: string) => `${pep440.parse(version)?.release.join('.') ?? version}.0.1`;

/**
 * Whether a declared specifier (e.g. '>=1.80,<2') admits some version an affected entry covers. An entry that lists
 * its versions (OSV exports enumerate the real releases a range covers) is judged by that list alone: a version
 * between two releases never existed, so `>1.82.8` does not admit a range that ends before 1.82.9. Otherwise both are
 * unions of intervals, so when they meet, they meet at one of the interval ends: test every lower end (and just
 * above each exclusive one) of either side. '' admits every version.
 */
export function specifierAdmitsAffected(specifier: string, affected: AffectedVersions): boolean {
  const admits = (version: string) => specifier === '' || pep440.satisfies(version, specifier, { prereleases: true });
  const listed = affected.versions.filter((v) => pep440.valid(v) !== null);
  if (listed.length > 0) return listed.some(admits);
  const candidates = new Set<string>();
  for (const range of affected.ranges) {
    candidates.add(isZero(range.introduced) ? '0' : range.introduced);
    if (range.last_affected) candidates.add(range.last_affected);
  }
  if (specifier !== '') {
    for (const constraint of pep440Constraints(specifier)) {
      const bound = constraint.version.replace(/\.\*$/, '');
      if (!pep440.valid(bound)) continue;
      candidates.add(bound);
      candidates.add(justAbove(bound));
    }
  }
  return [...candidates].some(
    (version) => pep440.valid(version) !== null && admits(version) && affectsVersion('PyPI', affected, version),
  );
}

/** The constraints of a specifier ('>=1.0,<2' → two), none for one the library cannot read. */
const pep440Constraints = (specifier: string) => parseSpecifier(specifier) ?? [];
