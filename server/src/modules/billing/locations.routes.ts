import { ZMessage } from '@portal/shared/auth';
import {
  LOCATION_MESSAGES,
  ZDefaultLocationBody,
  ZLocationBody,
  ZLocationPatch,
  ZSavedLocation,
} from '@portal/shared/locations';
import { BUYER_MEMBERSHIPS, MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { requireBuyer, requireLocationsReader, requireOwnBuyer } from '../accounts/buyers.ts';
import {
  createLocation,
  deleteLocation,
  listLocations,
  setDefaultLocation,
  updateLocation,
} from './locations.ts';

const tags = ['locations'];

/** Saved shipping locations. Each account reaches only its own, like its cards; HC staff read their HC's. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/locations/user/:id/',
    {
      config: { access: [...BUYER_MEMBERSHIPS, MEMBERSHIP.hcStaff] },
      schema: { tags, params: ZIdParams, response: { 200: z.array(ZSavedLocation) } },
    },
    async (request) => {
      await requireLocationsReader(app.db, requireActor(request), request.params.id);
      return listLocations(app.db, request.params.id);
    },
  );

  app.post(
    '/api/v1/locations/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, body: ZLocationBody, response: { 200: ZSavedLocation } },
    },
    async (request) => {
      const actor = requireActor(request);
      const buyer = await requireOwnBuyer(app.db, actor, request.body.user ?? actor.id);
      return createLocation(app.db, buyer.userId, request.body);
    },
  );

  app.patch(
    '/api/v1/locations/:id/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, params: ZIdParams, body: ZLocationPatch, response: { 200: ZSavedLocation } },
    },
    async (request) => {
      const buyer = await requireBuyer(app.db, requireActor(request));
      return updateLocation(app.db, buyer.userId, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/v1/locations/:id/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, params: ZIdParams, response: { 200: ZMessage } },
    },
    async (request) => {
      const buyer = await requireBuyer(app.db, requireActor(request));
      await deleteLocation(app.db, buyer.userId, request.params.id);
      return { message: LOCATION_MESSAGES.removed };
    },
  );

  app.post(
    '/api/v1/locations/update-default/',
    {
      config: { access: BUYER_MEMBERSHIPS },
      schema: { tags, body: ZDefaultLocationBody, response: { 200: ZMessage } },
    },
    async (request) => {
      const actor = requireActor(request);
      const buyer = await requireOwnBuyer(app.db, actor, request.body.user_id ?? actor.id);
      await setDefaultLocation(app.db, buyer.userId, request.body.location_id);
      return { message: LOCATION_MESSAGES.defaultChanged };
    },
  );
};
