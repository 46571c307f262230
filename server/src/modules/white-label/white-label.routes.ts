import { ZIdParams } from '@portal/shared/path-params';
import {
  SERVER_STEPS,
  WHITE_LABEL_LOGO_FIELD,
  WHITE_LABEL_LOGO_MAX_MEGABYTES,
  ZServerStepResult,
  ZWhiteLabelAdminBody,
  ZWhiteLabelAdminCreated,
  ZWhiteLabelConfigFields,
  ZWhiteLabelCreated,
  ZWhiteLabelDomainBody,
  ZWhiteLabelList,
  ZWhiteLabelSaved,
} from '@portal/shared/white-label';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, parseInput } from '../../errors/app-error.ts';
import { PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { requestContext } from '../../http/request-context.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { readImageUpload } from '../../http/uploads.ts';
import { domainFileKey } from '../../storage/domain-files.ts';
import { MEDIA_FILE_PATTERN } from '../../storage/media-folder.ts';
import { DOMAIN_CHECK_PATH } from './domain-checks.ts';
import {
  checkTokenOf,
  createWhiteLabelAdmin,
  createWhiteLabelDomain,
  isCertificateAllowed,
  listWhiteLabelDomains,
  runServerStep,
  saveWhiteLabelConfig,
  type WhiteLabelDeps,
} from './white-label.service.ts';

const tags = ['white label'];
const portalAdmins = { access: PORTAL_ADMINS };

/** The white-label wizard and what serves its domains (part 2 §7 White label; decision 023). */
export const whiteLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): WhiteLabelDeps => ({
    db: app.db,
    storage: app.storage,
    config: app.config.whiteLabel,
    tenants: app.tenants,
  });

  app.post(
    '/domain/white-label/',
    {
      config: portalAdmins,
      schema: {
        tags,
        summary: 'Registers a white-label domain (title and https URL)',
        body: ZWhiteLabelDomainBody,
        response: { 201: ZWhiteLabelCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createWhiteLabelDomain(deps(), requireActor(request), request.body, requestContext(request)),
        ),
  );

  app.post(
    '/domain/white-label/admin/',
    {
      config: portalAdmins,
      schema: {
        tags,
        summary: "Creates the domain's admin (subscription 7, an account of that domain only)",
        body: ZWhiteLabelAdminBody,
        response: { 201: ZWhiteLabelAdminCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createWhiteLabelAdmin(deps(), requireActor(request), request.body, requestContext(request)),
        ),
  );

  app.post(
    '/domain/white-label/config/',
    {
      config: portalAdmins,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: "Saves the domain's description, sender e-mail, colour and logo (multipart)",
        consumes: MULTIPART,
        body: z.object({
          [WHITE_LABEL_LOGO_FIELD]: zFormFile('The logo: PNG, JPEG or WebP'),
          description: z.string().optional(),
          email_sender: z.string(),
          domain: z.string(),
          brand_color: z.string().optional(),
        }),
        response: { 200: ZWhiteLabelSaved },
      },
    },
    async (request) => {
      const upload = await readImageUpload(request, {
        fieldName: WHITE_LABEL_LOGO_FIELD,
        maxBytes: WHITE_LABEL_LOGO_MAX_MEGABYTES * 1024 * 1024,
      });
      const fields = parseInput(ZWhiteLabelConfigFields, upload.fields);
      return saveWhiteLabelConfig(
        deps(),
        requireActor(request),
        { fields, logo: upload.bytes },
        requestContext(request),
      );
    },
  );

  for (const step of SERVER_STEPS) {
    app.post(
      `/domain/server-config/:id/${step}/`,
      {
        config: portalAdmins,
        schema: {
          tags,
          summary: `Server configuration step ${step} (idempotent; success false says why)`,
          params: ZIdParams,
          response: { 200: ZServerStepResult },
        },
      },
      async (request) =>
        runServerStep(deps(), requireActor(request), request.params.id, step, requestContext(request)),
    );
  }

  app.get(
    '/domain/list/',
    {
      config: portalAdmins,
      schema: { tags, summary: 'The white-label domains', response: { 200: ZWhiteLabelList } },
    },
    async () => listWhiteLabelDomains(deps()),
  );

  // Caddy's on-demand TLS asks here before it gets a certificate for a name.
  app.get(
    '/domain/tls-ask/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'On-demand TLS approval: 200 for a registered domain whose A record points here, else 404',
        querystring: z.object({ domain: z.string().max(253) }),
      },
    },
    async (request, reply) => {
      if (!(await isCertificateAllowed(app.db, request.query.domain))) throw notFound();
      return reply.send({ allowed: true });
    },
  );

  // check_up's probe: answered with the token of the domain the request came through.
  app.get(
    DOMAIN_CHECK_PATH,
    {
      config: { access: 'public' },
      schema: { tags, summary: "The white-label domain's check token (check_up)", hide: true },
    },
    async (request, reply) => {
      if (!request.tenant) throw notFound();
      reply.header('cache-control', 'no-store');
      return { token: await checkTokenOf(app.db, request.tenant.id) };
    },
  );

  // A domain's logo is its public face (its login page, header, mails): no session needed.
  app.get(
    '/media/white-label/:id/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A white-label domain's logo (image/png)",
        params: z.object({
          id: ZIdParams.shape.id,
          file: z.string().regex(MEDIA_FILE_PATTERN, 'Not a logo file'),
        }),
        produces: ['image/png'],
      },
    },
    async (request, reply) => {
      if (!request.params.file.startsWith('logo-')) throw notFound('Logo not found.');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return sendStoredFile(reply, app.storage, {
        key: domainFileKey(request.params.id, request.params.file),
        filename: request.params.file,
        contentType: 'image/png',
        missingMessage: 'Logo not found.',
      });
    },
  );
};
