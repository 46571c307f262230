import { ZDocumentListQuery, ZDocumentPage, ZPatientDocumentsResponse } from '@portal/shared/documents';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { auditListing } from '../../http/listing-audit.ts';
import { centerDocuments, documentPatientIds, patientDocuments } from './list-documents.ts';
import { ATTESTATION_SIGNERS } from './sign-links.routes.ts';

const tags = ['documents'];

/** Who reads a patient's agreements at all (documents.policy.ts narrows each to its own). */
const PATIENT_DOCUMENT_READERS = [
  ...ADMINS,
  MEMBERSHIP.patient,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.hcStaff,
  MEMBERSHIP.lab,
  MEMBERSHIP.labRouteAccess,
] as const;

/** A patient's documents and a center's; each listing is on the audit trail (decision 028). */
export const documentListsRoutes: FastifyPluginAsyncZod = async (app) => {
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

  // The accounts that sign a center's attestation read its documents.
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
};
