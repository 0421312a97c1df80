import { z } from 'zod';
import {
  DEFAULT_VENDOR_MAX_RESPONSE_BYTES,
  DEFAULT_VENDOR_TIMEOUT_MS,
  VENDOR_NAMES,
  VENDORS,
  type VendorEndpoint,
  type VendorName,
  type VendorProxyConfig,
} from './vendors.ts';

// The vendor-proxy settings, spread into the server's env schema (src/server/env.ts):
// VENDOR_<NAME>_BASE_URL (http/https only) and VENDOR_<NAME>_API_KEY per vendor, plus limits.

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envName = (vendor: VendorName, suffix: 'BASE_URL' | 'API_KEY') => `VENDOR_${vendor.toUpperCase()}_${suffix}`;

const vendorEntries = VENDOR_NAMES.flatMap((vendor) => [
  [envName(vendor, 'BASE_URL'), httpUrl.optional()],
  [envName(vendor, 'API_KEY'), z.string().min(1).optional()],
]);

type VendorEnvKey = `VENDOR_${Uppercase<VendorName>}_${'BASE_URL' | 'API_KEY'}`;

export const vendorProxyEnvShape = {
  ...(Object.fromEntries(vendorEntries) as Record<VendorEnvKey, z.ZodOptional<z.ZodString>>),
  VENDOR_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_VENDOR_TIMEOUT_MS),
  VENDOR_PROXY_MAX_RESPONSE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(DEFAULT_VENDOR_MAX_RESPONSE_BYTES),
};

/** The proxy configuration from parsed settings: a vendor is configured once its API key is set. */
export function vendorProxyConfigFromEnv(env: Record<string, unknown>): VendorProxyConfig {
  const vendors: Partial<Record<VendorName, VendorEndpoint>> = {};
  for (const vendor of VENDOR_NAMES) {
    const apiKey = env[envName(vendor, 'API_KEY')];
    if (typeof apiKey !== 'string' || apiKey === '') continue;
    const baseUrl = env[envName(vendor, 'BASE_URL')];
    vendors[vendor] = {
      baseUrl: (typeof baseUrl === 'string' ? baseUrl : VENDORS[vendor].defaultBaseUrl).replace(/\/+$/, ''),
      apiKey,
    };
  }
  return {
    vendors,
    timeoutMs:
      typeof env['VENDOR_PROXY_TIMEOUT_MS'] === 'number' ? env['VENDOR_PROXY_TIMEOUT_MS'] : DEFAULT_VENDOR_TIMEOUT_MS,
    maxResponseBytes:
      typeof env['VENDOR_PROXY_MAX_RESPONSE_BYTES'] === 'number'
        ? env['VENDOR_PROXY_MAX_RESPONSE_BYTES']
        : DEFAULT_VENDOR_MAX_RESPONSE_BYTES,
  };
}
