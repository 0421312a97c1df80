import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

// The client's address, for rate limits and install counting. Behind proxies the socket address is
// the nearest proxy's, and X-Forwarded-For holds the chain: "client, proxy1, proxy2", each proxy
// appending the address it received the request from. Only the entries our own proxies appended
// can be believed; everything to their left is whatever the client chose to send. With `hops`
// trusted proxies in front of us, the client is the entry `hops` places from the right.

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (tests) have no socket
  }
}

/**
 * The address `hops` proxies away from us. 0 = the socket's peer (no proxy). A chain shorter than
 * `hops` (the request skipped a proxy) gives its left-most entry: still an address one of our
 * proxies saw, never a value to the left of it.
 */
export function clientAddress(c: Context, hops: number): string {
  if (hops <= 0) return socketAddress(c);
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return socketAddress(c);
  return chain[Math.max(0, chain.length - hops)]!;
}
