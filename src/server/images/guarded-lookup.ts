import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isAllowedAddress } from './address-policy.ts';

// A socket `lookup` that resolves a host and refuses it unless every address DNS returned passes the
// address policy. It runs inside the connection itself, so no second, different DNS answer can slip
// in between the check and the connect. Used by the image fetcher and the webhook sender.

/** The error code a refused lookup fails with (the socket's `error` event carries it). */
export const REFUSED_ADDRESS_CODE = 'EREFUSEDADDRESS';

export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((entry) => !isAllowedAddress(entry.address, allowLoopback));
      if (refused || list.length === 0) {
        const failure = Object.assign(new Error(`refused address for ${hostname}`), { code: REFUSED_ADDRESS_CODE });
        return callback(failure, '', 0);
      }
      if (options.all) return callback(null, list as never);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
