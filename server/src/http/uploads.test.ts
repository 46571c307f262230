import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { makeSignaturePng } from '../pdf-signing/testing/pdf-fixtures.ts';
import { createFileStorage, type FileStorage } from '../storage/file-storage.ts';
import { registerErrorHandler } from './error-handler.ts';
import { readPdfUpload, receiveFileUpload, registerUploads } from './uploads.ts';

const MB = 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-'));
const filesDir = path.join(dataDir, 'files');
let app: FastifyInstance;
let storage: FileStorage;

/** Every file under the storage root (what an upload left behind). */
function storedFiles(): string[] {
  if (!fs.existsSync(filesDir)) return [];
  return (fs.readdirSync(filesDir, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(filesDir, p)).isFile(),
  );
}

async function makePdf(extraBytes = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Agreement signed on paper', {
    font: await doc.embedFont(StandardFonts.Helvetica),
    x: 50,
    y: 700,
  });
  // Padding in the metadata makes the file as large as a test needs while it stays a PDF.
  if (extraBytes > 0) doc.setKeywords(['x'.repeat(extraBytes)]);
  return doc.save({ useObjectStreams: false });
}

type Part =
  | { name: string; value: string }
  | { name: string; file: Uint8Array; filename: string; type?: string };

async function postMultipart(parts: Part[], url = '/upload') {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part) {
      form.append(
        part.name,
        new Blob([Buffer.from(part.file)], { type: part.type ?? 'application/pdf' }),
        part.filename,
      );
    } else {
      form.append(part.name, part.value);
    }
  }
  const encoded = new Response(form);
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: dataDir, UPLOAD_MAX_MB: '5' });
  storage = await createFileStorage(config);
  app = Fastify({ logger: false });
  app.decorate('config', config);
  registerErrorHandler(app);
  await registerUploads(app);
  app.post('/upload', async (request) =>
    receiveFileUpload(request, storage, { keyPrefix: 'staged', maxBytes: MB }),
  );
  app.post('/read', async (request) => {
    const { bytes, ...rest } = await readPdfUpload(request, { maxBytes: MB });
    return { ...rest, length: bytes.length, head: Buffer.from(bytes.subarray(0, 5)).toString('latin1') };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('receiveFileUpload', () => {
  it('stores a PDF and answers its key, size and SHA-256, with the other fields', async () => {
    const pdf = await makePdf();
    const response = await postMultipart([
      { name: 'filename', value: 'consent.pdf' },
      { name: 'file', file: pdf, filename: '../../Signed consent.pdf' },
      { name: 'kind', value: 'processing' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      filename: 'Signed consent.pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      mime: 'application/pdf',
      fields: { filename: 'consent.pdf', kind: 'processing' },
    });
    expect(body.key).toMatch(/^staged\/[0-9a-f-]{36}\.pdf$/);
    expect(Buffer.from(await storage.getBytes(body.key))).toEqual(Buffer.from(pdf));
    await storage.delete(body.key);
  });

  it('refuses a PNG named .pdf and sent as application/pdf', async () => {
    const response = await postMultipart([{ name: 'file', file: makeSignaturePng(), filename: 'scan.pdf' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please choose a PDF file.' });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over the limit with 413 and keeps nothing of it', async () => {
    const big = await makePdf(Math.round(1.5 * MB));
    const response = await postMultipart([{ name: 'file', file: big, filename: 'big.pdf' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file is larger than 1 MB.' });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a request without a file', async () => {
    const onlyFields = await postMultipart([{ name: 'filename', value: 'consent.pdf' }]);
    expect(onlyFields.statusCode).toBe(400);
    expect(onlyFields.json()).toEqual({ message: 'Please choose a PDF file.' });

    const json = await app.inject({ method: 'POST', url: '/upload', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'Please choose a PDF file.' });

    const empty = await postMultipart([{ name: 'file', file: new Uint8Array(0), filename: 'empty.pdf' }]);
    expect(empty.statusCode).toBe(400);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file in another field, or two files, and keeps nothing', async () => {
    const pdf = await makePdf();
    const otherField = await postMultipart([{ name: 'document', file: pdf, filename: 'a.pdf' }]);
    expect(otherField.statusCode).toBe(400);

    const two = await postMultipart([
      { name: 'file', file: pdf, filename: 'a.pdf' },
      { name: 'file', file: pdf, filename: 'b.pdf' },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: 'Please send one file at a time.' });
    expect(storedFiles()).toEqual([]);
  });
});

describe('readPdfUpload', () => {
  it('reads a PDF into memory with the same checks, storing nothing', async () => {
    const pdf = await makePdf();
    const ok = await postMultipart([{ name: 'file', file: pdf, filename: 'final.pdf' }], '/read');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      filename: 'final.pdf',
      size: pdf.length,
      length: pdf.length,
      head: '%PDF-',
      sha256: createHash('sha256').update(pdf).digest('hex'),
      fields: {},
    });
    const png = await postMultipart([{ name: 'file', file: makeSignaturePng(), filename: 'x.pdf' }], '/read');
    expect(png.statusCode).toBe(400);
    const big = await postMultipart(
      [{ name: 'file', file: await makePdf(Math.round(1.5 * MB)), filename: 'b.pdf' }],
      '/read',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The file is larger than 1 MB.' });
    expect(storedFiles()).toEqual([]);
  });
});
