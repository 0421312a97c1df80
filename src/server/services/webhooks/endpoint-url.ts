import { isIP } from 'node:net';
import { isAllowedAddress } from '../../images/address-policy.ts';

// Which URLs an endpoint may have: HTTPS, no credentials in the URL, and no host that is a private,
// loopback or otherwise special address (the image proxy's policy). A host name is checked again on
// every delivery, on the addresses DNS returns then (send-webhook.ts), since its answer can change.
// `allowLoopback` is a test-only switch of the app (AppConfig.webhookAllowLoopback, never read from
// the environment): with it, plain http to a loopback host is accepted too, for a local receiver.

export const MAX_ENDPOINT_URL_LENGTH = 2000;

export type EndpointUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

export function checkEndpointUrl(raw: string, allowLoopback: boolean): EndpointUrlCheck {
  if (raw.length > MAX_ENDPOINT_URL_LENGTH) {
    return { ok: false, message: `the URL is longer than ${MAX_ENDPOINT_URL_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'not an absolute URL' };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback =
    isLoopbackName(host) || (isIP(host) !== 0 && isAllowedAddress(host, true) && !isAllowedAddress(host));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLoopback && loopback)) {
    return { ok: false, message: `webhook endpoints must use https, not ${url.protocol.replace(':', '')}` };
  }
  if (url.username || url.password) return { ok: false, message: 'the URL must not carry a user name or password' };
  if (isLoopbackName(host) && !allowLoopback) return { ok: false, message: `${host} is a loopback host` };
  if (isIP(host) !== 0 && !isAllowedAddress(host, allowLoopback)) {
    return { ok: false, message: `${host} is a private, loopback or reserved address` };
  }
  return { ok: true, url };
}
