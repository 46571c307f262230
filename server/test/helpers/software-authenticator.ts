import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/*
 * A WebAuthn authenticator in software, for the API tests: ES256 keys from node:crypto, attestation
 * "none", authenticator data and CBOR built by hand. It answers the options the server sends as the
 * browser and a platform authenticator would, and can be told to lie (another origin, another RP id,
 * another credential) so the tests can see the server refuse.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | Record<string, never>;

function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(value, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(value, 1);
  return head;
}

/** The few CBOR types WebAuthn needs: integers, byte and text strings, maps. */
export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    cborHead(5, entries.length),
    ...entries.flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item as CborValue)]),
  ]);
}

const FLAG = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 } as const;
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type StoredCredential = {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Buffer;
  rpId: string;
  userHandle: string;
  counter: number;
};

/** What the server's options carry that the authenticator reads (a subset of the JSON options). */
type CreationOptions = {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
};
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

/** Ways to make a response that a careful server must refuse. */
export type Tampering = {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** Sign with this credential (of this authenticator) whatever the options allow. */
  credentialId?: string;
  /** Report this signature counter instead of the next one. */
  counter?: number;
  type?: string;
};

export class SoftwareAuthenticator {
  readonly #credentials = new Map<string, StoredCredential>();
  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  get credentialIds(): string[] {
    return [...this.#credentials.keys()];
  }

  /** navigator.credentials.create: a new discoverable ES256 credential, attestation "none". */
  register(options: CreationOptions, tampering: Tampering = {}) {
    const rpId = tampering.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if ([...this.#credentials.values()].some((c) => excluded.has(b64url(c.id)))) {
      throw new Error('InvalidStateError: this authenticator holds an excluded credential');
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = encodeCbor(
      new Map<CborValue, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const credential: StoredCredential = {
      id,
      privateKey,
      cosePublicKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      this.#authDataHead(rpId, tampering, FLAG.attestedData, 0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      cosePublicKey,
    ]);
    const clientDataJSON = this.#clientData('webauthn.create', options.challenge, tampering);
    this.#credentials.set(b64url(id), credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(encodeCbor({ fmt: 'none', attStmt: {}, authData } as never)),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get: an assertion by an allowed credential (any of ours when none is named). */
  authenticate(options: RequestOptions, tampering: Tampering = {}) {
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    const id =
      tampering.credentialId ??
      (allowed.length ? allowed.find((a) => this.#credentials.has(a)) : this.credentialIds[0]);
    const credential = id ? this.#credentials.get(id) : undefined;
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    credential.counter += 1;
    const counter = tampering.counter ?? credential.counter;
    const authData = this.#authDataHead(tampering.rpId ?? credential.rpId, tampering, 0, counter);
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, tampering);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  #authDataHead(rpId: string, tampering: Tampering, extraFlags: number, counter: number): Buffer {
    const verified = tampering.userVerified ?? true;
    const flags = FLAG.userPresent | (verified ? FLAG.userVerified : 0) | extraFlags;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }

  #clientData(type: string, challenge: string, tampering: Tampering): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: tampering.type ?? type,
        challenge,
        origin: tampering.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }
}
