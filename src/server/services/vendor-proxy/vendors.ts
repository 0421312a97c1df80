/**
 * The vendors whose task-status queries Nodeyard proxies: where each one lives by default and how
 * our credential for it is sent. The base URL is the only place a request can go: the caller
 * supplies path segments that are validated and encoded, never a host or a URL.
 */
export interface VendorSpec {
  /** Public API base (overridable with VENDOR_<NAME>_BASE_URL), without a trailing slash. */
  defaultBaseUrl: string;
  /** Headers that carry our credential (and any fixed headers the vendor requires). */
  credentialHeaders(apiKey: string): Record<string, string>;
}

const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });

export const VENDORS = {
  byteplus: { defaultBaseUrl: 'https://ark.ap-southeast.bytepluses.com', credentialHeaders: bearer },
  kling: { defaultBaseUrl: 'https://api.klingai.com', credentialHeaders: bearer },
  luma: { defaultBaseUrl: 'https://api.lumalabs.ai/dream-machine/v1', credentialHeaders: bearer },
  minimax: { defaultBaseUrl: 'https://api.minimax.io/v1', credentialHeaders: bearer },
  moonvalley: { defaultBaseUrl: 'https://api.moonvalley.ai', credentialHeaders: bearer },
  openai: { defaultBaseUrl: 'https://api.openai.com', credentialHeaders: bearer },
  pika: { defaultBaseUrl: 'https://api.pika.art', credentialHeaders: (apiKey) => ({ 'X-API-KEY': apiKey }) },
  pixverse: {
    defaultBaseUrl: 'https://app-api.pixverse.ai/openapi/v2',
    credentialHeaders: (apiKey) => ({ 'API-KEY': apiKey }),
  },
  runway: {
    defaultBaseUrl: 'https://api.dev.runwayml.com/v1',
    // Runway refuses requests without an API version header.
    credentialHeaders: (apiKey) => ({ ...bearer(apiKey), 'X-Runway-Version': '2024-11-06' }),
  },
  stability: { defaultBaseUrl: 'https://api.stability.ai', credentialHeaders: bearer },
  tripo: { defaultBaseUrl: 'https://api.tripo3d.ai', credentialHeaders: bearer },
  vidu: {
    defaultBaseUrl: 'https://api.vidu.com/ent/v2',
    credentialHeaders: (apiKey) => ({ Authorization: `Token ${apiKey}` }),
  },
} as const satisfies Record<string, VendorSpec>;

export type VendorName = keyof typeof VENDORS;
export const VENDOR_NAMES = Object.keys(VENDORS) as VendorName[];

/** One configured vendor: where to send requests and the credential to send. */
export interface VendorEndpoint {
  baseUrl: string;
  apiKey: string;
}

export interface VendorProxyConfig {
  /** Only vendors with an API key are configured; the others answer 503. */
  vendors: Partial<Record<VendorName, VendorEndpoint>>;
  /** How long one vendor call may take, body included (then 504). */
  timeoutMs: number;
  /** The largest vendor response relayed (then 502). */
  maxResponseBytes: number;
}

export const DEFAULT_VENDOR_TIMEOUT_MS = 30_000;
export const DEFAULT_VENDOR_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
