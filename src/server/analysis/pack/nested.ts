import { gunzipSync } from 'node:zlib';
import { compressionRatioProblem } from './compression-ratio.ts';
import { archiveKind, unsupportedFormat } from './archive-kind.ts';
import type { PackFile } from './read-pack.ts';
import { readTar } from './tar-entries.ts';
import { openZip, UnreadableArchive, type ZipEntryInfo } from './zip-entries.ts';

// Archives inside the pack (a lib.zip put on sys.path, a wheel, an egg, a tar.gz) are unpacked in
// memory so their files get the same rules as the pack's own. Everything they inflate to counts
// against ONE budget with the pack's files (bytes, file count, nesting depth, the scan's CPU time);
// whatever cannot be opened within it is reported as not scanned, which holds the version for a
// human instead of passing it unseen.

export interface NestedLimits {
  /** Archives inside archives: contents deeper than this are not unpacked. */
  maxDepth: number;
  /** Inflated bytes of all nested files together (what is left of the pack's size budget). */
  maxBytes: number;
  /** Nested files together (what is left of the pack's file-count budget). */
  maxFiles: number;
  /** One nested file larger than this is not read (as for the pack's own files). */
  maxFileBytes: number;
}

export const DEFAULT_NESTED_LIMITS: NestedLimits = {
  maxDepth: 3,
  maxBytes: 256 * 1024 * 1024,
  maxFiles: 20_000,
  maxFileBytes: 8 * 1024 * 1024,
};

/** Separates an archive's path from the path of a file inside it: `lib.zip!/evil/payload.py`. */
export const NESTED_SEPARATOR = '!/';

export interface Expansion {
  files: PackFile[];
  /** Nested archives or entries left out, with why (reported as not scanned). */
  skipped: { path: string; reason: string }[];
  /** Nested archives or entries refused as compression bombs, with the numbers. */
  bombs: { path: string; detail: string }[];
  /** Paths of the pack's files, nested or not, whose bytes are an archive. */
  archives: string[];
  bytes: number;
}

interface Work {
  file: PackFile;
  depth: number;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

class Expander {
  readonly out: Expansion = { files: [], skipped: [], bombs: [], archives: [], bytes: 0 };
  private readonly limits: NestedLimits;
  private readonly outOfTime: () => boolean;
  private bytesLeft: number;
  private filesLeft: number;
  private readonly queue: Work[] = [];

  constructor(limits: NestedLimits, outOfTime: () => boolean) {
    this.limits = limits;
    this.outOfTime = outOfTime;
    this.bytesLeft = limits.maxBytes;
    this.filesLeft = limits.maxFiles;
  }

  run(files: PackFile[]): Expansion {
    for (const file of files) this.queue.push({ file, depth: 0 });
    for (let work = this.queue.shift(); work; work = this.queue.shift()) this.visit(work);
    return this.out;
  }

  private skip(path: string, reason: string) {
    this.out.skipped.push({ path, reason });
  }

  private visit({ file, depth }: Work) {
    const kind = archiveKind(file.bytes);
    if (!kind) return;
    this.out.archives.push(file.path);
    if (kind === 'unsupported') {
      return this.skip(file.path, `an archive format the scanner cannot open: ${unsupportedFormat(file.bytes)}`);
    }
    if (depth >= this.limits.maxDepth) {
      return this.skip(file.path, `an archive nested more than ${this.limits.maxDepth} levels deep`);
    }
    if (this.outOfTime()) return this.skip(file.path, 'scan time budget used up before this archive was opened');
    try {
      if (kind === 'zip') this.unzip(file, depth);
      else if (kind === 'gzip') this.gunzip(file, depth);
      else this.untar(file, depth, file.bytes);
    } catch (error) {
      if (!(error instanceof UnreadableArchive)) throw error;
      this.skip(file.path, `a nested archive that could not be read (${error.message})`);
    }
  }

  /** Admits one file found inside an archive, or says why not. `read` is only called when admitted. */
  private admit(path: string, depth: number, size: number, read: () => Uint8Array, chargeBytes = true) {
    if (size > this.limits.maxFileBytes) return this.skip(path, `larger than ${this.limits.maxFileBytes} bytes`);
    if (chargeBytes && size > this.bytesLeft) {
      return this.skip(path, `beyond the size budget left for nested archives (${this.bytesLeft} bytes)`);
    }
    if (this.filesLeft <= 0) return this.skip(path, `beyond the budget of ${this.limits.maxFiles} nested files`);
    let bytes: Uint8Array;
    try {
      bytes = read();
    } catch (error) {
      if (!(error instanceof UnreadableArchive)) throw error;
      return this.skip(path, `could not be read (${error.message})`);
    }
    if (chargeBytes) this.bytesLeft -= bytes.length;
    this.filesLeft -= 1;
    this.out.bytes += bytes.length;
    const file = { path, bytes };
    this.out.files.push(file);
    this.queue.push({ file, depth: depth + 1 });
  }

  private unzip(archive: PackFile, depth: number) {
    const zip = openZip(archive.bytes);
    const admitted: { entry: ZipEntryInfo; path: string }[] = [];
    for (const entry of zip.entries) {
      if (entry.name.endsWith('/')) continue;
      const path = `${archive.path}${NESTED_SEPARATOR}${entry.name}`;
      const bomb = compressionRatioProblem(entry.stored, entry.size);
      if (bomb) this.out.bombs.push({ path, detail: bomb });
      else admitted.push({ entry, path });
    }
    // Many entries each too small for the check above can still add up to a bomb.
    const total = admitted.reduce((sum, { entry }) => sum + entry.size, 0);
    const whole = compressionRatioProblem(archive.bytes.length, total);
    if (whole) {
      this.out.bombs.push({ path: archive.path, detail: whole });
      return;
    }
    for (const { entry, path } of admitted) this.admit(path, depth, entry.size, () => zip.read(entry));
  }

  private gunzip(archive: PackFile, depth: number) {
    const cap = Math.min(this.limits.maxFileBytes, this.bytesLeft);
    let inflated: Uint8Array;
    try {
      inflated = gunzipSync(archive.bytes, { maxOutputLength: Math.max(cap, 1) });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') {
        throw new UnreadableArchive((error as Error).message);
      }
      const bomb = compressionRatioProblem(archive.bytes.length, cap + 1);
      if (bomb) this.out.bombs.push({ path: archive.path, detail: `${bomb} at least` });
      else
        this.skip(archive.path, `inflates to more than ${cap} bytes (one nested file's limit or the size budget left)`);
      return;
    }
    const bomb = compressionRatioProblem(archive.bytes.length, inflated.length);
    if (bomb) {
      this.out.bombs.push({ path: archive.path, detail: bomb });
      return;
    }
    if (archiveKind(inflated) === 'tar') {
      // A .tar.gz is one archive: its files sit one level down, the inflated tar is charged once.
      this.bytesLeft -= inflated.length;
      return this.untar(archive, depth, inflated, false);
    }
    const name =
      baseName(archive.path).replace(/\.t?gz$/i, (ext) => (ext.toLowerCase() === '.tgz' ? '.tar' : '')) || 'data';
    this.admit(`${archive.path}${NESTED_SEPARATOR}${name}`, depth, inflated.length, () => inflated);
  }

  private untar(archive: PackFile, depth: number, bytes: Uint8Array, chargeBytes = true) {
    for (const entry of readTar(bytes)) {
      const path = `${archive.path}${NESTED_SEPARATOR}${entry.name}`;
      this.admit(path, depth, entry.bytes.length, () => entry.bytes, chargeBytes);
    }
  }
}

/**
 * Unpacks every archive among `files` (and archives inside those, up to `maxDepth`), returning the
 * files found inside. `outOfTime` is the scan's budget: once it says so, no further archive is opened.
 */
export function expandNestedArchives(
  files: PackFile[],
  limits: NestedLimits = DEFAULT_NESTED_LIMITS,
  outOfTime: () => boolean = () => false,
): Expansion {
  return new Expander(limits, outOfTime).run(files);
}
