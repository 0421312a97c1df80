import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import yauzl from 'yauzl';

// What other zip readers make of the same bytes, for the property "the files any mainstream
// extractor writes are exactly the files we scanned". Each oracle answers with the files it
// extracts (directories left out) as sorted {name, sha256}, or the error it stopped with.
// Python's zipfile is the one that matters most: ComfyUI-Manager and comfy-cli install with it.

export interface ExtractedFile {
  name: string;
  sha256: string;
}
export type OracleResult = { ok: true; files: ExtractedFile[] } | { ok: false; error: string };

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const sorted = (files: ExtractedFile[]) => [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

// extractall() into a fresh folder, exactly as the installers do, then what landed on disk.
const PYTHON_EXTRACT = String.raw`
import hashlib, json, os, sys, tempfile, zipfile
results = []
for path in json.load(sys.stdin):
    try:
        with tempfile.TemporaryDirectory() as out:
            with zipfile.ZipFile(path) as archive:
                archive.extractall(out)
            files = []
            for root, _dirs, names in os.walk(out):
                for name in names:
                    full = os.path.join(root, name)
                    with open(full, 'rb') as f:
                        digest = hashlib.sha256(f.read()).hexdigest()
                    files.append({'name': os.path.relpath(full, out).replace(os.sep, '/'), 'sha256': digest})
            results.append({'ok': True, 'files': files})
    except Exception as error:
        results.append({'ok': False, 'error': type(error).__name__ + ': ' + str(error)})
json.dump(results, sys.stdout)
`;

/** Whether `python3` runs here (the property test must not skip in CI). */
export function pythonAvailable(): boolean {
  return spawnSync('python3', ['-c', 'import zipfile'], { stdio: 'ignore' }).status === 0;
}

export function unzipAvailable(): boolean {
  return spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** Python's zipfile on each archive (one interpreter for the whole batch). */
export function pythonExtract(archives: Uint8Array[]): OracleResult[] {
  const dir = mkdtempSync(join(tmpdir(), 'zip-oracle-py-'));
  try {
    const paths = archives.map((archive, i) => {
      const path = join(dir, `${i}.zip`);
      writeFileSync(path, archive);
      return path;
    });
    const run = spawnSync('python3', ['-c', PYTHON_EXTRACT], {
      input: JSON.stringify(paths),
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
    return (JSON.parse(run.stdout) as OracleResult[]).map((r) => (r.ok ? { ok: true, files: sorted(r.files) } : r));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** A file name as written on disk: UTF-8 when it is, else byte by byte (Latin-1), so nothing is lost. */
function diskName(raw: Buffer): string {
  try {
    return utf8.decode(raw);
  } catch {
    return raw.toString('latin1');
  }
}

function walk(root: Buffer, prefix = ''): ExtractedFile[] {
  return readdirSync(root, { withFileTypes: true, encoding: 'buffer' }).flatMap((entry) => {
    const full = Buffer.concat([root, Buffer.from('/'), entry.name]);
    const name = `${prefix}${diskName(entry.name)}`;
    if (entry.isDirectory()) return walk(full, `${name}/`);
    return [{ name, sha256: sha256(readFileSync(full)) }];
  });
}

/** Info-ZIP unzip (in a UTF-8 locale, so names are not escaped). Exit codes above 1 are errors. */
export function unzipExtract(archive: Uint8Array): OracleResult {
  const dir = mkdtempSync(join(tmpdir(), 'zip-oracle-unzip-'));
  try {
    const path = join(dir, 'archive.zip');
    writeFileSync(path, archive);
    const out = join(dir, 'out');
    const run = spawnSync('unzip', ['-qq', '-o', path, '-d', out], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    // 0: fine; 1: extracted, with warnings (e.g. "extra bytes at beginning").
    if (run.status !== 0 && run.status !== 1) return { ok: false, error: `unzip ${run.status}: ${run.stderr}` };
    const files = run.status === 0 && existsSync(out) ? walk(Buffer.from(out)) : [];
    return run.status === 1
      ? { ok: false, error: `unzip warned: ${run.stderr.trim()}` }
      : { ok: true, files: sorted(files) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** fflate's unzipSync (what our scanner used to read packs with); a later duplicate overwrites. */
export function fflateExtract(archive: Uint8Array): OracleResult {
  try {
    const files = Object.entries(unzipSync(archive))
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, data]) => ({ name, sha256: sha256(data) }));
    return { ok: true, files: sorted(files) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** yauzl (what our upload check used to read packs with), checking sizes; a later duplicate overwrites. */
export async function yauzlExtract(archive: Uint8Array): Promise<OracleResult> {
  try {
    const zip = await yauzl.fromBufferPromise(Buffer.from(archive), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
    const files = new Map<string, string>();
    try {
      for await (const entry of zip.eachEntry()) {
        if (entry.fileName.endsWith('/')) continue;
        const stream = await zip.openReadStreamPromise(entry);
        const chunks: Buffer[] = [];
        for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
        files.set(entry.fileName, sha256(Buffer.concat(chunks)));
      }
    } finally {
      zip.close();
    }
    return { ok: true, files: sorted([...files].map(([name, digest]) => ({ name, sha256: digest }))) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
