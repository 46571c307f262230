import { ZSignedFileQuery } from '@portal/shared/documents';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  ZCarrierStatus,
  ZLabelFileResponse,
  ZLabelNotificationResponse,
  ZLabelPatchBody,
  ZLabelRequest,
  ZLabelRequestBody,
  ZLabelRequestCreated,
  ZLabelRequestPage,
  ZLabelRequestQuery,
  ZLabelUpdateBody,
  ZLabelUpdateResponse,
  ZSendLabelNotificationBody,
} from '@portal/shared/shipping-labels';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { requestContext } from '../../http/request-context.ts';
import { stageUpload } from '../../http/staged-upload.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { MEDIA_FILE_PATTERN } from '../../storage/media-folder.ts';
import { createCarrier } from './carrier/create-carrier.ts';
import {
  createCarrierLabel,
  createLabelRequest,
  getLabelRequest,
  listLabelRequests,
  openLabelFile,
  type ShippingLabelDeps,
  sendLabelNotification,
  updateLabel,
} from './shipping-labels.service.ts';

const tags = ['shipping labels'];
/** Part 2 §6: harvest centers (4 and their staff 9) and RHCs request labels; admins handle them. */
const REQUESTERS = [
  ...ADMINS,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.hcStaff,
  MEMBERSHIP.referralHarvestCenter,
] as const;

export function shippingLabelDeps(app: FastifyInstance): ShippingLabelDeps {
  return {
    db: app.db,
    storage: app.storage,
    mediaSecret: () => app.documents.seal.mediaSecret(),
    wakeMail: () => app.mailWorker.wake(),
  };
}

/** Shipping labels (part 2 §7): requests by centers, tracking and label files by admins, the label mail. */
export const shippingLabelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { ...shippingLabelDeps(app), carrier: createCarrier(app.config.carrier) };

  app.get(
    '/api/v1/fedex-requests/carrier/',
    { config: { access: ADMINS }, schema: { tags, response: { 200: ZCarrierStatus } } },
    async () => ({ enabled: deps.carrier !== null, name: deps.carrier?.name ?? '' }),
  );

  app.post(
    '/api/v1/fedex-requests/:id/create-label/',
    {
      config: { access: ADMINS },
      schema: {
        tags,
        summary:
          'Makes the shipment with the configured carrier and saves its label, tracking number and link',
        params: ZIdParams,
        response: { 200: ZLabelUpdateResponse },
      },
    },
    async (request) =>
      createCarrierLabel(deps, requireActor(request), request.params.id, requestContext(request)),
  );

  app.post(
    '/api/v1/fedex-requests/',
    {
      config: { access: REQUESTERS },
      schema: { tags, body: ZLabelRequestBody, response: { 201: ZLabelRequestCreated } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createLabelRequest(deps, requireActor(request), request.body, requestContext(request))),
  );

  app.get(
    '/api/admin/fedex-requests/',
    {
      config: { access: ADMINS },
      schema: { tags, querystring: ZLabelRequestQuery, response: { 200: ZLabelRequestPage } },
    },
    async (request) => listLabelRequests(deps, requireActor(request), request.query),
  );

  app.get(
    '/api/v1/fedex-requests/:id/',
    {
      config: { access: REQUESTERS },
      schema: { tags, params: ZIdParams, response: { 200: ZLabelRequest } },
    },
    async (request) => getLabelRequest(deps, requireActor(request), request.params.id),
  );

  for (const notify of [false, true]) {
    app[notify ? 'post' : 'patch'](
      notify ? '/api/v1/fedex-requests/update-sent-notification/:id/' : '/api/v1/fedex-requests/:id/',
      {
        config: { access: ADMINS },
        schema: {
          tags,
          summary: notify
            ? 'Saves the tracking number, link and label, then mails the label to the center'
            : 'Saves the tracking number, link and label (pdf_file: the key process-file/ answered)',
          params: ZIdParams,
          // The POST mails the label, so it takes the whole form; the PATCH what it names.
          body: notify ? ZLabelUpdateBody : ZLabelPatchBody,
          response: { 200: ZLabelUpdateResponse },
        },
      },
      async (request) => {
        const saved = await updateLabel(
          deps,
          requireActor(request),
          request.params.id,
          request.body,
          { notify },
          requestContext(request),
        );
        return notify ? { ...saved, code: 'Success' as const } : saved;
      },
    );
  }

  app.post(
    '/api/v1/fedex-requests/send-notification/',
    {
      config: { access: ADMINS },
      schema: { tags, body: ZSendLabelNotificationBody, response: { 200: ZLabelNotificationResponse } },
    },
    async (request) =>
      sendLabelNotification(deps, requireActor(request), request.body.fedex_id, requestContext(request)),
  );

  // Stages one label PDF (checked by its first bytes, bounded in size) for pdf_file.
  app.post(
    '/api/v1/fedex-requests/process-file/',
    {
      config: { access: ADMINS },
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        consumes: MULTIPART,
        body: z.object({ file: zFormFile('The label (PDF)') }),
        response: { 200: ZLabelFileResponse },
      },
    },
    async (request) => {
      const upload = await stageUpload(request, app, requireActor(request).id, {
        maxBytes: app.config.uploadMaxBytes,
      });
      return { filename: upload.key };
    },
  );

  app.get(
    '/media/fedex-label/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A label PDF: with a session of its center, its staff or an admin, or a signed URL',
        params: z.object({ file: z.string().regex(MEDIA_FILE_PATTERN, 'Not a label file') }),
        querystring: ZSignedFileQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { key, filename } = await openLabelFile(deps, request.actor, request.params.file, request.query);
      return sendStoredFile(reply, app.storage, {
        key,
        filename,
        contentType: 'application/pdf',
        missingMessage: 'The file of this label is missing.',
      });
    },
  );
};
