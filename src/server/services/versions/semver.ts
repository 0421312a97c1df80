import semver from 'semver';

const LOOSE_VERSION = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/**
 * Normalises a published version to canonical semver: "v1.2" → "1.2.0", "1.0.0+build" → "1.0.0"
 * (build metadata does not make a different version). Returns null for anything else.
 */
export function normalizeVersion(input: string): string | null {
  const match = LOOSE_VERSION.exec(input.trim());
  if (!match) return null;
  const [, major, minor = '0', patch = '0', prerelease = ''] = match;
  return semver.valid(`${major}.${minor}.${patch}${prerelease}`);
}

/** Sorts newest first by semver precedence (never by string order or insertion order). */
export function compareVersionsDesc(a: string, b: string): number {
  const va = semver.valid(a);
  const vb = semver.valid(b);
  if (va && vb) return semver.rcompare(va, vb);
  if (va) return -1;
  if (vb) return 1;
  return b.localeCompare(a);
}
