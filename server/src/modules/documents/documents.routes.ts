import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentListsRoutes } from './document-lists.routes.ts';
import { documentRequestsRoutes } from './document-requests.routes.ts';
import { documentsAdminRoutes } from './documents-admin.routes.ts';
import { signLinksRoutes } from './sign-links.routes.ts';
import { signingRoutes } from './signing.routes.ts';

/**
 * Part 1 §7 Documents (docs/decisions/018-documents-and-e-signature.md), one file per group: the
 * signed-in routes first, then the admin's lists and templates, then the public signing page.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(documentListsRoutes);
  await app.register(documentRequestsRoutes);
  await app.register(signLinksRoutes);
  await app.register(documentsAdminRoutes);
  await app.register(signingRoutes);
};
