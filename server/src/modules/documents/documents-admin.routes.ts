import { ZDocumentListQuery, ZDocumentPage, ZDocumentTemplate } from '@portal/shared/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMINS, PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { auditListing } from '../../http/listing-audit.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { receiveFileUpload } from '../../http/uploads.ts';
import { adminDocuments, documentPatientIds } from './list-documents.ts';
import { createTemplate, listTemplatesJson, TEMPLATE_KEY_PREFIX } from './templates.ts';

/** The admin's documents lists (/documents/patients, /documents/harvest-centers) and templates. */
export const documentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const admins = { access: ADMINS };
  // The agreement templates are the whole portal's.
  const portalAdmins = { access: PORTAL_ADMINS };

  app.get(
    '/api/admin/documents/',
    { config: admins, schema: { tags, querystring: ZDocumentListQuery, response: { 200: ZDocumentPage } } },
    async (request) =>
      auditListing(
        app.db,
        request,
        'document.listed',
        await adminDocuments(app.documents, requireActor(request), request.query),
        documentPatientIds,
      ),
  );

  app.get(
    '/api/admin/document-templates/',
    { config: portalAdmins, schema: { tags, response: { 200: z.array(ZDocumentTemplate) } } },
    async () => listTemplatesJson(app.documents),
  );

  app.post(
    '/api/admin/document-templates/',
    {
      config: portalAdmins,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        consumes: MULTIPART,
        body: z.object({
          kind: z.enum(['attestation', 'processing', 'storage']),
          file: zFormFile('The agreement text as a PDF; it replaces the built-in text for new requests'),
          name: z.string().max(200).optional(),
          provider_template_id: z.string().max(100).optional(),
        }),
        response: { 201: ZDocumentTemplate },
      },
    },
    async (request, reply) => {
      const upload = await receiveFileUpload(request, app.storage, {
        keyPrefix: TEMPLATE_KEY_PREFIX,
        maxBytes: app.config.uploadMaxBytes,
      });
      return reply.status(201).send(await createTemplate(app.documents, requireActor(request), upload));
    },
  );
};
