import { parse, TomlError } from 'smol-toml';
import type { ValidatedZip } from './validate-zip.ts';
import { readEntryData } from './zip-entry-data.ts';

// The pack's own description of itself: the pyproject.toml at the top of an uploaded zip, read the
// way comfy-cli reads it before `comfy node publish` (comfy_cli/registry/config_parser.py), so a zip
// made by `comfy node pack` publishes the same node, version and metadata from the browser as the
// CLI would send. Pure: bytes of a validated zip in, fields or the reason there are none out.

export const PYPROJECT = 'pyproject.toml';
/** A pyproject larger than this is not a pyproject (and is not parsed). */
export const MAX_PYPROJECT_BYTES = 256 * 1024;

/** What the publish needs from pyproject.toml; optional fields are absent when the file has none. */
export interface PackProject {
  /** `[project] name`: the node id. */
  name: string;
  /** `[project] version`, trimmed. */
  version: string;
  description?: string;
  /** JSON-encoded as comfy-cli sends it: `{"text": "MIT"}` or `{"file": "LICENSE"}`. */
  license?: string;
  repository?: string;
  /** `[tool.comfy] PublisherId`. */
  publisherId: string;
  displayName?: string;
  icon?: string;
  banner?: string;
  /** `[project] dependencies` without the ComfyUI frontend package, which is a compatibility bound instead. */
  dependencies: string[];
  /** `[tool.comfy] requires-comfyui`. */
  requiresComfyui?: string;
  /** The version bound of a `comfyui-frontend-package…` dependency. */
  requiresFrontend?: string;
  /** `Operating System :: …` classifiers, without the prefix. */
  supportedOs: string[];
  /** `Environment :: …` classifiers, without the prefix. */
  supportedAccelerators: string[];
}

export type PyprojectProblem =
  /** No pyproject.toml at the top of the zip; `nestedIn` names the one folder that holds it instead. */
  | { problem: 'missing'; nestedIn?: string }
  /** Not UTF-8, not TOML, or too large; `line` when the parser says where. */
  | { problem: 'unreadable'; message: string; line?: number }
  /** A key that must be there is missing or empty (`required`), or holds the wrong kind of value (`invalid_format`). */
  | { problem: 'field'; field: string; issue: 'required' | 'invalid_format' };

export type PyprojectRead = ({ ok: true } & { project: PackProject }) | ({ ok: false } & PyprojectProblem);

type Table = Record<string, unknown>;

const FRONTEND_PACKAGE = 'comfyui-frontend-package';
const OS_PREFIX = 'Operating System :: ';
const ACCELERATOR_PREFIX = 'Environment :: ';

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

class FieldProblem extends Error {
  readonly field: string;
  readonly issue: 'required' | 'invalid_format';
  constructor(field: string, issue: 'required' | 'invalid_format') {
    super(`${field}: ${issue}`);
    this.field = field;
    this.issue = issue;
  }
}

/** A string value (trimmed), undefined when absent; anything else is the wrong kind. */
function optionalString(table: Table, key: string, field: string): string | undefined {
  const value = table[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new FieldProblem(field, 'invalid_format');
  return value.trim();
}

function requiredString(table: Table, key: string, field: string): string {
  const value = optionalString(table, key, field);
  if (!value) throw new FieldProblem(field, 'required');
  return value;
}

function stringList(table: Table, key: string, field: string): string[] {
  const value = table[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new FieldProblem(field, 'invalid_format');
  }
  return value;
}

function subTable(table: Table, key: string, field: string): Table {
  const value = table[key];
  if (value === undefined) return {};
  if (!isTable(value)) throw new FieldProblem(field, 'invalid_format');
  return value;
}

/** `license = "MIT"`, `{ text = "MIT" }` or `{ file = "LICENSE" }`, JSON-encoded like comfy-cli's. */
function licenseOf(project: Table): string | undefined {
  const value = project['license'];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return JSON.stringify({ text: value });
  if (!isTable(value) || !('file' in value || 'text' in value)) {
    throw new FieldProblem('project.license', 'invalid_format');
  }
  const file = optionalString(value, 'file', 'project.license.file');
  const text = optionalString(value, 'text', 'project.license.text');
  if (file) return JSON.stringify({ file });
  return text ? JSON.stringify({ text }) : undefined;
}

function withoutPrefix(values: string[], prefix: string): string[] {
  return values.filter((value) => value.startsWith(prefix)).map((value) => value.slice(prefix.length).trim());
}

function projectOf(document: Table): PackProject {
  const project = subTable(document, 'project', 'project');
  const comfy = subTable(subTable(document, 'tool', 'tool'), 'comfy', 'tool.comfy');
  const urls = subTable(project, 'urls', 'project.urls');
  const allDependencies = stringList(project, 'dependencies', 'project.dependencies');
  const frontend = allDependencies.find((dep) => dep.startsWith(FRONTEND_PACKAGE));
  const classifiers = stringList(project, 'classifiers', 'project.classifiers');
  const out: PackProject = {
    name: requiredString(project, 'name', 'project.name'),
    version: requiredString(project, 'version', 'project.version'),
    publisherId: requiredString(comfy, 'PublisherId', 'tool.comfy.PublisherId'),
    dependencies: allDependencies.filter((dep) => !dep.startsWith(FRONTEND_PACKAGE)),
    supportedOs: withoutPrefix(classifiers, OS_PREFIX),
    supportedAccelerators: withoutPrefix(classifiers, ACCELERATOR_PREFIX),
  };
  const optional: [keyof PackProject, string | undefined][] = [
    ['description', optionalString(project, 'description', 'project.description')],
    ['license', licenseOf(project)],
    ['repository', optionalString(urls, 'Repository', 'project.urls.Repository')],
    ['displayName', optionalString(comfy, 'DisplayName', 'tool.comfy.DisplayName')],
    ['icon', optionalString(comfy, 'Icon', 'tool.comfy.Icon')],
    ['banner', optionalString(comfy, 'Banner', 'tool.comfy.Banner')],
    ['requiresComfyui', optionalString(comfy, 'requires-comfyui', 'tool.comfy.requires-comfyui')],
    ['requiresFrontend', frontend?.slice(FRONTEND_PACKAGE.length).trim()],
  ];
  // Empty strings mean "not given", as comfy-cli's defaults ("") do.
  for (const [key, value] of optional) if (value) Object.assign(out, { [key]: value });
  return out;
}

/** The one folder every entry sits in, when the zip was made of a folder instead of its contents. */
function soleFolder(archive: ValidatedZip): string | undefined {
  const tops = new Set(archive.entries.map((entry) => entry.name.split('/')[0]!));
  if (tops.size !== 1) return undefined;
  const [top] = tops;
  return archive.entries.some((entry) => entry.name === `${top}/${PYPROJECT}`) ? top : undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads and checks the pyproject.toml at the top of a validated zip. */
export function readPackProject(archive: ValidatedZip): PyprojectRead {
  const entry = archive.entries.find((candidate) => candidate.name === PYPROJECT);
  if (!entry) {
    const nestedIn = soleFolder(archive);
    return { ok: false, problem: 'missing', ...(nestedIn ? { nestedIn } : {}) };
  }
  if (entry.size > MAX_PYPROJECT_BYTES) {
    return { ok: false, problem: 'unreadable', message: `${PYPROJECT} is larger than ${MAX_PYPROJECT_BYTES} bytes.` };
  }
  let text: string;
  try {
    text = utf8.decode(readEntryData(archive, entry));
  } catch {
    return { ok: false, problem: 'unreadable', message: `${PYPROJECT} is not UTF-8 text.` };
  }
  // Windows editors may write a byte-order mark; comfy-cli reads the file as utf-8-sig.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let document: Table;
  try {
    document = parse(text);
  } catch (error) {
    const line = error instanceof TomlError ? error.line : undefined;
    const where = line ? ` (line ${line})` : '';
    return {
      ok: false,
      problem: 'unreadable',
      message: `${PYPROJECT} is not valid TOML${where}.`,
      ...(line ? { line } : {}),
    };
  }
  try {
    return { ok: true, project: projectOf(document) };
  } catch (error) {
    if (!(error instanceof FieldProblem)) throw error;
    return { ok: false, problem: 'field', field: error.field, issue: error.issue };
  }
}
