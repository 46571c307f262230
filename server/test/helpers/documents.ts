import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../src/mail-delivery/transport.ts';
import { generateSigningCertificate } from '../../src/pdf-signing/certificate.ts';

/**
 * One seal certificate for every test app of the process (RSA key generation is the slow part of a
 * fresh app), passed as SIGNING_CERT_P12_BASE64. The generate-and-store path has its own test.
 */
let certificate: Promise<{ p12Base64: string; passphrase: string }> | undefined;
export async function testCertificateEnv(): Promise<Record<string, string>> {
  certificate ??= generateSigningCertificate({ commonName: 'Portal test seal' });
  const { p12Base64, passphrase } = await certificate;
  return { SIGNING_CERT_P12_BASE64: p12Base64, SIGNING_CERT_PASSPHRASE: passphrase };
}

export type SigningLink = { url: string; documentId: string; token: string };

/** The signing links in a mail, in the order the mail lists them. */
export function signingLinksIn(mail: Pick<OutgoingMail, 'text'>): SigningLink[] {
  const urls = mail.text.match(/https?:\/\/\S+\/sign-your-document\?\S+/g) ?? [];
  return urls.map((url) => {
    const query = new URL(url).searchParams;
    return { url, documentId: query.get('documentId') ?? '', token: query.get('token') ?? '' };
  });
}

export function linkOf(url: string): SigningLink {
  const query = new URL(url).searchParams;
  return { url, documentId: query.get('documentId') ?? '', token: query.get('token') ?? '' };
}

/** Mail the app sent since `from` (an index into the memory transport's list), after it finished sending. */
export async function sentMailSince(app: FastifyInstance, sent: OutgoingMail[], from: number) {
  await new Promise((resolve) => setImmediate(resolve));
  await app.mailWorker.drain();
  return sent.slice(from);
}

export function openSession(app: FastifyInstance, link: SigningLink, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/signing/session/',
    payload: { document_id: link.documentId, token: link.token },
    headers,
  });
}

export function sign(
  app: FastifyInstance,
  link: SigningLink,
  signature: { type: 'typed'; text: string } | { type: 'drawn'; image: string } = {
    type: 'typed',
    text: 'Pat Signer',
  },
  headers: Record<string, string> = { 'user-agent': 'DocumentsTest/1.0' },
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/signing/sign/',
    payload: { document_id: link.documentId, token: link.token, consent: true, signature },
    headers,
  });
}

/** A real PNG (a dark stroke on white), as the signature pad would send it. */
export function drawnSignatureDataUrl(width = 60, height = 20): string {
  const raw = Buffer.alloc((width * 3 + 1) * height, 0xff);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    const x = Math.floor((y / height) * (width - 3));
    raw.fill(0x10, y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 1 + (x + 3) * 3);
  }
  return pngDataUrl(pngFile({ width, height, bitDepth: 8, colorType: 2 }, deflateSync(raw)));
}

/**
 * A valid PNG of any size that stays small on the wire: black 1-bit greyscale rows, so a huge IHDR
 * comes with an IDAT of a few kilobytes (a decoder makes width × height × 4 bytes of it).
 */
export function blankPngDataUrl(width: number, height: number): string {
  return pngDataUrl(blankPng(width, height));
}

/** The PNG file of blankPngDataUrl. */
export function blankPng(width: number, height: number): Buffer {
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return pngFile({ width, height, bitDepth: 1, colorType: 0 }, deflateSync(rows));
}

/** A PNG whose header says `width` × `height` (RGB) but whose image data inflates to `inflatedBytes`. */
export function overflowingPngDataUrl(width: number, height: number, inflatedBytes: number): string {
  return pngDataUrl(
    pngFile({ width, height, bitDepth: 8, colorType: 2 }, deflateSync(Buffer.alloc(inflatedBytes))),
  );
}

const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A PNG file of a header and its (deflated) image data: signature, IHDR, IDAT, IEND. */
function pngFile(
  header: { width: number; height: number; bitDepth: number; colorType: number },
  idat: Buffer,
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr[8] = header.bitDepth;
  ihdr[9] = header.colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body for app.inject: text fields and at most one file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name?: string; filename: string; content: Uint8Array; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A signed file link whose signature's first character is changed (always to a different one). */
export function withTamperedSignature(url: string): string {
  return url.replace(/signature=./, (m) => (m.endsWith('A') ? `${m.slice(0, -1)}B` : `${m.slice(0, -1)}A`));
}
