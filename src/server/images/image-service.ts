import sharp from 'sharp';
import { ALLOWED_WIDTHS } from '../../lib/images/image-url.ts';
import { fetchRemoteImage, ImageFetchError, type FetchImageOptions } from './fetch-remote-image.ts';

// GET /_image?url=<http(s) URL>&w=<allowed width>[&fit=icon]: a publisher's image, fetched on the
// server (fetch-remote-image.ts), resized and re-encoded to WebP with sharp, and cached in memory
// (bounded by bytes, oldest first out). Failures are cached briefly too, so a dead host is not asked
// on every page view. A failed image answers with a transparent pixel and an error status: the
// letter avatar behind it (components) shows through, with no script.

export interface ImageServiceOptions extends FetchImageOptions {
  /** Bytes of encoded images kept in memory. */
  cacheBytes: number;
  /** How long a result is kept (and told to browsers), in seconds. */
  ttlSeconds?: number;
  /** How long a failure is remembered, in seconds. */
  failureTtlSeconds?: number;
  /** Largest decoded image (pixels) sharp is allowed to open: a small file can be a huge picture. */
  maxInputPixels?: number;
}

interface Entry {
  status: number;
  body: Buffer;
  contentType: string;
  expires: number;
  reason?: string;
}

// 1×1 transparent PNG.
const TRANSPARENT_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const STATUS_OF: Record<string, number> = {
  scheme: 400,
  address: 403,
  redirects: 502,
  status: 502,
  'content-type': 415,
  'too-large': 413,
  timeout: 504,
  network: 502,
  decode: 415,
};

export interface ImageService {
  respond(request: Request): Promise<Response>;
  /** Entries and bytes in the cache (metrics, tests). */
  stats(): { entries: number; bytes: number };
}

export function createImageService(options: ImageServiceOptions): ImageService {
  const ttlMs = (options.ttlSeconds ?? 86_400) * 1000;
  const failureTtlMs = (options.failureTtlSeconds ?? 300) * 1000;
  const cache = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry>>();
  let bytes = 0;

  const remember = (key: string, entry: Entry) => {
    const old = cache.get(key);
    if (old) {
      bytes -= old.body.length;
      cache.delete(key);
    }
    if (entry.body.length > options.cacheBytes) return;
    cache.set(key, entry);
    bytes += entry.body.length;
    for (const [oldest, value] of cache) {
      if (bytes <= options.cacheBytes) break;
      cache.delete(oldest);
      bytes -= value.body.length;
    }
  };

  const failure = (reason: string, message: string): Entry => ({
    status: STATUS_OF[reason] ?? 502,
    body: TRANSPARENT_PIXEL,
    contentType: 'image/png',
    expires: Date.now() + failureTtlMs,
    reason: `${reason}: ${message}`,
  });

  async function produce(source: string, width: number, icon: boolean): Promise<Entry> {
    let fetched;
    try {
      fetched = await fetchRemoteImage(source, options);
    } catch (error) {
      if (error instanceof ImageFetchError) return failure(error.reason, error.message);
      return failure('network', String(error));
    }
    try {
      let pipeline = sharp(fetched.bytes, {
        limitInputPixels: options.maxInputPixels ?? 40_000_000,
        animated: false,
        failOn: 'error',
      }).rotate();
      pipeline = icon
        ? pipeline.resize(width, width, { fit: 'cover', withoutEnlargement: false }).flatten({ background: '#ffffff' })
        : pipeline.resize({ width, withoutEnlargement: true });
      const body = await pipeline.webp({ quality: 75 }).toBuffer();
      return { status: 200, body, contentType: 'image/webp', expires: Date.now() + ttlMs };
    } catch (error) {
      return failure('decode', error instanceof Error ? error.message : String(error));
    }
  }

  const toResponse = (entry: Entry): Response => {
    const headers = new Headers({
      'content-type': entry.contentType,
      'content-length': String(entry.body.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'cache-control':
        entry.status === 200
          ? `public, max-age=${Math.round(ttlMs / 1000)}, stale-while-revalidate=604800`
          : `public, max-age=${Math.round(failureTtlMs / 1000)}`,
    });
    if (entry.reason) headers.set('x-image-error', entry.reason.replace(/[^\x20-\x7e]/g, '?').slice(0, 200));
    return new Response(new Uint8Array(entry.body), { status: entry.status, headers });
  };

  return {
    async respond(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
      }
      const params = new URL(request.url).searchParams;
      const source = params.get('url') ?? '';
      const width = Number(params.get('w'));
      const fit = params.get('fit');
      if (!source || source.length > 2048 || !ALLOWED_WIDTHS.includes(width) || (fit !== null && fit !== 'icon')) {
        return new Response('Expected url (http(s), at most 2048 characters), an allowed w, and fit=icon or none.\n', {
          status: 400,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
      }
      const key = `${width}|${fit ?? ''}|${source}`;
      const cached = cache.get(key);
      if (cached && cached.expires > Date.now()) return toResponse(cached);
      let pending = inflight.get(key);
      if (!pending) {
        pending = produce(source, width, fit === 'icon').then((entry) => {
          remember(key, entry);
          return entry;
        });
        inflight.set(key, pending);
        void pending.finally(() => inflight.delete(key));
      }
      return toResponse(await pending);
    },
    stats: () => ({ entries: cache.size, bytes }),
  };
}
