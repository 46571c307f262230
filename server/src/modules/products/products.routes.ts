import { ZIdParams } from '@portal/shared/path-params';
import { ZProduct, ZProductOption } from '@portal/shared/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getProduct, listProductOptions } from './products.service.ts';

/** The catalogue is the same for everyone signed in (checkout, coupons, reports). */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['products'];

  app.get(
    '/api/v1/products/list-all-options/',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(ZProductOption) } } },
    async () => listProductOptions(app.db),
  );

  app.get(
    '/api/v1/products/:id/',
    { config: { access: 'signed-in' }, schema: { tags, params: ZIdParams, response: { 200: ZProduct } } },
    async (request) => getProduct(app.db, request.params.id),
  );
};
