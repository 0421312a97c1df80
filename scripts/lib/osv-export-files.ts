// The JSON files of an OSV export, from a zip (osv.dev's <ecosystem>/all.zip) or a directory of
// <id>.json files (searched recursively), for `npm run advisories -- import-osv`.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { unzipSync } from 'fflate';
import type { OsvImportFile } from '../../src/server/services/advisories/import-osv.ts';

const decoder = new TextDecoder();

async function filesOfDirectory(root: string): Promise<OsvImportFile[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  return Promise.all(paths.map(async (path) => ({ name: relative(root, path), text: await readFile(path, 'utf8') })));
}

function filesOfZip(bytes: Uint8Array): OsvImportFile[] {
  const entries = unzipSync(bytes, { filter: (file) => file.name.endsWith('.json') });
  return Object.keys(entries)
    .sort()
    .map((name) => ({ name, text: decoder.decode(entries[name]) }));
}

/** Every .json of the export at `path` (a .zip file or a directory), sorted by name. */
export async function readOsvExport(path: string): Promise<OsvImportFile[]> {
  if ((await stat(path)).isDirectory()) return filesOfDirectory(path);
  return filesOfZip(await readFile(path));
}
