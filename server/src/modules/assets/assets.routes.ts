import {
  ZAsset,
  ZAssetBody,
  ZAssetPage,
  ZAssetPatchBody,
  ZAssetQuery,
  ZAssetSaved,
  ZAssetSectionBody,
} from '@portal/shared/assets';
import { ZMessage } from '@portal/shared/auth';
import { ZSignedFileQuery } from '@portal/shared/documents';
import { ZIdParams } from '@portal/shared/path-params';
import { zUrlInteger } from '@portal/shared/url-integers';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { requestContext } from '../../http/request-context.ts';
import { stageUpload } from '../../http/staged-upload.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { MEDIA_FILE_PATTERN } from '../../storage/media-folder.ts';
import { ASSET_FILE_TYPES } from './asset-files.ts';
import {
  type AssetsDeps,
  createAsset,
  deleteAsset,
  getAsset,
  listAssets,
  listMembershipAssets,
  listSectionAssets,
  openAssetFile,
  updateAsset,
} from './assets.service.ts';

const tags = ['assets'];
const ZMembershipParams = z.object({ id: zUrlInteger(1, 99) });

function assetsDeps(app: FastifyInstance): AssetsDeps {
  return { db: app.db, storage: app.storage, mediaSecret: () => app.sealKeys.mediaSecret() };
}

/** Assets and the resource center (part 2 §7 Assets): admins manage them; each account type reads its own. */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = assetsDeps(app);

  app.get(
    '/api/admin/assets/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, querystring: ZAssetQuery, response: { 200: ZAssetPage } },
    },
    async (request) => listAssets(deps, request.query),
  );

  app.get(
    '/api/v1/assets/subscription/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The resource center of an account type (its own users and admins)',
        params: ZMembershipParams,
        querystring: ZAssetQuery,
        response: { 200: ZAssetPage },
      },
    },
    async (request) => listMembershipAssets(deps, requireActor(request), request.params.id, request.query),
  );

  app.post(
    '/api/v1/assets/subscription/:id/section/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The assets the resource panel suggests on a page (the body's url) for an account type",
        params: ZMembershipParams,
        body: ZAssetSectionBody,
        response: { 200: z.array(ZAsset) },
      },
    },
    async (request) => listSectionAssets(deps, requireActor(request), request.params.id, request.body.url),
  );

  app.post(
    '/api/v1/assets/',
    { config: { access: PORTAL_ADMINS }, schema: { tags, body: ZAssetBody, response: { 201: ZAssetSaved } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createAsset(deps, requireActor(request), request.body, requestContext(request))),
  );

  app.get(
    '/api/v1/assets/:id/',
    { config: { access: 'signed-in' }, schema: { tags, params: ZIdParams, response: { 200: ZAsset } } },
    async (request) => getAsset(deps, requireActor(request), request.params.id),
  );

  app.patch(
    '/api/v1/assets/:id/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags, params: ZIdParams, body: ZAssetPatchBody, response: { 200: ZAssetSaved } },
    },
    async (request) =>
      updateAsset(deps, requireActor(request), request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    '/api/v1/assets/:id/',
    { config: { access: PORTAL_ADMINS }, schema: { tags, params: ZIdParams, response: { 200: ZMessage } } },
    async (request) => deleteAsset(deps, requireActor(request), request.params.id, requestContext(request)),
  );

  // Stages one file (PDF, image, MP4, Office; checked by its first bytes) for the form's tmp_file.
  app.post(
    '/api/v1/assets/process-file/',
    {
      config: { access: PORTAL_ADMINS },
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        consumes: MULTIPART,
        body: z.object({ file: zFormFile('The asset file') }),
        response: { 200: z.object({ filename: z.string(), content_type: z.string() }) },
      },
    },
    async (request) => {
      const upload = await stageUpload(request, app, requireActor(request).id, {
        maxBytes: app.config.uploadMaxBytes,
        types: ASSET_FILE_TYPES,
      });
      return { filename: upload.key, content_type: upload.mime };
    },
  );

  app.get(
    '/media/assets/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An asset file: with a session of an account type it is aimed at, an admin, or a signed URL',
        params: z.object({ file: z.string().regex(MEDIA_FILE_PATTERN, 'Not an asset file') }),
        querystring: ZSignedFileQuery,
      },
    },
    async (request, reply) => {
      const { key, contentType } = await openAssetFile(
        deps,
        request.actor,
        request.params.file,
        request.query,
      );
      return sendStoredFile(reply, app.storage, {
        key,
        filename: request.params.file,
        contentType,
        missingMessage: 'The file of this asset is missing.',
      });
    },
  );
};
