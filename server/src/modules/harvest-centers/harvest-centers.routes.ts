import {
  ZCenterListQuery,
  ZCenterOption,
  ZCenterOptionsQuery,
  ZHarvestCenter,
  ZHarvestCenterPage,
  ZPublicCenterOption,
  ZReferralHarvestCenterPage,
} from '@portal/shared/harvest-centers';
import { LAB_VIEW_MEMBERSHIPS, MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  RHC_ASSOCIATION_UPDATED_MESSAGE,
  ZRhcAssociationPage,
  ZRhcAssociationQuery,
  ZRhcAssociationUpdate,
  ZRhcAssociationUpdateResponse,
} from '@portal/shared/rhc-associations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { requestContext } from '../../http/request-context.ts';
import { PATIENT_LIST_MEMBERSHIPS, SALES_AND_ADMINS } from '../accounts/roles.ts';
import {
  getHarvestCenter,
  listHarvestCenterOptions,
  listHarvestCenters,
  listHarvestCentersOfRep,
  listLabHarvestCenters,
  listPublicHarvestCenterOptions,
  listReferralCenters,
  listReferralCentersOfRep,
  listRhcAssociations,
  updateRhcAssociation,
} from './harvest-centers.service.ts';

/** Who works with referral harvest centers: admins, sales roles, HCs (their associated RHCs), RHCs. */
const RHC_LIST_MEMBERSHIPS = [
  ...SALES_AND_ADMINS,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.referralHarvestCenter,
];

export const harvestCentersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['harvest-centers'];
  // Center and patient views: every role but the patient; the policies narrow each to its own.
  const centerViewers = { access: PATIENT_LIST_MEMBERSHIPS };

  app.get(
    '/api/admin/harvest-centers/',
    {
      config: { access: ADMINS },
      schema: { tags, querystring: ZCenterListQuery, response: { 200: ZHarvestCenterPage } },
    },
    async (request) => listHarvestCenters(app.db, requireActor(request), request.query),
  );

  app.get(
    '/api/v1/harvest-centers/public-options/:id/',
    {
      config: { access: 'public' },
      schema: { tags, params: ZIdParams, response: { 200: z.array(ZPublicCenterOption) } },
    },
    async (request) => listPublicHarvestCenterOptions(app.db, request.params.id),
  );

  app.get(
    '/api/v1/harvest-centers/list-all/',
    {
      config: centerViewers,
      schema: { tags, querystring: ZCenterOptionsQuery, response: { 200: z.array(ZCenterOption) } },
    },
    async (request) => listHarvestCenterOptions(app.db, requireActor(request), request.query),
  );

  app.get(
    '/api/v1/harvest-centers/sales-rep/:id/',
    {
      config: { access: SALES_AND_ADMINS },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZCenterListQuery,
        response: { 200: ZHarvestCenterPage },
      },
    },
    async (request) =>
      listHarvestCentersOfRep(app.db, requireActor(request), request.params.id, request.query),
  );

  app.get(
    '/api/v1/harvest-centers/:id/',
    { config: centerViewers, schema: { tags, params: ZIdParams, response: { 200: ZHarvestCenter } } },
    async (request) => getHarvestCenter(app.db, requireActor(request), request.params.id),
  );

  app.get(
    '/api/v1/referral-harvest-centers/',
    {
      config: { access: RHC_LIST_MEMBERSHIPS },
      schema: { tags, querystring: ZCenterListQuery, response: { 200: ZReferralHarvestCenterPage } },
    },
    async (request) => listReferralCenters(app.db, requireActor(request), request.query),
  );

  app.get(
    '/api/v1/referral-harvest-centers/sales-rep/:id/',
    {
      config: { access: SALES_AND_ADMINS },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZCenterListQuery,
        response: { 200: ZReferralHarvestCenterPage },
      },
    },
    async (request) =>
      listReferralCentersOfRep(app.db, requireActor(request), request.params.id, request.query),
  );

  // The lab view's centers (docs/decisions/004-lab-route-access.md).
  app.get(
    '/api/v1/processing-labs/:id/harvestcenters/',
    {
      config: { access: LAB_VIEW_MEMBERSHIPS },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZCenterListQuery,
        response: { 200: ZHarvestCenterPage },
      },
    },
    async (request) => listLabHarvestCenters(app.db, requireActor(request), request.params.id, request.query),
  );

  // RHC Manager (part 2 §5, §7): admins associate each RHC with harvest centers.
  app.get(
    '/api/admin/rhc-association/all/',
    {
      config: { access: ADMINS },
      schema: { tags, querystring: ZRhcAssociationQuery, response: { 200: ZRhcAssociationPage } },
    },
    async (request) => listRhcAssociations(app.db, requireActor(request), request.query),
  );

  app.post(
    '/api/v1/rhc-association/update-association/:id/',
    {
      config: { access: ADMINS },
      schema: {
        tags,
        params: ZIdParams,
        body: ZRhcAssociationUpdate,
        response: { 200: ZRhcAssociationUpdateResponse },
      },
    },
    async (request) => {
      const data = await updateRhcAssociation(
        app.db,
        requireActor(request),
        request.params.id,
        request.body.rhc_hc_ids,
        requestContext(request),
      );
      return { code: 'Success' as const, message: RHC_ASSOCIATION_UPDATED_MESSAGE, data };
    },
  );
};
