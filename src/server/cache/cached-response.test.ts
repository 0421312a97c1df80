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

  it('keeps a body stored as it is in memory of its own (not a slice of a shared buffer)', async () => {
    // Under 1 KB: not compressed. Made from a string, it is a slice of Node's shared 8 KiB pool.
    const small = Buffer.from('{"nodes":[]}');
    expect(small.buffer.byteLength).toBeGreaterThan(small.length);
    const kept = await buildCachedResponse({
      key: 'k',
      headers: { 'content-type': 'application/json' },
      body: small,
      replay: [],
      now: 0,
    });
    expect(kept.stored).toBe('identity');
    expect(kept.body.buffer.byteLength).toBe(kept.body.length);
    expect(kept.body.toString()).toBe('{"nodes":[]}');
  });

  it('uses the plain body it is given instead of decompressing the stored one', async () => {
    // A stored body that is not this page's: decompressing it would show.
    const stored = { ...(await entry()), body: brotliCompressSync(Buffer.from('another body')) };
    expect(gunzipSync(await bodyFor(stored, 'gzip', plain))).toEqual(plain);
    expect(await bodyFor(stored, 'identity', plain)).toBe(plain);
    expect((await bodyFor(stored, 'identity')).toString()).toBe('another body');
  });
});
