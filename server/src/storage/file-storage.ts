import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import type { AppConfig } from '../config/env.ts';
import { causeChain } from '../errors/cause-chain.ts';

/**
 * Where the portal keeps files (agreements, uploads; later labels, assets, logos). Keys are relative
 * paths such as `documents/<id>/final.pdf`; the same code runs on local disk and on S3-compatible storage.
 * Files are never public: routes read them through this interface after checking access.
 */
export interface FileStorage {
  put(
    key: string,
    contents: Uint8Array | NodeJS.ReadableStream,
    options?: { contentType?: string },
  ): Promise<void>;
  getBytes(key: string): Promise<Uint8Array>;
  /** Throws FileNotFoundError when absent (before any byte is read, so a route can answer 404). */
  getStream(key: string): Promise<NodeJS.ReadableStream>;
  exists(key: string): Promise<boolean>;
  /** No error when absent. */
  delete(key: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
  /** Every stored key, page by page (backups). */
  listKeys(): AsyncIterable<string>;
}

export class FileNotFoundError extends Error {
  readonly key: string;
  constructor(key: string, options?: ErrorOptions) {
    super(`No stored file at "${key}".`, options);
    this.name = 'FileNotFoundError';
    this.key = key;
  }
}

/** A key that could escape the storage root or that no driver stores the same way. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key "${key.slice(0, 200)}".`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/**
 * Relative, slash-separated, plain letters, digits, `.`, `_` and `-`: no `..`, no absolute path, no
 * backslash, no empty segment. The same key then means the same file on disk and in a bucket.
 */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment) && segment !== '..');
}

function checkedKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

/** Whether a driver error (wrapped by flydrive as its cause) says the object does not exist. */
function isMissingObjectError(error: unknown): boolean {
  return causeChain(error).some((e) => {
    const candidate = e as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
    return (
      candidate.code === 'ENOENT' ||
      candidate.name === 'NoSuchKey' ||
      candidate.name === 'NotFound' ||
      candidate.$metadata?.httpStatusCode === 404
    );
  });
}

function toReadable(stream: NodeJS.ReadableStream): Readable {
  return stream instanceof Readable ? stream : new Readable().wrap(stream);
}

/** The portal's FileStorage over a flydrive Disk (any driver). */
export class DiskFileStorage implements FileStorage {
  readonly disk: Disk;

  constructor(disk: Disk) {
    this.disk = disk;
  }

  async put(
    key: string,
    contents: Uint8Array | NodeJS.ReadableStream,
    options: { contentType?: string } = {},
  ): Promise<void> {
    const k = checkedKey(key);
    const writeOptions = options.contentType ? { contentType: options.contentType } : {};
    if (contents instanceof Uint8Array) {
      await this.disk.put(k, contents, writeOptions);
    } else {
      await this.disk.putStream(k, toReadable(contents), writeOptions);
    }
  }

  async getBytes(key: string): Promise<Uint8Array> {
    const k = checkedKey(key);
    try {
      return await this.disk.getBytes(k);
    } catch (error) {
      throw isMissingObjectError(error) ? new FileNotFoundError(k, { cause: error }) : error;
    }
  }

  async getStream(key: string): Promise<NodeJS.ReadableStream> {
    const k = checkedKey(key);
    try {
      const stream = await this.disk.getStream(k);
      // The local driver opens the file lazily: wait for it, so a missing file is an error here and not
      // in the middle of a response.
      if (stream instanceof fs.ReadStream) await once(stream, 'ready');
      return stream;
    } catch (error) {
      throw isMissingObjectError(error) ? new FileNotFoundError(k, { cause: error }) : error;
    }
  }

  exists(key: string): Promise<boolean> {
    return this.disk.exists(checkedKey(key));
  }

  delete(key: string): Promise<void> {
    return this.disk.delete(checkedKey(key));
  }

  async *listKeys(): AsyncIterable<string> {
    let paginationToken: string | undefined;
    do {
      let page: Awaited<ReturnType<Disk['listAll']>>;
      try {
        page = await this.disk.listAll('', { recursive: true, paginationToken });
      } catch (error) {
        if (isMissingObjectError(error)) return; // a local folder not made yet: nothing stored
        throw error;
      }
      for (const object of page.objects) if (object.isFile) yield object.key;
      paginationToken = page.paginationToken;
    } while (paginationToken);
  }

  async move(from: string, to: string): Promise<void> {
    const source = checkedKey(from);
    const destination = checkedKey(to);
    try {
      await this.disk.move(source, destination);
    } catch (error) {
      throw isMissingObjectError(error) ? new FileNotFoundError(source, { cause: error }) : error;
    }
  }
}

/** The SHA-256 of a stored file, read as a stream (never held whole). */
export async function storedSha256(storage: FileStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of (await storage.getStream(key)) as AsyncIterable<Buffer | string>)
    hash.update(chunk);
  return hash.digest('hex');
}

/**
 * Local disk under `DATA_DIR/files` by default; an S3-compatible bucket when STORAGE_DRIVER=s3 (the AWS
 * SDK is loaded only then: tens of megabytes a local-disk process need not hold).
 */
export async function createFileStorage(config: AppConfig): Promise<FileStorage> {
  if (config.storage.driver === 's3') {
    const { createS3Driver } = await import('./s3-driver.ts');
    return new DiskFileStorage(new Disk(createS3Driver(config.storage)));
  }
  return new DiskFileStorage(
    new Disk(new FSDriver({ location: path.join(config.dataDir, 'files'), visibility: 'private' })),
  );
}

/** A file received from a client and kept in the storage. */
export type StoredUpload = { key: string; filename: string; size: number; sha256: string; mime: string };
