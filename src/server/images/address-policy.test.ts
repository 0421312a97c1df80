import { describe, expect, it } from 'vitest';
import { isAllowedAddress } from './address-policy.ts';

// Table-driven: every row is an address the image fetcher may (or may not) connect to, with why.

const allowed: Array<[string, string]> = [
  ['93.184.216.34', 'public IPv4'],
  ['8.8.8.8', 'public IPv4'],
  ['2606:2800:220:1:248:1893:25c8:1946', 'public IPv6'],
  ['::ffff:8.8.8.8', 'mapped public IPv4'],
  ['::ffff:808:808', 'mapped public IPv4, hex'],
  ['64:ff9b::808:808', 'NAT64 of a public IPv4'],
  ['64:ff9b::8.8.8.8', 'NAT64 of a public IPv4, dotted'],
  ['2002:808:808::1', '6to4 network of a public IPv4'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo: public server 65.54.227.120, public client 8.8.8.8'],
];

const refused: Array<[string, string]> = [
  // IPv4 special ranges
  ['127.0.0.1', 'loopback'],
  ['127.9.9.9', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['100.64.0.1', 'CGNAT'],
  ['0.0.0.0', 'unspecified'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // IPv6 special ranges
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'deprecated site-local'],
  ['fd00::1', 'unique local'],
  ['ff02::1', 'multicast'],
  ['100::1', 'discard'],
  ['2001:db8::1', 'documentation'],
  // IPv4-mapped ::ffff:0:0/96, dotted and hex, any spelling
  ['::ffff:127.0.0.1', 'mapped loopback'],
  ['::ffff:7f00:1', 'mapped loopback, hex'],
  ['::FFFF:7F00:1', 'mapped loopback, upper-case hex'],
  ['0:0:0:0:0:ffff:7f00:1', 'mapped loopback, uncompressed'],
  ['0000:0000:0000:0000:0000:ffff:127.0.0.1', 'mapped loopback, zero-padded'],
  ['::ffff:169.254.169.254', 'mapped metadata'],
  ['::ffff:a9fe:a9fe', 'mapped metadata, hex'],
  ['::ffff:10.0.0.1', 'mapped private'],
  ['::ffff:6440:1', 'mapped CGNAT, hex'],
  // IPv4-translated ::ffff:0:0:0/96 (RFC 6145)
  ['::ffff:0:127.0.0.1', 'translated loopback'],
  ['::ffff:0:7f00:1', 'translated loopback, hex'],
  ['::ffff:0:a9fe:a9fe', 'translated metadata, hex'],
  // IPv4-compatible ::/96
  ['::127.0.0.1', 'compatible loopback'],
  ['::7f00:1', 'compatible loopback, hex'],
  ['::a9fe:a9fe', 'compatible metadata, hex'],
  ['::10.0.0.1', 'compatible private'],
  // NAT64
  ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
  ['64:ff9b::7f00:1', 'NAT64 loopback, hex'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 metadata, hex'],
  ['64:ff9b::10.0.0.1', 'NAT64 private'],
  ['64:ff9b:1::a9fe:a9fe', 'local-use NAT64 (RFC 8215)'],
  ['64:ff9b:1::808:808', 'local-use NAT64, whatever it embeds: never a public target'],
  // 6to4: IPv4 in bits 16–48
  ['2002:7f00:1::', '6to4 loopback'],
  ['2002:7f00:0001:0:0:0:0:1', '6to4 loopback, long form'],
  ['2002:a9fe:a9fe::1', '6to4 metadata'],
  ['2002:a00:1::', '6to4 private'],
  ['2002:6440:1::', '6to4 CGNAT'],
  // Teredo 2001::/32: server IPv4 in clear, client IPv4 with every bit inverted
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo client 127.0.0.1 (loopback)'],
  ['2001:0:4136:e378::5601:5601', 'Teredo client 169.254.169.254'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo client 192.0.2.45 (documentation)'],
  ['2001:0:a00:1::f7f7:f7f7', 'Teredo server 10.0.0.1'],
  // Not addresses at all
  ['not-an-address', 'not an IP'],
  ['0x7f.1', 'legacy IPv4 spelling (no resolver returns it)'],
  ['2130706433', 'IPv4 as one number'],
];

describe('isAllowedAddress', () => {
  it.each(allowed)('allows %s (%s)', (address) => {
    expect(isAllowedAddress(address)).toBe(true);
  });

  it.each(refused)('refuses %s (%s)', (address) => {
    expect(isAllowedAddress(address)).toBe(false);
    // Allowing loopback never lets anything but loopback through.
    if (!/loopback/.test(refused.find(([a]) => a === address)![1])) expect(isAllowedAddress(address, true)).toBe(false);
  });

  it.each([['127.0.0.1'], ['::1'], ['::ffff:127.0.0.1'], ['::ffff:7f00:1'], ['64:ff9b::7f00:1'], ['2002:7f00:1::']])(
    'allows loopback %s (only loopback) when told to, for tests',
    (address) => {
      expect(isAllowedAddress(address, true)).toBe(true);
    },
  );
});
