import { describe, expect, it } from 'vitest';
import { isWellFormedSigningLink, parseSignLink, sameOriginPath } from './signing-links.ts';

const ORIGIN = 'https://portal.example';

describe('parseSignLink', () => {
  it('reads the document and token of an absolute link', () => {
    expect(
      parseSignLink('https://portal.example/sign-your-document?documentId=abc_123&token=t0k-en', ORIGIN),
    ).toEqual({ documentId: 'abc_123', token: 't0k-en' });
  });

  it('reads a relative link against this site', () => {
    expect(parseSignLink('/sign-your-document?token=x&documentId=d', ORIGIN)).toEqual({
      documentId: 'd',
      token: 'x',
    });
  });

  it('refuses a link without its document or token', () => {
    expect(parseSignLink('/sign-your-document?documentId=d', ORIGIN)).toBeNull();
    expect(parseSignLink('/sign-your-document?token=t', ORIGIN)).toBeNull();
    expect(parseSignLink('/sign-your-document?documentId=&token=t', ORIGIN)).toBeNull();
  });

  it('refuses what is not a URL', () => {
    expect(parseSignLink('http://[bad', ORIGIN)).toBeNull();
  });
});

describe('sameOriginPath', () => {
  it('keeps a path and its query', () => {
    expect(sameOriginPath('/hc-signed-completed-message?documentId=d&signedBy=A%20B', ORIGIN)).toBe(
      '/hc-signed-completed-message?documentId=d&signedBy=A%20B',
    );
  });

  it('turns a URL of this site into its path', () => {
    expect(sameOriginPath('https://portal.example/signed-completed-message', ORIGIN)).toBe(
      '/signed-completed-message',
    );
  });

  it('refuses another site, a protocol-relative URL and a script URL', () => {
    expect(sameOriginPath('https://evil.example/x', ORIGIN)).toBeNull();
    expect(sameOriginPath('//evil.example/x', ORIGIN)).toBeNull();
    expect(sameOriginPath('javascript:alert(1)', ORIGIN)).toBeNull();
  });
});

describe('isWellFormedSigningLink', () => {
  const token = 'a'.repeat(43);

  it('accepts the shape the server gives out', () => {
    expect(isWellFormedSigningLink({ documentId: 'doc_123', token })).toBe(true);
  });

  it('refuses a short, cut-off or missing token and a missing or overlong id', () => {
    expect(isWellFormedSigningLink({ documentId: 'doc_123', token: 'bad' })).toBe(false);
    expect(isWellFormedSigningLink({ documentId: 'doc_123', token: '' })).toBe(false);
    expect(isWellFormedSigningLink({ documentId: '', token })).toBe(false);
    expect(isWellFormedSigningLink({ documentId: 'x'.repeat(65), token })).toBe(false);
  });
});
