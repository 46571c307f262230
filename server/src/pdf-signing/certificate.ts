import { generateKeyPair, randomBytes, X509Certificate } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

/** The portal's sealing certificate, opened: what signing and verification need. */
export type SigningCertificate = {
  /** The password-protected PKCS#12 file (what @signpdf's P12Signer reads). */
  p12: Buffer;
  passphrase: string;
  certificatePem: string;
  /** SHA-256 of the certificate (DER), as `AB:CD:…` (the form openssl and PDF readers show). */
  fingerprint256: string;
  commonName: string;
};

export const DEFAULT_SEAL_COMMON_NAME = 'Portal document seal';
const VALIDITY_YEARS = 10;

export class SigningCertificateError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SigningCertificateError';
  }
}

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A self-signed RSA-2048 certificate for sealing documents (10 years), as a password-protected .p12 in
 * base64 with its random passphrase. The key is made by Node's crypto (native, a fraction of a second),
 * not forge's JavaScript keygen (seconds).
 */
export async function generateSigningCertificate(
  options: { commonName?: string } = {},
): Promise<{ p12Base64: string; passphrase: string }> {
  const { privateKey: privatePem } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem) as forge.pki.rsa.PrivateKey;
  const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);

  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial of 16 random bytes (the high bit cleared, as DER integers are signed).
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  cert.serialNumber = serial.toString('hex');
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALIDITY_YEARS);
  const subject = [
    { name: 'commonName', value: options.commonName ?? DEFAULT_SEAL_COMMON_NAME },
    { name: 'organizationName', value: 'Portal' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());

  const passphrase = randomBytes(24).toString('base64url');
  // signer-p12 only finds keys in a password-protected bag; 3DES is what it (and every reader) opens.
  const p12Asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, {
    algorithm: '3des',
    friendlyName: options.commonName ?? DEFAULT_SEAL_COMMON_NAME,
  });
  const p12Der = forge.asn1.toDer(p12Asn1).getBytes();
  return { p12Base64: Buffer.from(p12Der, 'binary').toString('base64'), passphrase };
}

/**
 * Opens a stored .p12 (generated above or configured with SIGNING_CERT_P12_BASE64). Throws
 * SigningCertificateError with a clear message when it is not a .p12, the passphrase is wrong, or it
 * lacks a private key and its certificate.
 */
export function loadSigningCertificate(stored: {
  p12Base64: string;
  passphrase: string;
}): SigningCertificate {
  const p12 = Buffer.from(stored.p12Base64.replace(/\s+/g, ''), 'base64');
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
    parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, stored.passphrase);
  } catch (error) {
    throw new SigningCertificateError(
      'The signing certificate could not be opened: it is not a PKCS#12 (.p12) file or the passphrase is wrong.',
      { cause: error },
    );
  }
  const keyBag = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
    forge.pki.oids.pkcs8ShroudedKeyBag
  ]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) {
    throw new SigningCertificateError(
      'The signing certificate has no password-protected private key (export the .p12 with a password).',
    );
  }
  const certBags = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const cert = certBags
    .map((bag) => bag.cert)
    .find((c): c is forge.pki.Certificate => {
      const publicKey = c?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return Boolean(publicKey?.n?.equals(key.n) && publicKey.e.equals(key.e));
    });
  if (!cert) throw new SigningCertificateError('The signing certificate does not match its private key.');

  const certificatePem = forge.pki.certificateToPem(cert);
  const x509 = new X509Certificate(certificatePem);
  const commonName = cert.subject.getField('CN')?.value;
  return {
    p12,
    passphrase: stored.passphrase,
    certificatePem,
    fingerprint256: x509.fingerprint256,
    commonName: typeof commonName === 'string' ? commonName : x509.subject,
  };
}
