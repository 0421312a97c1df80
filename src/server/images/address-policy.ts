import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { embeddedIPv4 } from './embedded-ipv4.ts';

// Which addresses the image fetcher may connect to: public unicast only. The special-purpose ranges
// come from ipaddr.js (IANA's registries: private, loopback, link-local with the cloud metadata
// service at 169.254.169.254, CGNAT, multicast, reserved, documentation, benchmarking…): anything it
// does not call plain `unicast` is refused. An IPv6 address that embeds an IPv4 address (mapped,
// translated, compatible, NAT64, 6to4, Teredo: embedded-ipv4.ts) is judged by what it embeds.
// Loopback can be allowed for tests (IMAGE_ALLOW_LOOPBACK); nothing else can.

function ipv4Allowed(address: ipaddr.IPv4, allowLoopback: boolean): boolean {
  const range = address.range();
  return range === 'unicast' || (range === 'loopback' && allowLoopback);
}

function ipv6Allowed(address: ipaddr.IPv6, allowLoopback: boolean): boolean {
  if (address.range() === 'loopback') return allowLoopback;
  const embedded = embeddedIPv4(address);
  if (embedded.kind === 'opaque') return false;
  if (embedded.kind === 'ipv4') return embedded.addresses.every((inner) => ipv4Allowed(inner, allowLoopback));
  return address.range() === 'unicast';
}

/** True when the fetcher may connect to this (resolved or literal) address. */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  // node:net's strict check first: ipaddr.js also reads legacy IPv4 spellings (octal, hex, 1–3
  // parts) that no resolver returns and URL parsing has already normalized.
  const family = isIP(address);
  if (family === 0) return false;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv4'
    ? ipv4Allowed(parsed as ipaddr.IPv4, allowLoopback)
    : ipv6Allowed(parsed as ipaddr.IPv6, allowLoopback);
}
