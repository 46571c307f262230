import { describe, expect, it } from 'vitest';
import { WHITE_LABEL_TEXTS, ZWhiteLabelDomainBody } from './white-label.ts';

/** The url field's first error, or null when the URL is taken. */
function urlError(url: string): string | null {
  const parsed = ZWhiteLabelDomainBody.safeParse({ name: 'Clinics', url });
  if (parsed.success) return null;
  return parsed.error.issues.find((issue) => issue.path[0] === 'url')?.message ?? null;
}

describe('a white-label URL', () => {
  it.each([
    'https://clinics.example.com',
    'https://Clinics.Example.com/',
    'https://sunrise-clinics.co.uk',
    'https://a1.b2.io',
    'https://xn--bcher-kva.ch',
  ])('takes a public domain name: %s', (url) => {
    expect(urlError(url)).toBeNull();
  });

  it.each(['http://clinics.example.com', 'clinics.example.com', 'ftp://clinics.example.com'])(
    'must start with https:// (%s)',
    (url) => {
      expect(urlError(url)).toBe(WHITE_LABEL_TEXTS.urlHttps);
    },
  );

  it.each([
    'https://127.0.0.1',
    'https://169.254.169.254',
    'https://10.0.0.1/',
    'https://0.0.0.0',
    // Forms a URL parser reads as 127.0.0.1: one number, hexadecimal, octal, fewer parts.
    'https://2130706433',
    'https://0x7f.1',
    'https://0x7f000001',
    'https://0177.0.0.1',
    'https://127.1',
    'https://clinics.0x10',
    'https://clinics.123',
    'https://[::1]',
    'https://[fd00::1]/',
    'https://[::ffff:169.254.169.254]',
  ])('refuses an IP address: %s', (url) => {
    expect(urlError(url)).toBe(WHITE_LABEL_TEXTS.urlIpAddress);
  });

  it.each([
    'https://localhost',
    'https://portal.localhost',
    'https://printer.local',
    'https://metadata.google.internal',
    'https://clinics.test',
    'https://clinics.example',
    'https://clinics.invalid',
    'https://router.home.arpa',
    'https://1.0.0.127.in-addr.arpa',
    'https://hidden.onion',
  ])('refuses a name reserved for local or test use: %s', (url) => {
    expect(urlError(url)).toBe(WHITE_LABEL_TEXTS.urlReservedName);
  });

  it.each([
    'https://portal',
    'https://clinics',
    'https://-clinics.example.com',
    'https://clinics-.example.com',
    'https://clinics..example.com',
    'https://clinics_one.example.com',
    'https://clinics.c',
    'https://clinics.com-',
    `https://${'a'.repeat(64)}.example.com`,
  ])('refuses what is not a public DNS name: %s', (url) => {
    expect(urlError(url)).toBe(WHITE_LABEL_TEXTS.urlNotPublicName);
  });

  it.each([
    'https://clinics.example.com:8443',
    'https://clinics.example.com/path',
    'https://user@clinics.example.com',
    'https://clinics.example.com?x=1',
  ])('is the domain alone, without port, path or user: %s', (url) => {
    expect(urlError(url)).toBe(WHITE_LABEL_TEXTS.urlDomainOnly);
  });
});
