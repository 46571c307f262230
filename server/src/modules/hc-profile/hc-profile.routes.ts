import { HC_LOGO_FIELD, HC_LOGO_MAX_MEGABYTES, ZHcLogoResponse } from '@portal/shared/hc-profile';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors/app-error.ts';
import { ADMINS, requireActor } from '../../http/access.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { requestContext } from '../../http/request-context.ts';
import { CACHE_FOR_GOOD, sendStoredFile } from '../../http/stored-file-reply.ts';
import { readImageUpload } from '../../http/uploads.ts';
import { MEDIA_FILE_PATTERN } from '../../storage/media-folder.ts';
import { CENTER_LOGOS } from '../accounts/center-logo.ts';
import { setHarvestCenterLogo } from './hc-logo.ts';

const tags = ['hc profile'];

/** The HC profile's logo (part 2 §2 /hc-profile, §7). */
export const hcProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/utilities/upload-hc-logo/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.harvestCenter] },
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: "Sets a harvest center's logo: PNG, JPEG or WebP (SVG refused), resized to fit 512×512",
        consumes: MULTIPART,
        body: z.object({
          [HC_LOGO_FIELD]: zFormFile('The logo image'),
          harvest_center_id: z.string().optional().meta({ description: 'Admins: whose logo' }),
        }),
        response: { 200: ZHcLogoResponse },
      },
    },
    async (request) => {
      const upload = await readImageUpload(request, {
        fieldName: HC_LOGO_FIELD,
        maxBytes: HC_LOGO_MAX_MEGABYTES * 1024 * 1024,
      });
      const raw = upload.fields.harvest_center_id;
      if (raw !== undefined && !/^[1-9]\d{0,9}$/.test(raw)) {
        throw badRequest('Not a harvest center id', { harvest_center_id: 'Not a harvest center id' });
      }
      return setHarvestCenterLogo(
        app,
        requireActor(request),
        { bytes: upload.bytes, harvestCenterId: raw === undefined ? undefined : Number(raw) },
        requestContext(request),
      );
    },
  );

  // A logo is a center's public face (its header, its papers): no session needed. Names are random and
  // never reused, so a browser may keep one for good.
  app.get(
    '/media/hc-logos/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A harvest center's logo (image/png)",
        params: z.object({ file: z.string().regex(MEDIA_FILE_PATTERN, 'Not a logo file') }),
        produces: ['image/png'],
      },
    },
    async (request, reply) => {
      return sendStoredFile(reply, app.storage, {
        key: CENTER_LOGOS.keyOfFile(request.params.file),
        filename: request.params.file,
        contentType: 'image/png',
        missingMessage: 'Logo not found.',
        // The file found only: a replaced logo's 404 is sent with no-store.
        cacheControl: CACHE_FOR_GOOD,
      });
    },
  );
};
