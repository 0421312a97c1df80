import sharp from 'sharp';
import { ALLOWED_WIDTHS, type ImageFit } from '../../lib/images/image-url.ts';
import { systemClock, type Clock } from '../clock.ts';
import { createClientBudget, type ClientBudget } from './client-budget.ts';
import { createDecodeGate, DecodeBusy, type DecodeGateOptions } from './decode-gate.ts';
import { fetchRemoteImage, type FetchImageOptions } from './fetch-remote-image.ts';
import { createImageCache, type CachedImage } from './image-cache.ts';
import { decodeFailureReason, fetchFailureReason, IMAGE_ERROR_STATUS, type ImageErrorReason } from './image-errors.ts';
import type { ImageUrlSigner } from './image-url-signer.ts';

// GET /_image?url=<http(s) URL>&w=<allowed width>[&fit=icon]&s=<signature>: a publisher's image,
// fetched on the server (fetch-remote-image.ts), resized and re-encoded to WebP with sharp, and
// cached in memory (image-cache.ts: bounded by bytes and time). Only URLs this site signed are
// served (image-url-signer.ts). New work is budgeted per client (client-budget.ts: 429) and decodes
// take turns (decode-gate.ts: 503 when the queue is full), so pages never wait behind images.
// Failures are cached briefly too, so a dead host is not asked on every page view. A failed image
// answers with a transparent pixel and an error status: the letter avatar behind it (components)
// shows through, with no script. `x-image-error` names the reason from a fixed list (image-errors.ts).

export interface ImageServiceOptions extends FetchImageOptions {
  /** Bytes of memory for results, counted as they really cost (image-cache.ts). */
  cacheBytes: number;
  /** Checks the `s` parameter. */
  signer: Pick<ImageUrlSigner, 'verify'>;
  clock?: Clock;
  /** How long a result is kept (and told to browsers), in seconds. */
  ttlSeconds?: number;
  /** How long a failure is remembered, in seconds. */
  failureTtlSeconds?: number;
  /** Largest decoded image (pixels) sharp is allowed to open: a small file can be a huge picture. */
  maxInputPixels?: number;
  /** New images (fetch + decode) one client may cause; absent: no per-client budget. */
  clientBudget?: { perMinute: number; burst: number };
  /** Decodes at once, how many may wait, and for how long (default 1, 8, 3000 ms). */
  decode?: Partial<DecodeGateOptions>;
  /** Images being fetched or decoded at once, all clients together (default 32): memory for their bytes. */
  maxPending?: number;
}

/** A result, or a failure the endpoint answers with. `keep`: whether it is worth remembering. */
interface Produced {
  image: CachedImage;
  keep: boolean;
}

// 1×1 transparent PNG.
const TRANSPARENT_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface ImageService {
  /** Answers one request; `client` is the requester's address (for the per-client budget). */
  respond(request: Request, client?: string): Promise<Response>;
  /** Entries and bytes in the cache (metrics, tests). */
  stats(): { entries: number; bytes: number };
}

function plainText(status: number, reason: ImageErrorReason, text: string): Response {
  return new Response(`${text}\n`, {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-image-error': reason,
    },
  });
}

/** A transparent pixel with a reason that is about now, not about the image (no cache may keep it). */
function refusedForNow(reason: 'rate-limited' | 'busy', retryAfterSeconds: number): Response {
  return new Response(new Uint8Array(TRANSPARENT_PIXEL), {
    status: IMAGE_ERROR_STATUS[reason],
    headers: {
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'retry-after': String(retryAfterSeconds),
      'x-image-error': reason,
    },
  });
}

export function createImageService(options: ImageServiceOptions): ImageService {
  const clock = options.clock ?? systemClock;
  const ttlMs = (options.ttlSeconds ?? 86_400) * 1000;
  const failureTtlMs = (options.failureTtlSeconds ?? 300) * 1000;
  const cache = createImageCache({ maxBytes: options.cacheBytes, clock });
  const inflight = new Map<string, Promise<Produced>>();
  const maxPending = options.maxPending ?? 32;
  const budget: ClientBudget | null = options.clientBudget
    ? createClientBudget({ ...options.clientBudget, clock })
    : null;
  const gate = createDecodeGate({ concurrency: 1, maxWaiting: 8, maxWaitMs: 3000, ...options.decode });

  const failure = (reason: ImageErrorReason): Produced => ({
    image: {
      status: IMAGE_ERROR_STATUS[reason],
      body: TRANSPARENT_PIXEL,
      contentType: 'image/png',
      expiresAt: clock.now().getTime() + failureTtlMs,
      reason,
    },
    keep: true,
  });

  const decode = (bytes: Buffer, width: number, fit: ImageFit) => {
    let pipeline = sharp(bytes, {
      limitInputPixels: options.maxInputPixels ?? 40_000_000,
      animated: false,
      failOn: 'error',
    }).rotate();
    pipeline =
      fit === 'icon'
        ? pipeline.resize(width, width, { fit: 'cover', withoutEnlargement: false }).flatten({ background: '#ffffff' })
        : pipeline.resize({ width, withoutEnlargement: true });
    return pipeline.webp({ quality: 75 }).toBuffer();
  };

  async function produce(source: string, width: number, fit: ImageFit): Promise<Produced> {
    let fetched;
    try {
      fetched = await fetchRemoteImage(source, options);
    } catch (error) {
      return failure(fetchFailureReason(error));
    }
    try {
      const body = await gate.run(() => decode(fetched.bytes, width, fit));
      const expiresAt = clock.now().getTime() + ttlMs;
      return { image: { status: 200, body, contentType: 'image/webp', expiresAt }, keep: true };
    } catch (error) {
      if (error instanceof DecodeBusy) return { ...failure('busy'), keep: false };
      return failure(decodeFailureReason(error));
    }
  }

  const toResponse = (image: CachedImage): Response => {
    if (image.reason === 'busy') return refusedForNow('busy', 1);
    const headers = new Headers({
      'content-type': image.contentType,
      'content-length': String(image.body.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'cache-control':
        image.status === 200
          ? `public, max-age=${Math.round(ttlMs / 1000)}, stale-while-revalidate=604800`
          : `public, max-age=${Math.round(failureTtlMs / 1000)}`,
    });
    if (image.reason) headers.set('x-image-error', image.reason);
    return new Response(new Uint8Array(image.body), { status: image.status, headers });
  };

  return {
    async respond(request, client = 'unknown') {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return new Response('Method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
      }
      const params = new URL(request.url).searchParams;
      const source = params.get('url') ?? '';
      const width = Number(params.get('w'));
      const fitParam = params.get('fit');
      if (
        !source ||
        source.length > 2048 ||
        !ALLOWED_WIDTHS.includes(width) ||
        (fitParam !== null && fitParam !== 'icon')
      ) {
        return plainText(
          400,
          'bad-request',
          'Expected url (http(s), at most 2048 characters), an allowed w, fit=icon or none, and s.',
        );
      }
      const fit: ImageFit = fitParam === 'icon' ? 'icon' : 'inside';
      if (!options.signer.verify(source, width, fit, params.get('s') ?? '')) {
        return plainText(403, 'signature', 'This image URL was not made by this site (missing or wrong s).');
      }
      const key = `${width}|${fit}|${source}`;
      const cached = cache.get(key);
      if (cached) return toResponse(cached);
      let pending = inflight.get(key);
      if (!pending) {
        // New work: the client pays for it, and the server has room for it, or it is refused now.
        const decision = budget?.take(client) ?? { ok: true };
        if (!decision.ok) return refusedForNow('rate-limited', decision.retryAfterSeconds);
        if (inflight.size >= maxPending) return refusedForNow('busy', 1);
        pending = produce(source, width, fit).then((produced) => {
          if (produced.keep) cache.set(key, produced.image);
          return produced;
        });
        inflight.set(key, pending);
        void pending.finally(() => inflight.delete(key));
      }
      return toResponse((await pending).image);
    },
    stats: () => cache.stats(),
  };
}
