import { ZSignedFileQuery } from '@portal/shared/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { MEDIA_FILE_PATTERN } from '../../storage/media-folder.ts';
import { openLabelFile } from './label-files.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

const tags = ['shipping labels'];

/** A label PDF, for a session that may read it or a signed link. */
export function labelFilesRoutes(deps: ShippingLabelDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
        const { key, filename } = await openLabelFile(
          deps,
          request.actor,
          request.params.file,
          request.query,
        );
        return sendStoredFile(reply, app.storage, {
          key,
          filename,
          contentType: 'application/pdf',
          missingMessage: 'The file of this label is missing.',
        });
      },
    );
  };
}
