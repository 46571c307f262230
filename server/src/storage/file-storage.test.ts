import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { createFileStorage, FileNotFoundError, type FileStorage, isValidStorageKey } from './file-storage.ts';
import { type LocalS3, startLocalS3 } from './testing/local-s3.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stream in chunks of 64 KB, as an upload arrives (length unknown to the storage). */
function chunked(bytes: Uint8Array): Readable {
  const size = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield Buffer.from(bytes.subarray(i, i + size));
    })(),
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
let localS3: LocalS3;

beforeAll(async () => {
  localS3 = await startLocalS3();
});
afterAll(async () => {
  await localS3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const drivers: [string, () => Promise<FileStorage>][] = [
  ['local disk', () => createFileStorage(loadConfig({ DATA_DIR: dataDir }))],
  [
    's3 (s3rver)',
    () => createFileStorage({ ...loadConfig({ DATA_DIR: dataDir }), storage: localS3.storage }),
  ],
];

describe.each(drivers)('FileStorage on %s', (_name, create) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await create();
  });

  it('stores bytes and reads them back', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 hello');
    await storage.put('documents/doc-1/original.pdf', bytes, { contentType: 'application/pdf' });
    expect(await storage.exists('documents/doc-1/original.pdf')).toBe(true);
    expect(Buffer.from(await storage.getBytes('documents/doc-1/original.pdf'))).toEqual(Buffer.from(bytes));
    const streamed = await readAll(await storage.getStream('documents/doc-1/original.pdf'));
    expect(streamed).toEqual(Buffer.from(bytes));
  });

  it('overwrites a key', async () => {
    await storage.put('documents/doc-2/final.pdf', new Uint8Array([1, 2, 3]));
    await storage.put('documents/doc-2/final.pdf', new Uint8Array([4, 5]));
    expect([...(await storage.getBytes('documents/doc-2/final.pdf'))]).toEqual([4, 5]);
  });

  it('streams a large file in and out unchanged', async () => {
    // Over the 5 MB part size, so S3 takes the multipart upload path.
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    await storage.put('uploads/big.bin', chunked(bytes), { contentType: 'application/octet-stream' });
    const back = await readAll(await storage.getStream('uploads/big.bin'));
    expect(back.length).toBe(bytes.length);
    expect(sha256(back)).toBe(sha256(bytes));
  });

  it('fails the write when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('uploads/broken.bin', failing)).rejects.toThrow();
  });

  it('says a missing file is missing', async () => {
    expect(await storage.exists('documents/nothing/here.pdf')).toBe(false);
    await expect(storage.getBytes('documents/nothing/here.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.getStream('documents/nothing/here.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('deletes, and deleting a missing file is no error', async () => {
    await storage.put('tmp/delete-me.txt', new Uint8Array([1]));
    await storage.delete('tmp/delete-me.txt');
    expect(await storage.exists('tmp/delete-me.txt')).toBe(false);
    await expect(storage.delete('tmp/delete-me.txt')).resolves.toBeUndefined();
  });

  it('moves a file to another key', async () => {
    await storage.put('staged/abc.pdf', new Uint8Array([7, 8, 9]));
    await storage.move('staged/abc.pdf', 'documents/doc-3/final.pdf');
    expect(await storage.exists('staged/abc.pdf')).toBe(false);
    expect([...(await storage.getBytes('documents/doc-3/final.pdf'))]).toEqual([7, 8, 9]);
    await expect(storage.move('staged/none.pdf', 'documents/x.pdf')).rejects.toBeInstanceOf(
      FileNotFoundError,
    );
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../secret', 'a/../../b', '/etc/passwd', 'a//b', 'a\\b', '', './a', 'a/', 'a b']) {
      await expect(storage.put(key, new Uint8Array([1])), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.getBytes(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('local disk storage', () => {
  it('keeps files under DATA_DIR/files', async () => {
    const storage = await createFileStorage(loadConfig({ DATA_DIR: dataDir }));
    await storage.put('documents/doc-9/final.pdf', new Uint8Array([42]));
    expect(fs.readFileSync(path.join(dataDir, 'files', 'documents', 'doc-9', 'final.pdf'))).toEqual(
      Buffer.from([42]),
    );
  });
});

describe('isValidStorageKey', () => {
  it('accepts plain relative keys only', () => {
    expect(isValidStorageKey('documents/7f3c-1/final.pdf')).toBe(true);
    expect(isValidStorageKey('staged/2026-01-01_a.b.pdf')).toBe(true);
    expect(isValidStorageKey('..')).toBe(false);
    expect(isValidStorageKey('a/.hidden')).toBe(false);
    expect(isValidStorageKey('C:/x')).toBe(false);
    expect(isValidStorageKey('a\u0000b')).toBe(false);
    expect(isValidStorageKey('x'.repeat(600))).toBe(false);
  });
});
