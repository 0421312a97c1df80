import ipaddr from 'ipaddr.js';

// IPv6 addresses that carry an IPv4 address inside them reach (or claim to reach) that IPv4 host:
// through the kernel's dual stack (mapped and compatible forms), a NAT64 gateway, a 6to4 relay or
// a Teredo relay. The address policy judges such an address by the IPv4 address it carries, so
// `::ffff:7f00:1` is loopback and `2002:a9fe:a9fe::` is the cloud metadata service.

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const fromParts = (high: number, low: number): IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const NAT64_LOCAL_USE = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
const MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');
const TRANSLATED = ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96');
const COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
const TEREDO = ipaddr.IPv6.parseCIDR('2001::/32');

/**
 * What an IPv6 address embeds: `none` (an ordinary IPv6 address), `opaque` (it embeds an IPv4
 * address in a way only the local network knows, so nothing can be said of the target), or the
 * IPv4 addresses it leads to (all of them must be acceptable).
 */
export type Embedded = { kind: 'none' } | { kind: 'opaque' } | { kind: 'ipv4'; addresses: IPv4[] };

export function embeddedIPv4(address: IPv6): Embedded {
  const [, p1, p2, p3, , , p6, p7] = address.parts as [number, number, number, number, number, number, number, number];
  const last32: Embedded = { kind: 'ipv4', addresses: [fromParts(p6, p7)] };
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated, RFC 6145), ::a.b.c.d (compatible, deprecated
  // but still routed to the IPv4 host by some stacks), 64:ff9b::a.b.c.d (NAT64 well-known prefix).
  if (address.match(MAPPED) || address.match(TRANSLATED) || address.match(NAT64_WELL_KNOWN)) return last32;
  if (address.match(COMPATIBLE)) return last32;
  // RFC 8215's local-use NAT64 prefix: the operator picks a longer prefix inside it, which moves the
  // IPv4 bits (RFC 6052 §2.2), and such a target is never public anyway.
  if (address.match(NAT64_LOCAL_USE)) return { kind: 'opaque' };
  // 6to4: 2002:AABB:CCDD::/48 is the network behind IPv4 AA.BB.CC.DD.
  if (address.match(SIX_TO_FOUR)) return { kind: 'ipv4', addresses: [fromParts(p1, p2)] };
  // Teredo: 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, the server's IPv4 in clear and the client's with
  // every bit inverted ("obfuscated"). Both must be acceptable.
  if (address.match(TEREDO)) {
    return { kind: 'ipv4', addresses: [fromParts(p2, p3), fromParts(~p6 & 0xffff, ~p7 & 0xffff)] };
  }
  return { kind: 'none' };
}
