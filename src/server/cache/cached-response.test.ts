import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bodyFor, buildCachedResponse } from './cached-response.ts';

// A client without brotli gets the stored body decompressed (and gzipped if it takes gzip); the request
// that rendered the entry still holds the plain body, so it is not decompressed again.

const plain = Buffer.from(
  JSON.stringify({ nodes: Array.from({ length: 100 }, (_, i) => ({ id: `pack-${i}`, name: `Pack ${i}` })) }),
);

async function entry() {
  return buildCachedResponse({
    key: 'GET /nodes',
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' },
    body: plain,
    replay: [],
    now: 0,
  });
}

describe('bodyFor', () => {
  it('derives gzip and identity from the stored brotli body', async () => {
    const stored = await entry();
    expect(stored.stored).toBe('br');
    expect(gunzipSync(await bodyFor(stored, 'gzip'))).toEqual(plain);
    expect(await bodyFor(stored, 'identity')).toEqual(plain);
    expect(await bodyFor(stored, 'br')).toBe(stored.body);
  });

  it('uses the plain body it is given instead of decompressing the stored one', async () => {
    // A stored body that is not this page's: decompressing it would show.
    const stored = { ...(await entry()), body: brotliCompressSync(Buffer.from('another body')) };
    expect(gunzipSync(await bodyFor(stored, 'gzip', plain))).toEqual(plain);
    expect(await bodyFor(stored, 'identity', plain)).toBe(plain);
    expect((await bodyFor(stored, 'identity')).toString()).toBe('another body');
  });
});
