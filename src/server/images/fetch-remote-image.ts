import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isAllowedAddress } from './address-policy.ts';
import { guardedLookup, REFUSED_ADDRESS_CODE } from './guarded-lookup.ts';

// Fetches a publisher's image on the server, defensively: http(s) only; the connection goes only to
// addresses the policy allows, checked on the addresses DNS actually returned (the check is in the
// socket's own lookup, so a second, different answer cannot slip in between check and connect);
// redirects are followed by hand, a few at most, each one checked the same way; the body is capped in
// bytes and the whole exchange in time; only image content types are accepted.

// SVG (README badges) is rasterized by libvips' librsvg loader, which runs no scripts and loads no
// external resources from a buffer; the result is WebP like the rest, so no SVG reaches a browser.
export const ACCEPTED_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
] as const;

export type FetchRefusal =
  'scheme' | 'address' | 'redirects' | 'status' | 'content-type' | 'too-large' | 'timeout' | 'network';

export class ImageFetchError extends Error {
  readonly reason: FetchRefusal;
  constructor(reason: FetchRefusal, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface FetchImageOptions {
  maxBytes: number;
  timeoutMs: number;
  allowLoopback: boolean;
  maxRedirects?: number;
}

export interface FetchedImage {
  bytes: Buffer;
  contentType: string;
}

function checkUrl(url: URL, allowLoopback: boolean): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageFetchError('scheme', `only http(s) images are fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ImageFetchError('scheme', 'URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isAllowedAddress(host, allowLoopback)) {
    throw new ImageFetchError('address', `refused address ${host}`);
  }
}

function requestOnce(url: URL, options: FetchImageOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options.allowLoopback),
        signal,
        headers: { accept: ACCEPTED_TYPES.join(', '), 'user-agent': 'Nodeyard-image-proxy/1' },
      },
      resolve,
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) return reject(new ImageFetchError('timeout', 'the image took too long'));
      if (error.code === REFUSED_ADDRESS_CODE) return reject(new ImageFetchError('address', error.message));
      reject(new ImageFetchError('network', error.message));
    });
  });
}

async function readCapped(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new ImageFetchError('too-large', `the image is larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        response.destroy();
        throw new ImageFetchError('too-large', `the image is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    if (signal.aborted) throw new ImageFetchError('timeout', 'the image took too long');
    throw new ImageFetchError('network', String(error));
  }
  return Buffer.concat(chunks);
}

export async function fetchRemoteImage(source: string, options: FetchImageOptions): Promise<FetchedImage> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new ImageFetchError('scheme', 'not a URL');
  }
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    checkUrl(url, options.allowLoopback);
    const response = await requestOnce(url, options, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= maxRedirects) throw new ImageFetchError('redirects', 'too many redirects');
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new ImageFetchError('status', `the image host answered ${status}`);
    }
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(ACCEPTED_TYPES as readonly string[]).includes(contentType)) {
      response.destroy();
      throw new ImageFetchError('content-type', `not an accepted image type: ${contentType || 'none'}`);
    }
    return { bytes: await readCapped(response, options.maxBytes, signal), contentType };
  }
}
