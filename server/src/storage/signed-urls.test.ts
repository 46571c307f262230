import { describe, expect, it } from 'vitest';
import { signUrlPath, verifySignedUrlPath } from './signed-urls.ts';

const SECRET = 'a-long-random-secret-for-tests';
const PATH = '/media/doc-123.pdf';

/** What a router hands the route: every query parameter as a string. */
function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://portal.test').searchParams);
}

describe('signed URLs', () => {
  it('signs a path that verifies until it expires', () => {
    const url = signUrlPath(SECRET, PATH, 300);
    expect(url).toMatch(/^\/media\/doc-123\.pdf\?expires=\d+&signature=[A-Za-z0-9_-]{43}$/);
    expect(verifySignedUrlPath(SECRET, PATH, queryOf(url))).toBe(true);
  });

  it('covers the extra parameters', () => {
    const url = signUrlPath(SECRET, PATH, 300, { version: 'original' });
    expect(url).toContain('version=original');
    expect(verifySignedUrlPath(SECRET, PATH, queryOf(url))).toBe(true);
    expect(verifySignedUrlPath(SECRET, PATH, { ...queryOf(url), version: 'final' })).toBe(false);
    const { version: _dropped, ...withoutVersion } = queryOf(url);
    expect(verifySignedUrlPath(SECRET, PATH, withoutVersion)).toBe(false);
    expect(verifySignedUrlPath(SECRET, PATH, { ...queryOf(url), download: '1' })).toBe(false);
  });

  it('refuses an expired link', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const url = signUrlPath(SECRET, PATH, 60, {}, issued);
    expect(verifySignedUrlPath(SECRET, PATH, queryOf(url), new Date('2026-01-01T00:00:59Z'))).toBe(true);
    expect(verifySignedUrlPath(SECRET, PATH, queryOf(url), new Date('2026-01-01T00:01:01Z'))).toBe(false);
    expect(verifySignedUrlPath(SECRET, PATH, queryOf(url))).toBe(false);
  });

  it('refuses a later expiry written into the link', () => {
    const query = queryOf(signUrlPath(SECRET, PATH, 60));
    expect(
      verifySignedUrlPath(SECRET, PATH, { ...query, expires: String(Number(query.expires) + 3600) }),
    ).toBe(false);
  });

  it('refuses the signature of another path', () => {
    const query = queryOf(signUrlPath(SECRET, PATH, 300));
    expect(verifySignedUrlPath(SECRET, '/media/doc-124.pdf', query)).toBe(false);
  });

  it('refuses another secret, a missing or a malformed signature', () => {
    const query = queryOf(signUrlPath(SECRET, PATH, 300));
    expect(verifySignedUrlPath('another-secret', PATH, query)).toBe(false);
    expect(verifySignedUrlPath('', PATH, query)).toBe(false);
    const { signature, ...unsigned } = query;
    expect(verifySignedUrlPath(SECRET, PATH, unsigned)).toBe(false);
    expect(verifySignedUrlPath(SECRET, PATH, { ...unsigned, signature: signature.slice(0, -1) })).toBe(false);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(verifySignedUrlPath(SECRET, PATH, { ...unsigned, signature: flipped })).toBe(false);
    expect(verifySignedUrlPath(SECRET, PATH, { ...query, signature: [signature, signature] })).toBe(false);
    expect(verifySignedUrlPath(SECRET, PATH, { ...query, expires: 'soon' })).toBe(false);
  });

  it('accepts a query whose expiry a router already turned into a number', () => {
    const query = queryOf(signUrlPath(SECRET, PATH, 300, { version: 'final' }));
    expect(verifySignedUrlPath(SECRET, PATH, { ...query, expires: Number(query.expires) })).toBe(true);
  });

  it('keeps the reserved names for itself', () => {
    expect(() => signUrlPath(SECRET, PATH, 60, { expires: '9999999999' })).toThrow(/reserved/);
    expect(() => signUrlPath('', PATH, 60)).toThrow(/secret/);
  });
});
