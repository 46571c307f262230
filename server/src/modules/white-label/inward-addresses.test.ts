import { describe, expect, it } from 'vitest';
import { inwardAddressKind } from './inward-addresses.ts';

describe('inwardAddressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.254', 'shared (carrier-grade NAT)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique local (IPv6)'],
    ['fc00::abcd', 'unique local (IPv6)'],
    ['ff02::1', 'multicast'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::FFFF:10.0.0.1', 'private'],
  ])('%s is %s', (address, kind) => {
    expect(inwardAddressKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '203.0.113.7', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is a public address',
    (address) => {
      expect(inwardAddressKind(address)).toBeNull();
    },
  );
});
