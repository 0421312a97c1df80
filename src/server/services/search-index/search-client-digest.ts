import { createHmac } from 'node:crypto';
import { clientBlock } from '../../http/client-block.ts';

/**
 * The name a searching client is counted under in the shared table: an HMAC of its address (IPv4
 * whole, IPv6 by its /64, the block one subscriber holds), keyed by a secret that never leaves the
 * servers. A plain hash of an IPv4 address is reversed by trying all 2^32 of them; without the
 * secret, a copy of the table names nobody. Instances that share a database must share the secret
 * (STORAGE_SIGNING_SECRET), or one client counts once per instance.
 */
export function searchClientDigest(secret: string, address: string): string {
  // A key of its own, so this digest can never be mistaken for (or help forge) another use of the secret.
  const key = createHmac('sha256', secret).update('nodeyard search client v1').digest();
  return createHmac('sha256', key).update(clientBlock(address)).digest('base64url').slice(0, 22);
}
