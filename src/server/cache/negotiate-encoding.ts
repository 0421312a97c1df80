import type { Encoding } from './cached-response.ts';

// Clients send a handful of distinct Accept-Encoding values, so the parse is remembered per value
// (bounded: an attacker inventing values only refills this small table).
const remembered = new Map<string, Encoding>();
const REMEMBER_AT_MOST = 64;

function qualityOf(header: string, name: string): number {
  let best = -1;
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (token !== name && token !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    const quality = Number.isFinite(value) ? value : 0;
    // An explicit entry for the name wins over the wildcard.
    if (token === name) return quality;
    best = quality;
  }
  return best;
}

function parse(header: string): Encoding {
  const br = qualityOf(header, 'br');
  const gzip = qualityOf(header, 'gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = remembered.get(header);
  if (encoding === undefined) {
    encoding = parse(header);
    if (remembered.size >= REMEMBER_AT_MOST) remembered.clear();
    remembered.set(header, encoding);
  }
  return encoding;
}
