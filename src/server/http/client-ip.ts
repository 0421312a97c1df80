import { getConnInfo } from '@hono/node-server/conninfo';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

// The client's address, for rate limits, install counting and popular searches. Behind proxies the
// socket address is the nearest proxy's, and X-Forwarded-For holds the chain: "client, proxy1,
// proxy2", each proxy appending the address it received the request from. Only the entries our own
// proxies appended can be believed; everything to their left is whatever the client chose to send.
// With `hops` trusted proxies in front of us, the client is the entry `hops` places from the right.

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
function forwardedAddress(forwardedFor: string | undefined, socket: () => string, hops: number): string {
  if (hops <= 0) return socket();
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return socket();
  return chain[Math.max(0, chain.length - hops)]!;
}

/** The client of a request the API app handles. */
export function clientAddress(c: Context, hops: number): string {
  return forwardedAddress(c.req.header('x-forwarded-for'), () => socketAddress(c), hops);
}

/** The same address for a request seen before the API app (site pages, the response cache). */
export function requestClientAddress(req: IncomingMessage, hops: number): string {
  const header = req.headers['x-forwarded-for'];
  const forwardedFor = Array.isArray(header) ? header.join(',') : header;
  return forwardedAddress(forwardedFor, () => req.socket?.remoteAddress ?? 'unknown', hops);
}
