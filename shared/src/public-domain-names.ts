/**
 * Whether a host name is a public DNS name: one the portal may write a web-server site for, get a
 * certificate for and send requests through. IP addresses (in every spelling a URL parser accepts)
 * and names reserved for local or test networks are not: they would point the portal at itself or
 * at its private network.
 */

export const PUBLIC_DOMAIN_NAME_TEXTS = {
  ipAddress: 'Use the domain name, not an IP address.',
  reservedName: 'This name is reserved for local or test networks: use a public domain name.',
  notPublicName: 'Enter a public domain name, such as https://clinics.example.com',
} as const;

/**
 * Top-level names that never resolve on the public internet: RFC 2606 (test, example, invalid,
 * localhost), RFC 6761/6762 (local), RFC 7686 (onion), RFC 8375 and the reverse-lookup zones
 * (arpa), RFC 9476 (alt), ICANN's private-use name (internal) and the names ICANN withheld because
 * private networks use them (home, corp, mail), plus lan and intranet, which no registry delegates.
 * (example.com, .net and .org stay: public names whose A records point at IANA, never inward.)
 */
const RESERVED_TOP_LEVEL_NAMES = new Set([
  'localhost',
  'local',
  'test',
  'example',
  'invalid',
  'onion',
  'arpa',
  'alt',
  'internal',
  'home',
  'corp',
  'mail',
  'lan',
  'intranet',
]);

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level name: letters, or an internationalised name in its ASCII form. */
const TOP_LEVEL_LABEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** What a URL parser reads as an IPv4 address when it is the last label: decimal, octal or hex. */
const NUMERIC_LABEL = /^(\d+|0x[0-9a-f]*)$/;

/** Why `host` is not a public DNS name (one of PUBLIC_DOMAIN_NAME_TEXTS), or null when it is. */
export function publicDomainNameProblem(rawHost: string): string | null {
  const host = rawHost.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  const last = labels.at(-1) ?? '';
  if (host.startsWith('[') || host.includes(':') || NUMERIC_LABEL.test(last)) {
    return PUBLIC_DOMAIN_NAME_TEXTS.ipAddress;
  }
  if (RESERVED_TOP_LEVEL_NAMES.has(last)) return PUBLIC_DOMAIN_NAME_TEXTS.reservedName;
  const wellFormed =
    labels.length >= 2 &&
    host.length <= 253 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LEVEL_LABEL.test(last);
  return wellFormed ? null : PUBLIC_DOMAIN_NAME_TEXTS.notPublicName;
}
