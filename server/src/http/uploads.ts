import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../errors/app-error.ts';
import type { FileStorage, StoredUpload } from '../storage/file-storage.ts';

export const UPLOAD_MESSAGES = {
  notPdf: 'Please choose a PDF file.',
  notImage: 'Please choose a PNG, JPEG or WebP image.',
  oneFile: 'Please send one file at a time.',
  malformed:
    'The upload is not a complete multipart/form-data body. Please choose the file and send it again.',
  tooLarge: (maxBytes: number) => `The file is larger than ${formatMegabytes(maxBytes)} MB.`,
} as const;

const PDF_MIME = 'application/pdf';
/** file-type recognises most formats within this many first bytes (a PDF within the first 4). */
const SNIFF_BYTES = 4100;
const MAX_FILENAME_LENGTH = 200;

function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/**
 * Multipart bodies for the routes that take files. Limits are per request (receiveFileUpload passes its
 * own file size); the defaults here bound what a client can send to any route: one file of at most
 * UPLOAD_MAX_MB, a few short fields.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: app.config.uploadMaxBytes,
      files: 2,
      fields: 20,
      fieldSize: 10_000,
      parts: 25,
      headerPairs: 100,
    },
    // A file over the limit is reported through `truncated` (answered 413 below), not as an error
    // in the middle of the parts.
    throwFileSizeLimit: false,
  });
}

/**
 * What the multipart parser (busboy, under @fastify/multipart) says about a body that is not well-formed
 * multipart: no or a bad boundary, a body cut off in a part's headers or content, or one that never
 * reaches its closing boundary. Plain Errors, told apart from storage failures by their text only;
 * server/test/upload-malformed.test.ts sends each kind of body, so a new wording fails there.
 */
const MALFORMED_MULTIPART_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^The needle cannot/, // an empty or over-long boundary
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
];

/** A parser error about the request body (the client's mistake: 400), not a failure of the server. */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError) return false;
  if ((error as { code?: string }).code === 'FST_MP_PREMATURE_CLOSE') return true;
  return MALFORMED_MULTIPART_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** The name a person gave the file, safe to show and store (no directories, no control characters). */
function cleanFilename(name: string | undefined): string {
  const base = path.basename((name ?? '').replaceAll('\\', '/'));
  const clean = [...base]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim();
  return (clean || 'document.pdf').slice(0, MAX_FILENAME_LENGTH);
}

/** Reads the first bytes of a stream without losing them: returns them and an iterator of the rest. */
async function readHead(
  iterator: AsyncIterator<Buffer>,
  minBytes: number,
): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < minBytes) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), ended: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), ended: false };
}

/** The head and the rest of a part as one buffer (for files kept in memory, bounded by busboy's limit). */
async function readWhole(head: Buffer, ended: boolean, rest: AsyncIterator<Buffer>): Promise<Buffer> {
  const chunks = [head];
  if (!ended) {
    for (let next = await rest.next(); !next.done; next = await rest.next()) chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/** Reads what is left of a part so the request can finish (busboy's limit bounds how much). */
async function discard(file: Readable): Promise<void> {
  file.resume();
  if (file.readableEnded || file.destroyed) return;
  await new Promise<void>((resolve) => {
    file.once('end', resolve);
    file.once('close', resolve);
    file.once('error', () => resolve());
  });
}

/**
 * Walks the multipart parts: fields are collected, the one part named `file` goes to `receive`, any
 * other file is refused. `undo` removes what `receive` kept when a later part fails. A body that is not
 * well-formed multipart is a 400 for every upload route here.
 */
async function receiveSingleFile<T>(
  request: FastifyRequest,
  maxBytes: number,
  receive: (part: MultipartFile) => Promise<T>,
  undo: (received: T) => Promise<void>,
  file: { fieldName: string; missing: string } = { fieldName: 'file', missing: UPLOAD_MESSAGES.notPdf },
): Promise<{ received: T; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest(file.missing);
  const fields: Record<string, string> = {};
  let received: { value: T } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      if (part.fieldname !== file.fieldName || received) {
        await discard(part.file);
        throw badRequest(received ? UPLOAD_MESSAGES.oneFile : file.missing);
      }
      received = { value: await receive(part) };
    }
  } catch (error) {
    if (received) await undo(received.value);
    throw isMalformedMultipart(error) ? badRequest(UPLOAD_MESSAGES.malformed) : error;
  }
  if (!received) throw badRequest(file.missing);
  return { received: received.value, fields };
}

/** What a route accepts: file types (by MIME, as read from the first bytes) and their stored extension. */
export type UploadTypes = { extensions: Record<string, string>; refusal: string };
const PDF_ONLY: UploadTypes = { extensions: { [PDF_MIME]: 'pdf' }, refusal: UPLOAD_MESSAGES.notPdf };

/** The first bytes of a part, checked to be one of `types` (400 otherwise), and an iterator of the rest. */
async function sniffType(
  part: MultipartFile,
  types: UploadTypes,
): Promise<{ head: Buffer; ended: boolean; rest: AsyncIterator<Buffer>; mime: string }> {
  const rest = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const { head, ended } = await readHead(rest, SNIFF_BYTES);
  const type = await fileTypeFromBuffer(head);
  if (!type || !(type.mime in types.extensions)) {
    await discard(part.file);
    throw badRequest(types.refusal);
  }
  return { head, ended, rest, mime: type.mime };
}

/**
 * Receives the multipart field `file` into `storage` at `${keyPrefix}/<random>.<ext>`, streaming it
 * (never held whole) while hashing it. The type comes from the first bytes, not the name: a PDF unless
 * `types` says otherwise. Other fields come back in `fields`. Throws AppError 400 (a refused type, no
 * file, several files) or 413 (over `maxBytes`); nothing stays in storage when it throws.
 */
export async function receiveFileUpload(
  request: FastifyRequest,
  storage: FileStorage,
  options: { keyPrefix: string; maxBytes: number; types?: UploadTypes },
): Promise<StoredUpload & { fields: Record<string, string> }> {
  const types = options.types ?? PDF_ONLY;
  const { received, fields } = await receiveSingleFile(
    request,
    options.maxBytes,
    (part) => storePart(part, storage, { ...options, types }),
    (stored) => storage.delete(stored.key),
    { fieldName: 'file', missing: types.refusal },
  );
  return { ...received, fields };
}

/**
 * The same checks as receiveFileUpload, but the PDF comes back in memory instead of going to storage:
 * for a file that is only looked at (the verification page), bounded by `maxBytes`.
 */
export async function readPdfUpload(
  request: FastifyRequest,
  options: { maxBytes: number },
): Promise<{
  bytes: Uint8Array;
  filename: string;
  size: number;
  sha256: string;
  fields: Record<string, string>;
}> {
  const { received, fields } = await receiveSingleFile(
    request,
    options.maxBytes,
    async (part) => {
      const { head, ended, rest } = await sniffType(part, PDF_ONLY);
      const bytes = await readWhole(head, ended, rest);
      if (part.file.truncated) throw new AppError(413, UPLOAD_MESSAGES.tooLarge(options.maxBytes));
      return {
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        filename: cleanFilename(part.filename),
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
    },
    async () => {},
  );
  return { ...received, fields };
}

/** Raster images a browser shows and sharp reads; SVG is refused (it can carry scripts). */
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * One image from the multipart field `fieldName`, in memory (bounded by `maxBytes`), its type read
 * from its first bytes (PNG, JPEG or WebP; anything else, SVG included, is a 400).
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: { fieldName: string; maxBytes: number },
): Promise<{ bytes: Buffer; mime: string; fields: Record<string, string> }> {
  const { received, fields } = await receiveSingleFile(
    request,
    options.maxBytes,
    async (part) => {
      const rest = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const { head, ended } = await readHead(rest, SNIFF_BYTES);
      const type = await fileTypeFromBuffer(head);
      if (!type || !IMAGE_MIMES.has(type.mime)) {
        await discard(part.file);
        throw badRequest(UPLOAD_MESSAGES.notImage, { [options.fieldName]: UPLOAD_MESSAGES.notImage });
      }
      const bytes = await readWhole(head, ended, rest);
      if (part.file.truncated) throw new AppError(413, UPLOAD_MESSAGES.tooLarge(options.maxBytes));
      return { bytes, mime: type.mime };
    },
    async () => {},
    { fieldName: options.fieldName, missing: UPLOAD_MESSAGES.notImage },
  );
  return { ...received, fields };
}

async function storePart(
  part: MultipartFile,
  storage: FileStorage,
  options: { keyPrefix: string; maxBytes: number; types: UploadTypes },
): Promise<StoredUpload> {
  const { head, ended, rest: iterator, mime } = await sniffType(part, options.types);
  const hash = createHash('sha256').update(head);
  let size = head.length;
  const body = Readable.from(
    (async function* () {
      yield head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        hash.update(next.value);
        size += next.value.length;
        yield next.value;
      }
    })(),
  );

  const key = `${options.keyPrefix.replace(/\/+$/, '')}/${randomUUID()}.${options.types.extensions[mime]}`;
  try {
    await storage.put(key, body, { contentType: mime });
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  if (part.file.truncated) {
    await storage.delete(key);
    throw new AppError(413, UPLOAD_MESSAGES.tooLarge(options.maxBytes));
  }
  return {
    key,
    filename: cleanFilename(part.filename),
    size,
    sha256: hash.digest('hex'),
    mime,
  };
}
