import { BlockList, isIP } from 'node:net';

// Which addresses the image fetcher may connect to: public unicast only. Private, loopback,
// link-local (cloud metadata at 169.254.169.254), CGNAT, multicast and reserved ranges are refused,
// in IPv4, IPv6 and IPv4-mapped IPv6. Loopback can be allowed for tests (IMAGE_ALLOW_LOOPBACK).

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx). */
function unmapped(address: string): string | null {
  const match = /^::ffff:(.+)$/i.exec(address);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when the fetcher may connect to this (resolved) address. */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const v4 = family === 6 ? unmapped(address) : address;
  if (v4 !== null && isIP(v4) === 4) {
    if (loopback.check(v4, 'ipv4')) return allowLoopback;
    return !blocked.check(v4, 'ipv4');
  }
  if (loopback.check(address, 'ipv6')) return allowLoopback;
  return !blocked.check(address, 'ipv6');
}
