import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { offsetShiftAttack } from '#test/hostile-zips.ts';
import {
  buildRawZip,
  bytes,
  concatBytes,
  extraField,
  unicodePathExtra,
  zip64Extra,
  type BuilderEntry,
} from '#test/zip-builder.ts';
import { validateZip, type ZipLimits } from './validate-zip.ts';
import { readZipLayout } from './zip-layout.ts';

// One example per archive rule, each checked for the rule it names and the words it uses; the
// property test (extractors-agree.test.ts) covers the many variants of each.

const limits: ZipLimits = { maxEntries: 100, maxUncompressedBytes: 1_000_000 };
const pack = (): BuilderEntry[] => [
  { name: '__init__.py', data: '# init\n' },
  { name: 'nodes.py', data: 'NODE_CLASS_MAPPINGS = {}\n' },
];

async function refusal(zip: Uint8Array) {
  const check = await validateZip(zip, limits);
  if (check.ok) throw new Error('expected the archive to be refused');
  return check;
}

describe('the archive layout rules', () => {
  it('reads a clean archive: entries back to back, offsets and data where the walk found them', () => {
    const zip = buildRawZip(pack(), { comment: 'ae3f6c1' });
    const layout = readZipLayout(zip);
    expect(layout.entries.map((e) => [e.name, e.localOffset])).toEqual([
      ['__init__.py', 0],
      ['nodes.py', layout.entries[0]!.end],
    ]);
    expect(new TextDecoder().decode(layout.comment)).toBe('ae3f6c1');
  });

  it('refuses the attack archive: a second directory only Python finds after shifting offsets', async () => {
    expect(await refusal(offsetShiftAttack())).toMatchObject({
      code: 'archive_ambiguous',
      rule: 'bytes-before-archive',
      message: expect.stringMatching(
        /^The archive is ambiguous \(bytes-before-archive\): the end record puts the central directory at byte \d+, but it sits at byte \d+: Python's zipfile shifts every offset/,
      ),
    });
  });

  it.each([
    ['bytes in front', buildRawZip(pack(), { prefix: bytes('#!/usr/bin/env python\n') }), 'bytes-before-archive'],
    ['bytes after the end record', buildRawZip(pack(), { trailing: Uint8Array.of(0) }), 'end-record'],
    ['a signature in the comment', buildRawZip(pack(), { comment: 'PK\u0005\u0006' }), 'end-record'],
    ['a wrong entry count', buildRawZip(pack(), { end: { entries: 1, entriesOnDisk: 1 } }), 'central-directory'],
    ['a gap between entries', buildRawZip(pack(), { gapAfter: { 0: Uint8Array.of(1, 2, 3) } }), 'entry-layout'],
    ['a gap before the directory', buildRawZip(pack(), { gapAfter: { 1: Uint8Array.of(1) } }), 'entry-layout'],
    ['a directory in another order', buildRawZip(pack(), { centralOrder: [1, 0] }), 'entry-layout'],
    ['ZIP64 record count', buildRawZip(pack(), { end: { entries: 0xffff, entriesOnDisk: 0xffff } }), 'zip64'],
  ])('refuses %s', async (_what, zip, rule) => {
    expect(await refusal(zip)).toMatchObject({ code: 'archive_ambiguous', rule });
  });

  it('names the disagreeing field of a local header and both values', async () => {
    const entries = pack();
    entries[1]!.local = { name: 'nodex.py' };
    expect((await refusal(buildRawZip(entries))).message).toBe(
      `The archive is ambiguous (header-mismatch): entry "nodes.py"'s local header says name "nodex.py", the central directory says "nodes.py".`,
    );
    const method = pack();
    method[0]!.local = { method: 0 };
    expect((await refusal(buildRawZip(method))).message).toBe(
      `The archive is ambiguous (header-mismatch): entry "__init__.py"'s local header says compression method 0, the central directory says 8.`,
    );
    const flags = pack();
    flags[0]!.local = { flags: 0x0800 };
    expect((await refusal(buildRawZip(flags))).message).toMatch(
      /local header says flags 0x0800, the central directory says 0x0000/,
    );
    const crc = pack();
    crc[0]!.central = { crc: 1 };
    expect((await refusal(buildRawZip(crc))).message).toMatch(
      /local header says CRC-32 0x[0-9a-f]+, the central directory says 0x0001/,
    );
  });

  it('accepts data descriptors that repeat the directory, signed or not, and refuses one that differs', async () => {
    const signed = pack().map((e): BuilderEntry => ({ ...e, descriptor: 'signed' }));
    const unsigned = pack().map((e): BuilderEntry => ({ ...e, descriptor: 'unsigned' }));
    expect(await validateZip(buildRawZip(signed), limits)).toMatchObject({ ok: true, entries: 2 });
    expect(await validateZip(buildRawZip(unsigned), limits)).toMatchObject({ ok: true, entries: 2 });
    signed[1]!.descriptorFields = { size: 999 };
    expect(await refusal(buildRawZip(signed))).toMatchObject({ rule: 'data-descriptor', entry: 'nodes.py' });
    const stored = pack().map((e): BuilderEntry => ({ ...e, method: 0, descriptor: 'signed' }));
    expect(await refusal(buildRawZip(stored))).toMatchObject({ rule: 'data-descriptor' });
  });

  it('refuses ZIP64 fields, and Unicode Path fields that name another file', async () => {
    const zip64 = pack();
    zip64[0]!.centralExtra = zip64Extra([7, 7]);
    expect(await refusal(buildRawZip(zip64))).toMatchObject({ rule: 'zip64', entry: '__init__.py' });
    const renamed = pack();
    renamed[1]!.localExtra = unicodePathExtra('nodes.py', 'evil.py');
    expect(await refusal(buildRawZip(renamed))).toMatchObject({
      rule: 'extra-field',
      message: `The archive is ambiguous (extra-field): entry "nodes.py"'s local header carries an Info-ZIP Unicode Path field naming "evil.py": extractors that honour it write another file.`,
    });
    const same = pack();
    same[1]!.centralExtra = concatBytes(
      extraField(0x5455, Uint8Array.of(1, 0, 0, 0, 0)),
      unicodePathExtra('nodes.py', 'nodes.py'),
    );
    expect(await validateZip(buildRawZip(same), limits)).toMatchObject({ ok: true });
    const truncated = pack();
    truncated[0]!.centralExtra = Uint8Array.of(0x55, 0x54, 9, 0, 1);
    expect(await refusal(buildRawZip(truncated))).toMatchObject({ rule: 'extra-field' });
  });

  it('refuses non-ASCII names not marked UTF-8, and accepts them marked', async () => {
    const raw = Uint8Array.of(0x6e, 0xe9, 0x2e, 0x70, 0x79);
    const unmarked = [...pack(), { name: 'x.py', data: '1', local: { name: raw }, central: { name: raw } }];
    expect(await refusal(buildRawZip(unmarked))).toMatchObject({ rule: 'name-encoding' });
    expect(await validateZip(buildRawZip([...pack(), { name: 'n\u00e9.py', data: '1' }]), limits)).toMatchObject({
      ok: true,
    });
  });

  it('refuses data that does not inflate to exactly the declared bytes', async () => {
    const entries = pack();
    const body = bytes('NODE_CLASS_MAPPINGS = {}\n');
    entries[1] = { name: 'nodes.py', data: concatBytes(body, bytes('import os\n')) };
    entries[1].local = entries[1].central = { size: body.length, crc: crc32(body) >>> 0 };
    expect(await refusal(buildRawZip(entries))).toMatchObject({
      rule: 'entry-data',
      message: 'The archive is ambiguous (entry-data): entry "nodes.py" inflates to more than its declared 25 bytes.',
    });
  });
});

describe('names that extract to the same file', () => {
  it.each([
    [['nodes.py', 'nodes.py'], 'appears twice'],
    [['nodes.py', 'Nodes.py'], 'case-insensitive'],
    [['caf\u00e9.py', 'cafe\u0301.py'], 'Unicode-normalising'],
    [['web/', 'WEB/'], 'case-insensitive'],
    [['nodes.py', 'nodes.py/x.py'], 'puts a file inside it'],
  ])('refuses %j', async (names, words) => {
    const zip = buildRawZip(names.map((name) => ({ name, data: name.endsWith('/') ? '' : 'x' })));
    const result = await refusal(zip);
    expect(result).toMatchObject({ code: 'archive_ambiguous', rule: 'duplicate-name' });
    expect(result.message).toContain(words);
  });

  it.each([
    ['./nodes.py', 'empty or "." path segment'],
    ['web//a.js', 'empty or "." path segment'],
    ['nodes.py.', 'ending in a dot or a space'],
    ['web /a.js', 'ending in a dot or a space'],
    ['what?.png', 'character Windows cannot store'],
  ])('refuses %j, which extractors rename', async (name, words) => {
    const result = await refusal(buildRawZip([...pack(), { name, data: 'x' }]));
    expect(result).toMatchObject({ code: 'invalid_archive', rule: 'unsafe-path', entry: name });
    expect(result.message).toContain(words);
  });

  it('refuses a folder by its attributes whose name has no trailing slash', async () => {
    const result = await refusal(buildRawZip([...pack(), { name: 'web', data: '', unixMode: 0o040755 }]));
    expect(result).toMatchObject({ rule: 'file-type', entry: 'web' });
  });
});
