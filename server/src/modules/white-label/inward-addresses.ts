import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses that lead into a network rather than to a public server: the machine itself, private
 * and link-local networks (169.254.169.254 is the cloud metadata service), carrier-grade NAT,
 * multicast and the reserved blocks. A white-label domain that resolves to one of them is turned at
 * the portal's own network, so the domain checks never connect while it does.
 */
const INWARD_RANGES: [kind: string, family: 'ipv4' | 'ipv6', network: string, prefix: number][] = [
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['shared (carrier-grade NAT)', 'ipv4', '100.64.0.0', 10],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['reserved', 'ipv6', 'fec0::', 10],
  ['unique local (IPv6)', 'ipv6', 'fc00::', 7],
  ['multicast', 'ipv6', 'ff00::', 8],
  ['reserved', 'ipv6', '64:ff9b:1::', 48],
];

const RANGES_BY_KIND = new Map<string, BlockList>();
for (const [kind, family, network, prefix] of INWARD_RANGES) {
  const list = RANGES_BY_KIND.get(kind) ?? new BlockList();
  list.addSubnet(network, prefix, family);
  RANGES_BY_KIND.set(kind, list);
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx). */
function mappedIPv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [high, low] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** What kind of inward address `address` is ('loopback', 'private', …), or null for a public one. */
export function inwardAddressKind(address: string): string | null {
  const v4 = isIPv4(address) ? address : isIPv6(address) ? mappedIPv4(address) : null;
  const [checked, family] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (!v4 && !isIPv6(address)) return 'invalid';
  for (const [kind, list] of RANGES_BY_KIND) {
    if (list.check(checked, family)) return kind;
  }
  return null;
}

/** "10.0.0.1, a private address", "0.0.0.0, an unspecified address" ("a unique local"). */
export function describeInwardAddress(address: string, kind: string): string {
  return `${address}, ${/^(?!uni)[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind} address`;
}
