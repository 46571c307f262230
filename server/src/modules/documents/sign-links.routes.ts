import {
  ZHarvestCenterAttestationBody,
  ZHarvestCenterAttestationResponse,
  ZPatientSignedBody,
  ZPatientSignedResponse,
  ZSignLinkBody,
  ZSignLinkResponse,
  ZUpdateDocumentStatusQuery,
  ZUpdateDocumentStatusResponse,
} from '@portal/shared/documents';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { patientSignedDocument, updateDocumentStatuses } from './document-status.ts';
import { requestOrigin } from './documents-deps.ts';
import { accountAttestationLink, signLinkForDocument } from './embedded-signing.ts';
import { accountAttestation } from './list-documents.ts';

const tags = ['documents'];

/** Center-type accounts sign an attestation of their own (part 1 §4); admins for them. */
export const ATTESTATION_SIGNERS = [...ADMINS, MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff] as const;

/**
 * Signing from inside the portal: a document's signing link, the page's "signed" report, the status
 * refresh, and a center's own attestation (the public signing page is signing.routes.ts).
 */
export const signLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.documents;

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
};
