import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateSigningCertificate,
  loadSigningCertificate,
  type SigningCertificate,
  SigningCertificateError,
} from './certificate.ts';

let stored: { p12Base64: string; passphrase: string };
let loaded: SigningCertificate;

beforeAll(async () => {
  stored = await generateSigningCertificate();
  loaded = loadSigningCertificate(stored);
});

describe('the sealing certificate', () => {
  it('is a self-signed RSA-2048 certificate of ten years named "Portal document seal"', () => {
    const x509 = new X509Certificate(loaded.certificatePem);
    expect(loaded.commonName).toBe('Portal document seal');
    expect(x509.subject).toContain('CN=Portal document seal');
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const years = (Date.parse(x509.validTo) - Date.parse(x509.validFrom)) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(9.9);
    expect(years).toBeLessThan(10.1);
    expect(x509.ca).toBe(false);
  });

  it('comes back the same after being stored as base64 with its passphrase', () => {
    expect(stored.p12Base64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(stored.passphrase.length).toBeGreaterThanOrEqual(24);
    const again = loadSigningCertificate({ ...stored });
    expect(again.fingerprint256).toBe(loaded.fingerprint256);
    expect(again.fingerprint256).toBe(new X509Certificate(loaded.certificatePem).fingerprint256);
    expect(again.certificatePem).toBe(loaded.certificatePem);
    expect(Buffer.compare(again.p12, Buffer.from(stored.p12Base64, 'base64'))).toBe(0);
  });

  it('keeps its private key behind the passphrase', () => {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(loaded.p12.toString('binary')));
    expect(() => forge.pkcs12.pkcs12FromAsn1(asn1, false, 'not-the-passphrase')).toThrow();
  });

  it('takes another common name', async () => {
    const named = loadSigningCertificate(await generateSigningCertificate({ commonName: 'Clinic seal' }));
    expect(named.commonName).toBe('Clinic seal');
    expect(named.fingerprint256).not.toBe(loaded.fingerprint256);
  });

  it('says clearly when a stored certificate cannot be opened', () => {
    expect(() => loadSigningCertificate({ ...stored, passphrase: 'wrong' })).toThrow(SigningCertificateError);
    expect(() => loadSigningCertificate({ ...stored, passphrase: 'wrong' })).toThrow(/passphrase is wrong/);
    expect(() => loadSigningCertificate({ p12Base64: 'bm90IGEgcDEy', passphrase: 'x' })).toThrow(
      SigningCertificateError,
    );
    expect(() => loadSigningCertificate({ p12Base64: '', passphrase: 'x' })).toThrow(SigningCertificateError);
  });
});
