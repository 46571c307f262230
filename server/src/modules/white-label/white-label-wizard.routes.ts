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
import { parseInput } from '../../errors/app-error.ts';
import { PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { MULTIPART, multipartValidator, zFormFile } from '../../http/multipart-schema.ts';
import { requestContext } from '../../http/request-context.ts';
import { readImageUpload } from '../../http/uploads.ts';
import {
  createWhiteLabelAdmin,
  createWhiteLabelDomain,
  listWhiteLabelDomains,
  runServerStep,
  saveWhiteLabelConfig,
  type WhiteLabelDeps,
} from './white-label.service.ts';

const tags = ['white label'];
const portalAdmins = { access: PORTAL_ADMINS };

/**
 * The white-label wizard (part 2 §7 White label; decision 023): a domain, its admin, its look, the
 * server configuration steps, and the list of domains. The whole portal's: portal admins only.
 */
export const whiteLabelWizardRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
