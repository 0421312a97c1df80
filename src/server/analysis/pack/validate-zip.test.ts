import { crc32 } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildZip,
  samplePackFiles,
  withBadCrc,
  withDeclaredSize,
  withEncryptedFlag,
  withLocalName,
  zipWithSpecialFile,
  zipWithSymlink,
} from '#test/zip.ts';
import { validateZip, zipLimitsFor, type ZipLimits } from './validate-zip.ts';

const limits: ZipLimits = { maxEntries: 100, maxUncompressedBytes: 1_000_000 };

async function rejection(zip: Uint8Array, custom: ZipLimits = limits) {
  const result = await validateZip(zip, custom);
  if (result.ok) throw new Error('expected the zip to be rejected');
  return result;
}

describe('validateZip', () => {
  it('accepts a normal pack with files at the root and counts its real size', async () => {
    const files = samplePackFiles();
    const expectedBytes = Object.values(files).reduce(
      (sum, v) => sum + (typeof v === 'string' ? strToU8(v).length : v.length),
      0,
    );
    expect(await validateZip(buildZip(files), limits)).toMatchObject({
      ok: true,
      entries: Object.keys(files).length,
      uncompressedBytes: expectedBytes,
    });
  });

  it('accepts stored (uncompressed) entries and explicit folder entries', async () => {
    const zip = zipSync({ 'web/': [new Uint8Array(0), {}], 'web/a.js': [strToU8('x'), { level: 0 }] });
    expect(await validateZip(zip, limits)).toMatchObject({ ok: true, entries: 2, uncompressedBytes: 1 });
  });

  it('derives limits from the archive size cap', () => {
    expect(zipLimitsFor(100)).toEqual({ maxEntries: 20_000, maxUncompressedBytes: 1000 });
  });

  it('refuses bytes that are not a zip', async () => {
    const result = await rejection(strToU8('definitely not a zip file, just text'));
    expect(result.message).toMatch(/^The upload is not a readable zip archive/);
  });

  it('refuses an empty archive', async () => {
    expect((await rejection(zipSync({}))).message).toBe('The archive is empty.');
  });

  it.each([
    ['../evil.py', 'has a ".." path segment'],
    ['nodes/../../evil.py', 'has a ".." path segment'],
    ['/etc/cron.d/evil', 'has an absolute path'],
    ['C:/Windows/evil.py', 'starts with a drive letter'],
    ['c:evil.py', 'starts with a drive letter'],
    ['nodes\\evil.py', 'uses a backslash'],
  ])('refuses the entry %j', async (name, reason) => {
    const result = await rejection(buildZip({ '__init__.py': '# ok', [name]: 'print(1)' }));
    expect(result.entry).toBe(name);
    expect(result.message).toContain(`Archive entry "${name}" ${reason}`);
  });

  it('refuses control characters in a name', async () => {
    const result = await rejection(buildZip({ '__init__.py': '# ok', 'bad\u0001name.py': 'x' }));
    expect(result.message).toBe('Archive entry "bad\\u0001name.py" has control characters in its name.');
  });

  it('checks the Info-ZIP Unicode path too: extractors disagree on which name they use', async () => {
    const unicodePath = (plain: string, unicode: string) =>
      Uint8Array.from([1, ...new Uint8Array(new Uint32Array([crc32(plain)]).buffer), ...strToU8(unicode)]);
    const sneaky = zipSync({ 'safe.py': [strToU8('x'), { extra: { 0x7075: unicodePath('safe.py', '../evil.py') } }] });
    expect((await rejection(sneaky)).message).toBe(
      'The archive is ambiguous (extra-field): entry "safe.py"\'s central header carries an Info-ZIP Unicode Path field naming "../evil.py": extractors that honour it write another file.',
    );
    const renamed = zipSync({ 'safe.py': [strToU8('x'), { extra: { 0x7075: unicodePath('safe.py', 'other.py') } }] });
    expect(await rejection(renamed)).toMatchObject({
      code: 'archive_ambiguous',
      rule: 'extra-field',
      entry: 'safe.py',
    });
  });

  it('refuses a symbolic link entry', async () => {
    const result = await rejection(zipWithSymlink('/etc/passwd', 'link.py'));
    expect(result).toEqual({
      ok: false,
      code: 'invalid_archive',
      rule: 'file-type',
      entry: 'link.py',
      message: 'Archive entry "link.py" is a symbolic link.',
    });
  });

  it('refuses other special files (a FIFO)', async () => {
    const result = await rejection(zipWithSpecialFile('pipe'));
    expect(result.message).toBe('Archive entry "pipe" is not a regular file.');
  });

  it('refuses an encrypted entry', async () => {
    const zip = withEncryptedFlag(buildZip({ '__init__.py': '# ok', 'secret.py': 'x = 1' }), 'secret.py');
    expect((await rejection(zip)).message).toBe('Archive entry "secret.py" is encrypted.');
  });

  it('refuses more entries than allowed', async () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.py`, 'x']));
    const result = await rejection(buildZip(files), { ...limits, maxEntries: 5 });
    expect(result.message).toBe('The archive has 6 entries; at most 5 are allowed.');
  });

  it('refuses a huge declared size before inflating anything (zip-bomb guard)', async () => {
    const zip = withDeclaredSize(buildZip({ '__init__.py': '# ok', 'bomb.bin': 'tiny' }), 'bomb.bin', 0xfffffff0);
    const result = await rejection(zip);
    expect(result.entry).toBe('bomb.bin');
    expect(result.message).toBe('The archive declares more than 1000000 bytes once extracted (at entry "bomb.bin").');
  });

  it('refuses an entry that inflates to more than it declares', async () => {
    const big = new Uint8Array(50_000);
    const zip = withDeclaredSize(buildZip({ 'a.bin': big }), 'a.bin', 10);
    const result = await rejection(zip);
    expect(result.message).toBe(
      'The archive is ambiguous (entry-data): entry "a.bin" inflates to more than its declared 10 bytes.',
    );
  });

  it('stops when the actual inflated total passes the cap', async () => {
    // Each entry honestly declares 600 kB of zeros (deflates to almost nothing): 1.2 MB > 1 MB.
    const zeros = new Uint8Array(600_000);
    const result = await rejection(buildZip({ 'a.bin': zeros, 'b.bin': zeros }));
    expect(result.message).toMatch(/more than 1000000 bytes once extracted/);
  });

  it('refuses corrupt data (CRC mismatch)', async () => {
    const zip = withBadCrc(buildZip({ '__init__.py': '# ok', 'nodes.py': 'print(1)' }), 'nodes.py');
    expect((await rejection(zip)).message).toBe(
      'The archive is ambiguous (entry-data): entry "nodes.py" fails its CRC-32 check (corrupt data: readers that skip the check would extract it anyway).',
    );
  });

  it('refuses a local header whose name differs from the central directory', async () => {
    const zip = withLocalName(buildZip({ '__init__.py': '# ok', 'safe.py': 'x' }), 'safe.py', '../a.py');
    expect((await rejection(zip)).message).toBe(
      'The archive is ambiguous (header-mismatch): entry "safe.py"\'s local header says name "../a.py", the central directory says "safe.py".',
    );
  });

  it('refuses duplicate entry names', async () => {
    const a = buildZip({ 'x.py': '1', 'y.py': '2' });
    const zip = withLocalName(a, 'y.py', 'x.py');
    // Rename in the central directory too, so both entries are called x.py.
    const view = new DataView(zip.buffer);
    for (let i = 0; i < zip.length - 4; i++) {
      if (view.getUint32(i, true) === 0x02014b50 && String.fromCharCode(...zip.subarray(i + 46, i + 50)) === 'y.py') {
        zip[i + 46] = 'x'.charCodeAt(0);
      }
    }
    expect((await rejection(zip)).message).toBe(
      'The archive is ambiguous (duplicate-name): entry "x.py" appears twice (Python\'s zipfile keeps the last, other readers the first).',
    );
  });

  describe('compression ratio (zip bombs)', () => {
    // Big enough caps that only the ratio can refuse these.
    const roomy: ZipLimits = { maxEntries: 100, maxUncompressedBytes: 100 * 1024 * 1024 };

    it('refuses an entry that inflates more than 100 times, before inflating it', async () => {
      const bomb = buildZip({ '__init__.py': '# ok', 'weights.bin': new Uint8Array(16 * 1024 * 1024) });
      expect(bomb.length).toBeLessThan(40_000); // small on disk, 16 MiB inflated
      const result = await rejection(bomb, roomy);
      expect(result.entry).toBe('weights.bin');
      expect(result.message).toMatch(
        /^Archive entry "weights\.bin" inflates \d+ times its compressed size \(16777216 bytes from \d+; at most 100 times is accepted\), which is how zip bombs are made\.$/,
      );
    });

    it('refuses many small entries that add up to a bomb', async () => {
      const entries = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`z${i}.bin`, new Uint8Array(600_000)]));
      const result = await rejection(buildZip(entries), roomy);
      expect(result.message).toMatch(/^The archive as a whole inflates \d+ times its compressed size/);
    });

    it('accepts large content that compresses like real files do', async () => {
      const lines = Array.from({ length: 60_000 }, (_, i) => `CLASS_${i} = ("IMAGE", ${(i * 7919) % 10007})\n`).join(
        '',
      );
      expect(lines.length).toBeGreaterThan(1024 * 1024);
      const check = await validateZip(buildZip({ 'table.py': lines, 'zeros.bin': new Uint8Array(900_000) }), roomy);
      expect(check.ok).toBe(true);
    });
  });
});
