import ipaddr from 'ipaddr.js';

/**
 * The block one client holds: an IPv4 address itself, an IPv6 address's /64 (what one subscriber
 * gets, so rotating addresses inside it is still one client). Anything else is kept as it is.
 */
export function clientBlock(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // ::ffff:a.b.c.d counts as a.b.c.d
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
