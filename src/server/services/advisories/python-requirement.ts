import { validRange } from '@renovatebot/pep440';

/** A declared Python dependency (a line of requirements.txt), reduced to what advisory matching needs. */
export interface PythonRequirement {
  /** PEP 503 normalized name (lower case, runs of -_. as one -). */
  name: string;
  /** The version specifier ('' = any version), e.g. '>=1.2,<2'. */
  specifier: string;
}

/** PEP 503: names compare lower-cased with runs of '-', '_' and '.' as one '-'. */
export const normalizePythonName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[-_.]+/g, '-');

// name, optional [extras], then the rest up to an environment marker (';') or a comment ('#').
const REQUIREMENT = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;#]*)/;

/**
 * Reads one declared dependency as pip would name it. Lines that name no package index release (options such as
 * `-r`, URLs, `name @ url` direct references, blank lines) answer null: no PyPI advisory can apply to them. A
 * specifier we cannot read counts as "any version", so a malformed pin never hides a match.
 */
export function parsePythonRequirement(line: string): PythonRequirement | null {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.startsWith('-') || /^[a-z+]+:\/\//i.test(trimmed)) return null;
  const match = REQUIREMENT.exec(trimmed);
  if (!match) return null;
  const rest = match[3]!.trim();
  if (rest.startsWith('@')) return null;
  // PEP 508 allows the specifier in parentheses: "name (>=1.0)".
  const specifier = rest.replace(/^\((.*)\)$/, '$1').trim();
  return { name: normalizePythonName(match[1]!), specifier: specifier && validRange(specifier) ? specifier : '' };
}
