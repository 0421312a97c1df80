import { compressionRatioProblem } from './compression-ratio.ts';
import { extractionKey, MAX_NAME_BYTES, parentKeys, pathProblem } from './entry-paths.ts';
import { verifyEntryData } from './zip-entry-data.ts';
import { readZipLayout, type ZipLayout, type ZipLayoutEntry } from './zip-layout.ts';
import { ambiguity, isAmbiguityRule, quoteName, ZipRuleError, type ZipRule } from './zip-rule.ts';

// Checks an uploaded node archive before anything is stored, on the one structural reading every
// other part of the server uses (zip-layout.ts): what passes here is exactly what the scanner
// reads and what any extractor writes. On top of that structure: every entry must stay inside
// the pack's folder under one unambiguous name, be a plain file or folder, and the whole must
// inflate to a bounded size with a believable compression ratio (zip bombs). Bytes in memory only.

export interface ZipLimits {
  maxEntries: number;
  /** Cap on the sum of the entries' sizes (declared, and held to it when inflated). */
  maxUncompressedBytes: number;
}

/** The API error code of a refusal: structural ambiguity, or a plainly bad archive. */
export type ZipRefusalCode = 'archive_ambiguous' | 'invalid_archive';

declare const validated: unique symbol;
/** A structure that passed every rule here: the only input read-pack.ts takes. */
export type ValidatedZip = ZipLayout & { readonly [validated]: true };

export type ZipCheck =
  | {
      ok: true;
      entries: number;
      uncompressedBytes: number;
      /** The validated structure: read the pack's files through it (read-pack.ts), nothing else. */
      archive: ValidatedZip;
    }
  | { ok: false; code: ZipRefusalCode; rule: ZipRule; message: string; entry?: string };

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const DOS_DIRECTORY = 0x10;

export function zipLimitsFor(maxArchiveBytes: number): ZipLimits {
  return { maxEntries: 20_000, maxUncompressedBytes: 10 * maxArchiveBytes };
}

const refuse = (rule: ZipRule, entry: string, reason: string) =>
  new ZipRuleError(rule, `Archive entry ${quoteName(entry)} ${reason}.`, entry);

/** Name and type rules of one entry. */
function checkEntry(entry: ZipLayoutEntry) {
  const { name } = entry;
  if (entry.rawName.length > MAX_NAME_BYTES) {
    throw refuse('unsafe-path', name.slice(0, 80), `has a name longer than ${MAX_NAME_BYTES} bytes`);
  }
  const problem = pathProblem(name);
  if (problem) throw refuse('unsafe-path', name, problem);
  // The high 16 bits of the external attributes hold the Unix mode when a Unix tool made the zip.
  const fileType = (entry.externalAttributes >>> 16) & S_IFMT;
  if (fileType === S_IFLNK) throw refuse('file-type', name, 'is a symbolic link');
  if (fileType !== 0 && fileType !== S_IFREG && fileType !== S_IFDIR)
    throw refuse('file-type', name, 'is not a regular file');
  const isDirectory = name.endsWith('/');
  // Python's zipfile goes by the trailing slash alone; other tools by the attributes.
  if (!isDirectory && (fileType === S_IFDIR || entry.externalAttributes & DOS_DIRECTORY)) {
    throw refuse(
      'file-type',
      name,
      'is marked as a folder, but its name does not end with "/" (Python would write a file)',
    );
  }
  if (isDirectory && entry.size > 0) throw refuse('file-type', name, 'is a folder with content');
}

/** No two entries may become the same file, or a file and a folder, on any system. */
function checkCollisions(entries: ZipLayoutEntry[]) {
  const byKey = new Map<string, string>();
  const files = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const { name } of entries) {
    const key = extractionKey(name);
    const earlier = byKey.get(key);
    if (earlier !== undefined) {
      throw ambiguity(
        'duplicate-name',
        earlier === name
          ? `entry ${quoteName(name)} appears twice (Python's zipfile keeps the last, other readers the first)`
          : `entries ${quoteName(earlier)} and ${quoteName(name)} are extracted to the same file on case-insensitive or Unicode-normalising file systems`,
        name,
      );
    }
    byKey.set(key, name);
    if (!name.endsWith('/')) files.set(key, name);
    for (const parent of parentKeys(key)) if (!folders.has(parent)) folders.set(parent, name);
  }
  for (const [key, name] of files) {
    const inside = folders.get(key);
    if (inside !== undefined) {
      throw ambiguity(
        'duplicate-name',
        `entry ${quoteName(name)} is a file, but ${quoteName(inside)} puts a file inside it`,
        name,
      );
    }
  }
}

async function checkArchive(data: Uint8Array, limits: ZipLimits) {
  const archive = readZipLayout(data);
  const { entries } = archive;
  if (entries.length === 0) throw new ZipRuleError('empty', 'The archive is empty.');
  if (entries.length > limits.maxEntries) {
    throw new ZipRuleError(
      'limits',
      `The archive has ${entries.length} entries; at most ${limits.maxEntries} are allowed.`,
    );
  }
  entries.forEach(checkEntry);
  checkCollisions(entries);
  let declared = 0;
  let stored = 0;
  // Sizes and ratios are judged on the declarations before anything is inflated; inflation then
  // holds every entry to its declared size exactly.
  for (const entry of entries) {
    declared += entry.size;
    stored += entry.compressedSize;
    if (declared > limits.maxUncompressedBytes) {
      throw new ZipRuleError(
        'limits',
        `The archive declares more than ${limits.maxUncompressedBytes} bytes once extracted (at entry ${quoteName(entry.name)}).`,
        entry.name,
      );
    }
    const bomb = compressionRatioProblem(entry.compressedSize, entry.size);
    if (bomb) throw refuse('zip-bomb', entry.name, bomb);
  }
  // Many entries each too small for the check above can still add up to a bomb.
  const whole = compressionRatioProblem(stored, declared);
  if (whole) throw new ZipRuleError('zip-bomb', `The archive as a whole ${whole}.`);
  for (const entry of entries) await verifyEntryData(archive, entry);
  return { entries: entries.length, uncompressedBytes: declared, archive: archive as ValidatedZip };
}

/** Accepts a safe, unambiguous zip; otherwise says which rule it breaks, where, and how. */
export async function validateZip(data: Uint8Array, limits: ZipLimits): Promise<ZipCheck> {
  try {
    return { ok: true, ...(await checkArchive(data, limits)) };
  } catch (error) {
    if (!(error instanceof ZipRuleError)) {
      // Never expected (every read is bounds-checked), but a parser bug must refuse, not answer 500.
      const message = `The upload is not a readable zip archive (${(error as Error).message}).`;
      return { ok: false, code: 'invalid_archive', rule: 'not-a-zip', message };
    }
    return {
      ok: false,
      code: isAmbiguityRule(error.rule) ? 'archive_ambiguous' : 'invalid_archive',
      rule: error.rule,
      message: error.message,
      ...(error.entry === undefined ? {} : { entry: error.entry }),
    };
  }
}
