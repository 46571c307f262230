import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

type DownloadBody = Uint8Array | Readable | AsyncIterable<string | Uint8Array>;

/** `users-2026-11-25.csv`: an export's name with the day it was made. */
export function datedFileName(prefix: string, extension: string): string {
  return `${prefix}-${new Date().toISOString().slice(0, 10)}.${extension}`;
}

/**
 * A file answered as a download (exports, receipts, printouts): personal data, so never cached. A
 * stream that breaks after the first bytes cannot become an error answer any more: it is logged.
 */
export function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { contentType: string; fileName: string; body: DownloadBody },
) {
  let body: Buffer | Readable;
  if (file.body instanceof Uint8Array) {
    body = Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength);
  } else {
    body = file.body instanceof Readable ? file.body : Readable.from(file.body);
    body.on('error', (err) => request.log.error({ err, file: file.fileName }, 'download failed mid-stream'));
  }
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
