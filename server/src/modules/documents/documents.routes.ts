import { ZMessage } from '@portal/shared/auth';
import {
  ZDocument,
  ZDocumentListQuery,
  ZDocumentPage,
  ZDocumentPatchBody,
  ZHarvestCenterAttestationBody,
  ZHarvestCenterAttestationResponse,
  ZPatientDocumentsResponse,
  ZPatientSignedBody,
  ZPatientSignedResponse,
  ZProcessFileResponse,
  ZSendDocumentsBody,
  ZSendDocumentsResponse,
  ZSendPatientSignEmailBody,
  ZSignLinkBody,
  ZSignLinkResponse,
  ZUpdateDocumentStatusQuery,
  ZUpdateDocumentStatusResponse,
  ZUploadDocumentsBody,
  ZUploadDocumentsResponse,
} from '@portal/shared/documents';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { auditListing } from '../../http/listing-audit.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { stageUpload } from '../../http/staged-upload.ts';
import { deleteDocument, patchDocument } from './change-document.ts';
import { patientSignedDocument, updateDocumentStatuses } from './document-status.ts';
import { requestOrigin } from './documents-deps.ts';
import { accountAttestationLink, signLinkForDocument } from './embedded-signing.ts';
import {
  accountAttestation,
  centerDocuments,
  documentPatientIds,
  patientDocuments,
} from './list-documents.ts';
import { resendSignEmail } from './resend-sign-email.ts';
import { sendDocuments } from './send-documents.ts';
import { uploadDocuments } from './upload-documents.ts';

/** Harvest centers and admins request, upload and manage a patient's documents. */
const CENTERS_AND_ADMINS = [...ADMINS, MEMBERSHIP.harvestCenter] as const;
/** Center-type accounts sign an attestation of their own (part 1 §4); admins for them. */
const ATTESTATION_SIGNERS = [...ADMINS, MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff] as const;
/** Who reads a patient's agreements at all (documents.policy.ts narrows each to its own). */
const PATIENT_DOCUMENT_READERS = [
  ...ADMINS,
  MEMBERSHIP.patient,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.hcStaff,
  MEMBERSHIP.lab,
  MEMBERSHIP.labRouteAccess,
] as const;

/** Part 1 §7 Documents, for signed-in users (docs/decisions/018-documents-and-e-signature.md). */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const deps = () => app.documents;

  app.get(
    '/api/v1/documents/list/:id/',
    {
      config: { access: PATIENT_DOCUMENT_READERS },
      schema: { tags, params: ZIdParams, response: { 200: ZPatientDocumentsResponse } },
    },
    async (request) =>
      auditListing(
        app.db,
        request,
        'document.listed',
        await patientDocuments(deps(), requireActor(request), request.params.id),
        () => [request.params.id],
      ),
  );

  app.get(
    '/api/v1/harvest-centers/:id/documentList/',
    {
      config: { access: ATTESTATION_SIGNERS },
      schema: { tags, params: ZIdParams, querystring: ZDocumentListQuery, response: { 200: ZDocumentPage } },
    },
    async (request) =>
      auditListing(
        app.db,
        request,
        'document.listed',
        await centerDocuments(deps(), requireActor(request), request.params.id, request.query),
        documentPatientIds,
      ),
  );

  app.post(
    '/api/v1/documents/send/',
    {
      config: { access: CENTERS_AND_ADMINS },
      schema: { tags, body: ZSendDocumentsBody, response: { 200: ZSendDocumentsResponse } },
    },
    async (request) => sendDocuments(deps(), requireActor(request), request.body, requestOrigin(request)),
  );

  // Stages one PDF under uploads/<caller>/ for upload/ (multipart: file, filename).
  app.post(
    '/api/v1/documents/process-file/',
    {
      config: { access: CENTERS_AND_ADMINS },
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
      config: { access: CENTERS_AND_ADMINS },
      schema: { tags, body: ZUploadDocumentsBody, response: { 200: ZUploadDocumentsResponse } },
    },
    async (request) => uploadDocuments(deps(), requireActor(request), request.body, requestOrigin(request)),
  );

  app.post(
    '/api/v1/documents/sign-link-patient/',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: ZSignLinkBody, response: { 200: ZSignLinkResponse } },
    },
    async (request) => signLinkForDocument(deps(), requireActor(request), request.body.docId),
  );

  app.post(
    '/api/v1/documents/patient-signed-document/',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: ZPatientSignedBody, response: { 200: ZPatientSignedResponse } },
    },
    async (request) => patientSignedDocument(deps(), requireActor(request), request.body.documentId),
  );

  app.post(
    '/api/v1/documents/harvest-center/attestation/',
    {
      config: { access: ATTESTATION_SIGNERS },
      schema: { tags, body: ZHarvestCenterAttestationBody, response: { 200: ZSignLinkResponse } },
    },
    async (request) =>
      accountAttestationLink(
        deps(),
        requireActor(request),
        request.body.harvest_center_id,
        requestOrigin(request),
      ),
  );

  app.get(
    '/api/v1/documents/harvest-center/:id/attestation/',
    {
      config: { access: ATTESTATION_SIGNERS },
      schema: { tags, params: ZIdParams, response: { 200: ZHarvestCenterAttestationResponse } },
    },
    async (request) => accountAttestation(deps(), requireActor(request), request.params.id),
  );

  app.patch(
    '/api/v1/documents/:id/',
    {
      config: { access: CENTERS_AND_ADMINS },
      schema: { tags, params: ZIdParams, body: ZDocumentPatchBody, response: { 200: ZDocument } },
    },
    async (request) =>
      patchDocument(deps(), requireActor(request), request.params.id, request.body, requestOrigin(request)),
  );

  app.delete(
    '/api/v1/documents/:id/',
    {
      config: { access: CENTERS_AND_ADMINS },
      schema: { tags, params: ZIdParams, response: { 200: ZMessage } },
    },
    async (request) =>
      deleteDocument(deps(), requireActor(request), request.params.id, requestOrigin(request)),
  );

  app.get(
    '/api/v1/utilities/update-document-status/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['utilities'],
        querystring: ZUpdateDocumentStatusQuery,
        response: { 200: ZUpdateDocumentStatusResponse },
      },
    },
    async (request) => updateDocumentStatuses(deps(), requireActor(request), request.query.documentId),
  );

  app.post(
    '/api/v1/utilities/send-patient-sign-email/',
    {
      config: { access: CENTERS_AND_ADMINS },
      schema: { tags: ['utilities'], body: ZSendPatientSignEmailBody, response: { 200: ZMessage } },
    },
    async (request) =>
      resendSignEmail(deps(), requireActor(request), request.body.doc_id, requestOrigin(request)),
  );
};
