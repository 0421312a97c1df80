import { readEntryData } from '../../analysis/pack/zip-entry-data.ts';
import { readZipLayout, type ZipLayoutEntry } from '../../analysis/pack/zip-layout.ts';

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

function isCandidate(entry: ZipLayoutEntry): boolean {
  return README_NAME.test(entry.name) && entry.size <= MAX_README_BYTES;
}

/**
 * The README of a pack archive: README.md (any case, .md/.markdown or no extension) at the root or
 * one folder down (a wrapper folder), as text, read through the same structural reading the upload
 * check and the scanner use (so the page shows the README that gets installed). Only the chosen
 * entry is inflated. Null when there is none or the zip cannot be read: a broken archive must
 * never break the page.
 */
export function findReadme(zip: Uint8Array): { path: string; markdown: string } | null {
  let bytes: Uint8Array;
  let path: string;
  try {
    const layout = readZipLayout(zip);
    const [entry] = layout.entries.filter(isCandidate).sort((a, b) => compareRank(a.name, b.name));
    if (!entry) return null;
    path = entry.name;
    // The size was declared; readEntryData holds the entry to it.
    bytes = readEntryData(layout, entry);
  } catch {
    return null;
  }
  const markdown = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  return { path, markdown };
}
