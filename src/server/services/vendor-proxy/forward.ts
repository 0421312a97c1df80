import { ApiError } from '../../errors.ts';
import { readCappedStream } from '../../http/read-capped-stream.ts';
import { isRelayableType, mediaTypeEssence } from './relayable-type.ts';
import { buildVendorUrl } from './vendor-url.ts';
import { VENDORS, type VendorName, type VendorProxyConfig } from './vendors.ts';

export interface VendorRequest {
  vendor: VendorName;
  /** Path segments below the vendor's base URL, already validated. */
  segments: string[];
  query?: [string, string][];
  /** Extra request headers allowed through (e.g. Accept); never the caller's credentials. */
  headers?: Record<string, string>;
  /** Relay raster images too (routes whose contract returns them); JSON is always relayed. */
  images?: boolean;
  /** Relay video files (and their raster thumbnails) too: the route that downloads a finished video. */
  videos?: boolean;
}

export interface VendorResponse {
  status: number;
  contentType: string | undefined;
  body: Uint8Array<ArrayBuffer>;
}

export const vendorNotConfigured = (vendor: VendorName) =>
  new ApiError(503, 'vendor_not_configured', `The ${vendor} proxy is not configured on this server.`);

/** Reads the body up to `limit` bytes; more is a 502 (never buffered whole). */
async function readLimited(response: Response, limit: number, vendor: VendorName): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new ApiError(502, 'vendor_response_too_large', `The ${vendor} response is larger than ${limit} bytes.`);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  return readCappedStream(response.body, limit, tooLarge);
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * One GET to a configured vendor with our credential. The vendor's status and body come back as
 * they are; our own failures are ApiErrors: 503 not configured, 504 timeout, 502 unreachable, a
 * redirect (never followed: it could point anywhere), a media type we do not relay (HTML or SVG
 * would run as our origin) or a body over the size limit.
 */
export async function forwardToVendor(
  config: VendorProxyConfig | undefined,
  request: VendorRequest,
): Promise<VendorResponse> {
  const endpoint = config?.vendors[request.vendor];
  if (!config || !endpoint) throw vendorNotConfigured(request.vendor);
  const url = buildVendorUrl(endpoint.baseUrl, request.segments, request.query);
  const signal = AbortSignal.timeout(config.timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal,
      headers: {
        Accept: 'application/json',
        ...request.headers,
        ...VENDORS[request.vendor].credentialHeaders(endpoint.apiKey),
      },
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new ApiError(
        502,
        'vendor_redirect',
        `The ${request.vendor} API answered with a redirect, which is not followed.`,
      );
    }
    const contentType = response.headers.get('content-type') ?? undefined;
    const empty = response.status === 204 || response.headers.get('content-length') === '0';
    if (!empty && !isRelayableType(contentType, { images: request.images ?? false, videos: request.videos ?? false })) {
      await response.body?.cancel().catch(() => undefined);
      throw new ApiError(
        502,
        'vendor_unsupported_type',
        `The ${request.vendor} API answered ${response.status} with ${contentType ? `"${mediaTypeEssence(contentType)}"` : 'no content type'}, ` +
          `which is not relayed: only JSON${request.images || request.videos ? ' and PNG, JPEG, WebP or GIF images' : ''}${request.videos ? ' and MP4, WebM or QuickTime videos' : ''} is.`,
      );
    }
    const body = await readLimited(response, config.maxResponseBytes, request.vendor);
    return { status: response.status, contentType, body };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isTimeout(error) || signal.aborted) {
      throw new ApiError(
        504,
        'vendor_timeout',
        `The ${request.vendor} API did not answer within ${config.timeoutMs} ms.`,
      );
    }
    throw new ApiError(502, 'vendor_unreachable', `The ${request.vendor} API could not be reached.`);
  }
}
