import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signingCertificates } from '../db/schema/documents.ts';
import {
  generateSigningCertificate,
  loadSigningCertificate,
  type SigningCertificate,
} from './certificate.ts';

/** The portal's seal certificate as configured or kept in the database (one row, id 1). */
type StoredCertificate = { p12Base64: string; passphrase: string };

/**
 * The portal's seal certificate, loaded once per process: the configured one
 * (SIGNING_CERT_P12_BASE64), else the generated one kept in the database, else a new one generated
 * and stored. Two processes starting together generate two but keep one (ON CONFLICT DO NOTHING,
 * then read back), so every process seals, verifies and signs media URLs with the same key.
 * Infrastructure like the file storage: documents seal with it, the timeline PDF too, and the
 * signed links of documents, assets and shipping labels use the key derived from it.
 */
export class SealKeys {
  readonly #db: Db;
  readonly #configured: StoredCertificate | undefined;
  #loading: Promise<{ certificate: SigningCertificate; mediaSecret: string }> | undefined;

  constructor(db: Db, configured: StoredCertificate | undefined) {
    this.#db = db;
    this.#configured = configured;
  }

  async certificate(): Promise<SigningCertificate> {
    return (await this.#load()).certificate;
  }

  /** The HMAC key of signed media URLs, derived from the certificate (same in every process). */
  async mediaSecret(): Promise<string> {
    return (await this.#load()).mediaSecret;
  }

  #load() {
    this.#loading ??= this.#read().then((stored) => {
      const certificate = loadSigningCertificate(stored);
      const mediaSecret = createHash('sha256')
        .update('portal signed media urls v1\0')
        .update(certificate.p12)
        .digest('base64url');
      return { certificate, mediaSecret };
    });
    // A failed load (database down) is retried by the next caller instead of being remembered.
    this.#loading.catch(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #read(): Promise<StoredCertificate> {
    if (this.#configured) return this.#configured;
    const existing = await findStoredCertificate(this.#db);
    if (existing) return existing;
    const generated = await generateSigningCertificate();
    await this.#db
      .insert(signingCertificates)
      .values({ id: 1, ...generated })
      .onConflictDoNothing();
    const stored = await findStoredCertificate(this.#db);
    if (!stored) throw new Error('The seal certificate could not be stored');
    return stored;
  }
}

async function findStoredCertificate(db: Db): Promise<StoredCertificate | undefined> {
  const [row] = await db
    .select({ p12Base64: signingCertificates.p12Base64, passphrase: signingCertificates.passphrase })
    .from(signingCertificates)
    .where(eq(signingCertificates.id, 1))
    .limit(1);
  return row;
}
