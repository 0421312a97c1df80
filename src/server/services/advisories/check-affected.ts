import type { Db } from '../../db/client.ts';
import { badRequest, type ErrorDetail } from '../../errors.ts';
import { findNode } from '../nodes/find-node.ts';
import type { AdvisoryRange } from '../../db/schema/advisories.ts';
import type { AffectedInput, CheckedAffected, RangeInput } from './advisory-input.ts';
import { normalizePythonName } from './python-requirement.ts';
import { versionOrder } from './version-ranges.ts';

/** A range with only the ends it states (JSON and OSV have no "undefined"). */
const cleanRange = (range: RangeInput): AdvisoryRange => ({
  introduced: range.introduced,
  ...(range.fixed !== undefined ? { fixed: range.fixed } : {}),
  ...(range.last_affected !== undefined ? { last_affected: range.last_affected } : {}),
});

const ORDER_NAME = { Nodeyard: 'semver', PyPI: 'PEP 440' } as const;

/** The problems of one affected entry's versions, as field paths under `affected[index]`. */
function versionProblems(entry: AffectedInput, index: number): ErrorDetail[] {
  const order = versionOrder(entry.ecosystem);
  const problems: ErrorDetail[] = [];
  const check = (version: string | undefined, path: string, allowZero = false) => {
    if (version === undefined || (allowZero && version === '0') || order.valid(version)) return;
    problems.push({ path, message: `"${version}" is not a ${ORDER_NAME[entry.ecosystem]} version.` });
  };
  if (entry.ranges.length === 0 && entry.versions.length === 0) {
    problems.push({ path: `affected.${index}`, message: 'Name at least one range or version.' });
  }
  entry.ranges.forEach((range, r) => {
    const at = `affected.${index}.ranges.${r}`;
    check(range.introduced, `${at}.introduced`, true);
    check(range.fixed, `${at}.fixed`);
    check(range.last_affected, `${at}.last_affected`);
    if (range.fixed !== undefined && range.last_affected !== undefined) {
      problems.push({ path: at, message: 'A range has either fixed or last_affected, not both (OSV).' });
    }
  });
  entry.versions.forEach((version, v) => check(version, `affected.${index}.versions.${v}`));
  return problems;
}

/**
 * Checks what an advisory affects and makes names canonical: a pack by its canonical id (it must exist), a Python
 * package by its PEP 503 name; every version readable in its ecosystem's order. All problems at once, as a 400
 * `invalid_advisory` whose details name each field, so nothing half-valid is stored.
 */
export async function checkAffected(db: Db, affected: AffectedInput[]): Promise<CheckedAffected[]> {
  const problems: ErrorDetail[] = [];
  const out: CheckedAffected[] = [];
  for (const [index, given] of affected.entries()) {
    problems.push(...versionProblems(given, index));
    const entry = { ...given, ranges: given.ranges.map(cleanRange) };
    if (entry.ecosystem === 'PyPI') {
      out.push({ ...entry, package: normalizePythonName(entry.package) });
      continue;
    }
    const node = await findNode(db, entry.package);
    if (!node || node.status === 'NodeStatusDeleted') {
      problems.push({ path: `affected.${index}.package`, message: `No pack "${entry.package}" here.` });
      continue;
    }
    out.push({ ...entry, package: node.id });
  }
  if (problems.length > 0) {
    throw badRequest(
      `The advisory's affected list is not valid: ${problems.map((p) => p.message).join(' ')}`,
      'invalid_advisory',
      problems,
    );
  }
  return out;
}
