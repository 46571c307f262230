import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { portalSecrets } from '../db/schema/second-factors.ts';

/** The portal_secrets row holding the generated key when SECRET_KEY is not set. */
const GENERATED_KEY_NAME = 'secret_key';
const FORMAT = 'v1';

type Key = { id: string; bytes: Buffer };

function keyOf(bytes: Buffer): Key {
  // A short fingerprint says which key sealed a value, so a key set later still opens older values.
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

/**
 * Seals small secrets (authenticator seeds) with AES-256-GCM under the portal's key: SECRET_KEY when
 * configured, else a key generated once and kept in the database (like the seal certificate: every
 * process uses the same; docs/decisions/031). `context` is bound as associated data, so a sealed value
 * copied onto another row (another account) does not open there.
 * Values sealed under the generated key still open after SECRET_KEY is set, and `isCurrent` tells
 * the caller to seal them again under it.
 */
export class SecretBox {
  readonly #db: Db;
  readonly #configured: Key | undefined;
  #stored: Promise<Key | undefined> | undefined;

  constructor(db: Db, configured: Buffer | undefined) {
    this.#db = db;
    this.#configured = configured ? keyOf(configured) : undefined;
  }

  async seal(plain: string, context: string): Promise<string> {
    const key = await this.#currentKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [FORMAT, key.id, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain text, and whether it was sealed under the current key. Throws on a tampered value. */
  async open(sealed: string, context: string): Promise<{ plain: string; isCurrent: boolean }> {
    const [format, keyId, iv, tag, body] = sealed.split('.');
    if (format !== FORMAT || !keyId || !iv || !tag || body === undefined)
      throw new Error('not a sealed value');
    const key = await this.#keyById(keyId);
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    return { plain: plain.toString('utf8'), isCurrent: key.id === (await this.#currentKey()).id };
  }

  async #currentKey(): Promise<Key> {
    if (this.#configured) return this.#configured;
    const stored = await this.#storedKey(true);
    if (!stored) throw new Error('The portal secret key could not be stored');
    return stored;
  }

  async #keyById(id: string): Promise<Key> {
    if (this.#configured?.id === id) return this.#configured;
    const stored = await this.#storedKey(false);
    if (stored?.id === id) return stored;
    throw new Error('sealed under a key this portal does not have');
  }

  /** The generated key; made (once, whichever process comes first) only when there is no SECRET_KEY. */
  #storedKey(create: boolean): Promise<Key | undefined> {
    this.#stored ??= this.#readOrCreate(create);
    const loading = this.#stored;
    loading.then(
      (key) => {
        // Not there yet and not made (SECRET_KEY is set): ask again next time.
        if (!key && this.#stored === loading) this.#stored = undefined;
      },
      () => {
        if (this.#stored === loading) this.#stored = undefined;
      },
    );
    return loading;
  }

  async #readOrCreate(create: boolean): Promise<Key | undefined> {
    const existing = await readGeneratedKey(this.#db);
    if (existing || !create) return existing;
    await this.#db
      .insert(portalSecrets)
      .values({ name: GENERATED_KEY_NAME, value: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    return readGeneratedKey(this.#db);
  }
}

async function readGeneratedKey(db: Db): Promise<Key | undefined> {
  const [row] = await db
    .select({ value: portalSecrets.value })
    .from(portalSecrets)
    .where(eq(portalSecrets.name, GENERATED_KEY_NAME))
    .limit(1);
  return row ? keyOf(Buffer.from(row.value, 'base64')) : undefined;
}
