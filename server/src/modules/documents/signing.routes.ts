import {
  ZEmbeddedSigningBody,
  ZSignBody,
  ZSignedMediaQuery,
  ZSigningLinkBody,
  ZSigningSession,
  ZSignLinkResponse,
  ZSignResponse,
  ZTemplateFromDocumentQuery,
  ZTemplateFromDocumentResponse,
  ZVerifyResponse,
} from '@portal/shared/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { readPdfUpload } from '../../http/uploads.ts';
import { requestOrigin } from './documents-deps.ts';
import { embeddedSigning, templateFromCompletedAttestation } from './embedded-signing.ts';
import { openDocumentFile } from './media.ts';
import { openSigningSession, signDocument } from './sign-document.ts';
import { verifyDocument } from './verify-document.ts';

/**
 * The public side of signing: the signing page (its link's token is the credential), the HC
 * sign-up's embedded signing (POST/GET auth/boldsign/, answered by the built-in service),
 * verification, and the files behind media/ (a session or a signed URL).
 */
export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['signing'];
  const open = { access: 'public' as const };

  app.post(
    '/api/v1/signing/session/',
    { config: open, schema: { tags, body: ZSigningLinkBody, response: { 200: ZSigningSession } } },
    async (request) => openSigningSession(app.documents, request.body, requestOrigin(request)),
  );

  app.post(
    '/api/v1/signing/sign/',
    // A drawn signature is a PNG data URL of up to 400 kB.
    {
      config: open,
      bodyLimit: 1024 * 1024,
      schema: { tags, body: ZSignBody, response: { 200: ZSignResponse } },
    },
    async (request) => signDocument(app.documents, request.body, requestOrigin(request)),
  );

  app.post(
    '/api/v1/documents/verify/',
    {
      config: open,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        consumes: MULTIPART,
        body: z.object({ file: zFormFile('The PDF to check') }),
        response: { 200: ZVerifyResponse },
      },
    },
    async (request) => {
      // Only looked at, never kept: the file stays in memory (bounded by the upload limit).
      const { bytes } = await readPdfUpload(request, { maxBytes: app.config.uploadMaxBytes });
      return verifyDocument(app.documents, bytes);
    },
  );

  app.post(
    '/auth/boldsign/',
    { config: open, schema: { tags, body: ZEmbeddedSigningBody, response: { 200: ZSignLinkResponse } } },
    async (request) => embeddedSigning(app.documents, request.actor, request.body, requestOrigin(request)),
  );

  app.get(
    '/auth/boldsign/',
    {
      config: open,
      schema: {
        tags,
        querystring: ZTemplateFromDocumentQuery,
        response: { 200: ZTemplateFromDocumentResponse },
      },
    },
    async (request) => templateFromCompletedAttestation(app.documents, request.actor, request.query),
  );

  app.get(
    '/media/:documentId.pdf',
    {
      config: open,
      schema: {
        tags,
        summary: 'The PDF of a document (application/pdf): with a session that may see it, or a signed URL',
        params: z.object({ documentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a document id') }),
        querystring: ZSignedMediaQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { key, filename } = await openDocumentFile(
        app.documents,
        request.actor,
        request.params.documentId,
        request.query,
        { ip: request.ip },
      );
      return sendStoredFile(reply, app.storage, {
        key,
        filename,
        contentType: 'application/pdf',
        missingMessage: 'The file of this document is missing.',
      });
    },
  );
};
