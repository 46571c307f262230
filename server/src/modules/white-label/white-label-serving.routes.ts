import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors/app-error.ts';
import { CACHE_FOR_GOOD, sendStoredFile } from '../../http/stored-file-reply.ts';
import { domainFileKey } from '../../storage/domain-files.ts';
import { MEDIA_FILE_PATTERN } from '../../storage/media-folder.ts';
import { DOMAIN_CHECK_PATH } from './domain-checks.ts';
import { checkTokenOf, isCertificateAllowed } from './white-label.service.ts';

const tags = ['white label'];

/** What serves the white-label domains, public: the TLS approval, the check probe, the logos. */
export const whiteLabelServingRoutes: FastifyPluginAsyncZod = async (app) => {
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
      if (!request.params.file.startsWith('logo-')) {
        reply.header('cache-control', 'no-store');
        throw notFound('Logo not found.');
      }
      // A logo's name is random and never reused: the file found may be kept for good, its 404 not.
      return sendStoredFile(reply, app.storage, {
        key: domainFileKey(request.params.id, request.params.file),
        filename: request.params.file,
        contentType: 'image/png',
        missingMessage: 'Logo not found.',
        cacheControl: CACHE_FOR_GOOD,
      });
    },
  );
};
