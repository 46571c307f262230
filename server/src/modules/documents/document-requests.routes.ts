import { ZMessage } from '@portal/shared/auth';
import {
  ZDocument,
  ZDocumentPatchBody,
  ZProcessFileResponse,
  ZSendDocumentsBody,
  ZSendDocumentsResponse,
  ZSendPatientSignEmailBody,
  ZUploadDocumentsBody,
  ZUploadDocumentsResponse,
} from '@portal/shared/documents';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { stageUpload } from '../../http/staged-upload.ts';
import { deleteDocument, patchDocument } from './change-document.ts';
import { requestOrigin } from './documents-deps.ts';
import { resendSignEmail } from './resend-sign-email.ts';
import { sendDocuments } from './send-documents.ts';
import { uploadDocuments } from './upload-documents.ts';

const tags = ['documents'];

/** Harvest centers and admins request, upload and manage a patient's documents. */
const CENTERS_AND_ADMINS = [...ADMINS, MEMBERSHIP.harvestCenter] as const;

/**
 * A center's (or an admin's) work on a patient's documents: send them for signing, upload signed
 * paper, change or delete one, send its signing e-mail again.
 */
export const documentRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.documents;
  const centersAndAdmins = { access: CENTERS_AND_ADMINS };

  app.post(
    '/api/v1/documents/send/',
    {
      config: centersAndAdmins,
      schema: { tags, body: ZSendDocumentsBody, response: { 200: ZSendDocumentsResponse } },
    },
    async (request) => sendDocuments(deps(), requireActor(request), request.body, requestOrigin(request)),
  );

  // Stages one PDF under uploads/<caller>/ for upload/ (multipart: file, filename).
  app.post(
    '/api/v1/documents/process-file/',
    {
      config: centersAndAdmins,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        consumes: MULTIPART,
        body: z.object({
          file: zFormFile('The signed agreement (PDF)'),
          filename: z.string().max(200).optional(),
        }),
        response: { 200: ZProcessFileResponse },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const upload = await stageUpload(request, app, actor.id, { maxBytes: app.config.uploadMaxBytes });
      return { filename: upload.key };
    },
  );

  app.post(
    '/api/v1/documents/upload/',
    {
      config: centersAndAdmins,
      schema: { tags, body: ZUploadDocumentsBody, response: { 200: ZUploadDocumentsResponse } },
    },
    async (request) => uploadDocuments(deps(), requireActor(request), request.body, requestOrigin(request)),
  );

  app.patch(
    '/api/v1/documents/:id/',
    {
      config: centersAndAdmins,
      schema: { tags, params: ZIdParams, body: ZDocumentPatchBody, response: { 200: ZDocument } },
    },
    async (request) =>
      patchDocument(deps(), requireActor(request), request.params.id, request.body, requestOrigin(request)),
  );

  app.delete(
    '/api/v1/documents/:id/',
    {
      config: centersAndAdmins,
      schema: { tags, params: ZIdParams, response: { 200: ZMessage } },
    },
    async (request) =>
      deleteDocument(deps(), requireActor(request), request.params.id, requestOrigin(request)),
  );

  app.post(
    '/api/v1/utilities/send-patient-sign-email/',
    {
      config: centersAndAdmins,
      schema: { tags: ['utilities'], body: ZSendPatientSignEmailBody, response: { 200: ZMessage } },
    },
    async (request) =>
      resendSignEmail(deps(), requireActor(request), request.body.doc_id, requestOrigin(request)),
  );
};
