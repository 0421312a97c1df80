import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';
import type { ZipLayout, ZipLayoutEntry } from './zip-layout.ts';
import { ambiguity, quoteName, ZipRuleError } from './zip-rule.ts';

// An entry's data, held to exactly what its headers declare: the deflate stream must use up
// exactly the stored bytes and inflate to exactly the declared size and CRC-32. Readers differ
// where it does not (Python's zipfile stops at the declared size and checks the CRC of what it
// read; others inflate everything; some never check the CRC), so any slack is refused.
// Two forms with one rule: an async check for the upload (inflation off the event loop) and a
// synchronous read for the scanner, which runs in its own thread.

const stored = (layout: ZipLayout, entry: ZipLayoutEntry) =>
  layout.bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);

const dataProblem = (entry: ZipLayoutEntry, detail: string) =>
  ambiguity('entry-data', `entry ${quoteName(entry.name)} ${detail}`, entry.name);

const tooLong = (entry: ZipLayoutEntry) => dataProblem(entry, `inflates to more than its declared ${entry.size} bytes`);

function checkResult(entry: ZipLayoutEntry, size: number, crc: number, consumed: number) {
  if (size !== entry.size) throw dataProblem(entry, `inflates to ${size} bytes, but its headers declare ${entry.size}`);
  if (consumed !== entry.compressedSize) {
    throw dataProblem(
      entry,
      `has ${entry.compressedSize - consumed} bytes after the end of its compressed data, inside its declared compressed size`,
    );
  }
  if (crc >>> 0 !== entry.crc32) {
    throw dataProblem(
      entry,
      'fails its CRC-32 check (corrupt data: readers that skip the check would extract it anyway)',
    );
  }
}

/** The entry's extracted bytes; throws a ZipRuleError when they are not exactly what was declared. */
export function readEntryData(layout: ZipLayout, entry: ZipLayoutEntry): Uint8Array {
  const raw = stored(layout, entry);
  if (entry.method === 0) {
    checkResult(entry, raw.length, crc32(raw), raw.length);
    return raw;
  }
  let result: { buffer: Buffer; engine: { bytesWritten: number } };
  try {
    // The cap makes a lying size cost at most what it declared, never gigabytes.
    result = inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1), info: true }) as unknown as typeof result;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLong(entry);
    throw dataProblem(entry, `has corrupt deflate data (${(error as Error).message})`);
  }
  checkResult(entry, result.buffer.length, crc32(result.buffer), result.engine.bytesWritten);
  return result.buffer;
}

/** Checks the entry's data the same way without keeping it, inflating on the thread pool. */
export async function verifyEntryData(layout: ZipLayout, entry: ZipLayoutEntry): Promise<void> {
  const raw = stored(layout, entry);
  if (entry.method === 0) return checkResult(entry, raw.length, crc32(raw), raw.length);
  const inflater = createInflateRaw();
  inflater.end(raw);
  let size = 0;
  let crc = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.size) throw tooLong(entry);
      crc = crc32(chunk, crc);
    }
  } catch (error) {
    if (error instanceof ZipRuleError) throw error;
    throw dataProblem(entry, `has corrupt deflate data (${(error as Error).message})`);
  } finally {
    inflater.destroy();
  }
  checkResult(entry, size, crc, inflater.bytesWritten);
}
