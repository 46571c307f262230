import type { FastifyReply } from 'fastify';
import { notFound } from '../errors/app-error.ts';
import { FileNotFoundError, type FileStorage } from '../storage/file-storage.ts';

/** What a media answer may do in the browser: be shown (also framed by our own pages), run nothing. */
export const MEDIA_CSP = "default-src 'none'; frame-ancestors 'self'";

/** What a file whose name is never reused (a logo's random name) may be cached as: for good. */
export const CACHE_FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * Streams a stored file to the client, shown inline under the media CSP; 404 with `missingMessage`
 * when the storage has no such file. Every /media route answers through this, after its access check.
 * `cacheControl` goes on the file found only: a 404 (a replaced logo, say) is sent with no-store, so no
 * browser or cache keeps "missing" for a name.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { key: string; filename: string; contentType: string; missingMessage: string; cacheControl?: string },
) {
  let stream: NodeJS.ReadableStream;
  try {
    stream = await storage.getStream(file.key);
  } catch (error) {
    if (error instanceof FileNotFoundError) {
      reply.header('cache-control', 'no-store');
      throw notFound(file.missingMessage);
    }
    throw error;
  }
  if (file.cacheControl) reply.header('cache-control', file.cacheControl);
  return reply
    .type(file.contentType)
    .header('content-disposition', `inline; filename="${file.filename.replaceAll('"', '')}"`)
    .header('content-security-policy', MEDIA_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .send(stream);
}
