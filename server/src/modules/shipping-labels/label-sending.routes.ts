import { ZIdParams } from '@portal/shared/path-params';
import {
  ZLabelFileResponse,
  ZLabelNotificationResponse,
  ZLabelPatchBody,
  ZLabelUpdateBody,
  ZLabelUpdateResponse,
  ZSendLabelNotificationBody,
} from '@portal/shared/shipping-labels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { requestContext } from '../../http/request-context.ts';
import { stageUpload } from '../../http/staged-upload.ts';
import { sendLabelNotification, updateLabel } from './label-sending.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

const tags = ['shipping labels'];

/** The admin's side: the tracking number, link and label PDF of a request, and the label mail. */
export function labelSendingRoutes(deps: ShippingLabelDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
  };
}
