import { unzipSync, type UnzipFileInfo } from 'fflate';

/** READMEs larger than this are not rendered (a README is prose, not a data dump). */
export const MAX_README_BYTES = 512 * 1024;

const README_NAME = /^(?:[^/]+\/)?readme(?:\.md|\.markdown)?$/i;

/** Root files before files one folder down; README.md before a bare README; then by name. */
function rank(name: string): [number, number, string] {
  const depth = name.includes('/') ? 1 : 0;
  const bare = /readme$/i.test(name) ? 1 : 0;
  return [depth, bare, name];
}

function compareRank(a: string, b: string): number {
  const [da, ba, na] = rank(a);
  const [db, bb, nb] = rank(b);
  return da - db || ba - bb || na.localeCompare(nb);
}

function isCandidate(file: UnzipFileInfo): boolean {
  return README_NAME.test(file.name) && file.originalSize <= MAX_README_BYTES;
}

/**
 * The README of a pack archive: README.md (any case, .md/.markdown or no extension) at the root or
 * one folder down (a wrapper folder), as text. Only the candidates are inflated. Null when there is
 * none or the zip cannot be read: a broken archive must never break the page.
 */
export function findReadme(zip: Uint8Array): { path: string; markdown: string } | null {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, { filter: isCandidate });
  } catch {
    return null;
  }
  const [path] = Object.keys(files).sort(compareRank);
  if (!path) return null;
  const bytes = files[path]!;
  // Declared sizes can lie; the inflated bytes are what counts.
  if (bytes.length > MAX_README_BYTES) return null;
  const markdown = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  return { path, markdown };
}
