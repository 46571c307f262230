import { type TTransactionHistoryRow, ZTransactionHistoryRow } from '@portal/shared/checkout';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZPageQuery, zPage } from '@portal/shared/paging';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { auditListing } from '../../http/listing-audit.ts';
import {
  requireHarvestCenterHistoryReader,
  requireReferralCenterHistoryReader,
} from '../../modules/checkout/checkout.policy.ts';
import { type TransactionsHistoryDeps, transactionsHistory } from './transactions-history.ts';

const tags = ['checkout'];
const ZHistoryPage = zPage(ZTransactionHistoryRow);
const ZHistoryQuery = ZPageQuery.extend({ limit: ZPageQuery.shape.limit.default(10) });

/** The patients a page of transactions shows (its listing's audit row, decision 028). */
const historyPatientIds = (page: { results: TTransactionHistoryRow[] }) =>
  page.results.flatMap((row) => row.patient.map((p) => p.id));

/** The HC's and the RHC's transaction histories, each row with its label request. */
export const transactionsHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TransactionsHistoryDeps = {
    db: app.db,
    labels: {
      db: app.db,
      storage: app.storage,
      mediaSecret: () => app.sealKeys.mediaSecret(),
      wakeMail: () => app.mailWorker.wake(),
    },
    log: app.log,
  };

  for (const processingFeeOnly of [false, true]) {
    app.get(
      `/api/v1/harvest-centers/:id/transactions-history/${processingFeeOnly ? 'processing-fee/' : ''}`,
      {
        config: { access: [...ADMINS, MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff] },
        schema: { tags, params: ZIdParams, querystring: ZHistoryQuery, response: { 200: ZHistoryPage } },
      },
      async (request) => {
        await requireHarvestCenterHistoryReader(app.db, requireActor(request), request.params.id);
        const page = await transactionsHistory(deps, { harvestCenterId: request.params.id }, request.query, {
          processingFeeOnly,
        });
        return auditListing(app.db, request, 'transaction.listed', page, historyPatientIds);
      },
    );
  }

  app.get(
    '/api/v1/rhc-association/:id/transactions-history/processing-fee/',
    {
      config: { access: [...ADMINS, MEMBERSHIP.referralHarvestCenter] },
      schema: { tags, params: ZIdParams, querystring: ZHistoryQuery, response: { 200: ZHistoryPage } },
    },
    async (request) => {
      await requireReferralCenterHistoryReader(app.db, requireActor(request), request.params.id);
      const page = await transactionsHistory(
        deps,
        { referralHarvestCenterId: request.params.id },
        request.query,
        { processingFeeOnly: true },
      );
      return auditListing(app.db, request, 'transaction.listed', page, historyPatientIds);
    },
  );
};
