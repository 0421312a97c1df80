import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, gzip, type BrotliOptions } from 'node:zlib';
import { ownBytes } from './own-bytes.ts';

// The response cache's compressions run in zlib's thread pool, one after another. Side by side they
// cost several times the CPU: each brotli encoder allocates megabytes of tables, and with several
// encoders alive at once glibc's allocator hands each fresh pages from the kernel (mmap, page faults,
// munmap) instead of reusing the last one's. A 67 KB body at quality 7 (`npm run bench:compression`):
// 2.9–3.1 ms of CPU queued; 10 ms each with 4 in flight, 24.5 ms with 10, a third of it in the kernel.
// Cold pages come in bursts, so queueing them is both cheaper and, on two cores, sooner.

const brotliAsync = promisify(brotliCompress);
const unbrotliAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

let tail: Promise<unknown> = Promise.resolve();

/** Runs `work` after every zlib job queued before it has settled. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  const run = tail.then(work, work);
  tail = run.catch(() => undefined);
  return run;
}

export const brotliOneAtATime = (body: Buffer, options: BrotliOptions) =>
  queued(() => brotliAsync(body, options)).then(ownBytes);
export const unbrotliOneAtATime = (body: Buffer) => queued(() => unbrotliAsync(body)).then(ownBytes);
export const gzipOneAtATime = (body: Buffer) => queued(() => gzipAsync(body)).then(ownBytes);
