import type { FastifyReply } from 'fastify';
import { notFound } from '../errors/app-error.ts';
import { FileNotFoundError, type FileStorage } from '../storage/file-storage.ts';

/** What a media answer may do in the browser: be shown (also framed by our own pages), run nothing. */
export const MEDIA_CSP = "default-src 'none'; frame-ancestors 'self'";

/**
 * Streams a stored file to the client, shown inline under the media CSP; 404 with `missingMessage`
 * when the storage has no such file. Every /media route answers through this, after its access check.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { key: string; filename: string; contentType: string; missingMessage: string },
) {
  let stream: NodeJS.ReadableStream;
  try {
    stream = await storage.getStream(file.key);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw notFound(file.missingMessage);
    throw error;
  }
  return reply
    .type(file.contentType)
    .header('content-disposition', `inline; filename="${file.filename.replaceAll('"', '')}"`)
    .header('content-security-policy', MEDIA_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .send(stream);
}
