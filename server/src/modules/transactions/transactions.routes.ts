import {
  ZCommissionPeriodQuery,
  ZCommissionRateBody,
  ZCommissionRates,
  ZCommissionSummary,
  ZMarkCommissionsPaidBody,
  ZMarkCommissionsPaidResponse,
} from '@portal/shared/commissions';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  ZLastTransactionId,
  ZTransactionExportQuery,
  ZTransactionListQuery,
  ZTransactionPage,
  ZTransactionPatchBody,
  ZTransactionRow,
} from '@portal/shared/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditIdentity, recordAudit } from '../../audit-chain/audit-log.ts';
import { ADMINS, PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { sendDownload } from '../../http/download-reply.ts';
import { requestContext } from '../../http/request-context.ts';
import { SALES_AND_ADMINS } from '../accounts/roles.ts';
import { createCommissionRate, listCommissionRates } from './commission-rates.ts';
import { commissionSummary, markCommissionsPaid } from './commissions.ts';
import { updateTransaction } from './transaction-edit.ts';
import { openTransactionExport } from './transaction-export.ts';
import { getTransaction, lastTransactionId, listTransactions } from './transaction-report.ts';
import { assertReportTarget, type ReportTarget } from './transaction-scope.ts';

const tags = ['transactions'];
const M = MEMBERSHIP;

/**
 * Transaction reports, the admin's edit, the exports and commissions (part 2 §2, §3, §7
 * "Transactions and payments"). Every list, detail and export is narrowed in SQL to the caller's
 * scope (transaction-scope.ts) before any filter applies.
 */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const page = { querystring: ZTransactionListQuery, response: { 200: ZTransactionPage } };

  app.get(
    '/api/admin/transactions/',
    { config: { access: ADMINS }, schema: { tags, ...page } },
    async (request) => listTransactions(app.db, requireActor(request), request.query),
  );

  app.get(
    '/api/v1/transactions/get-last-id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        description: 'The newest transaction id among those the caller may see; null when none.',
        response: { 200: ZLastTransactionId },
      },
    },
    async (request) => ({ transaction_id: await lastTransactionId(app.db, requireActor(request)) }),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/api/v1/transactions/export-${format}/`,
      {
        config: { access: SALES_AND_ADMINS },
        schema: {
          tags,
          description: `The report as ${format.toUpperCase()}, streamed: the caller's scope, the list's filters, rows from offset.`,
          querystring: ZTransactionExportQuery,
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        const file = await openTransactionExport(app.db, actor, request.query, format);
        await recordAudit(app.db, {
          action: 'transactions.exported',
          ...auditIdentity(actor),
          objectType: 'export',
          objectId: format,
          ip: requestContext(request).ip,
          detail: { ...request.query },
        });
        return sendDownload(request, reply, file);
      },
    );
  }

  app.get(
    '/api/v1/transactions/:id/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        description:
          'A transaction with its notes: admins, its sales team, its buyer and parties; others 404.',
        params: ZIdParams,
        response: { 200: ZTransactionRow },
      },
    },
    async (request) => getTransaction(app.db, requireActor(request), request.params.id),
  );

  app.patch(
    '/api/v1/transactions/:id/',
    {
      config: { access: ADMINS },
      schema: { tags, params: ZIdParams, body: ZTransactionPatchBody, response: { 200: ZTransactionRow } },
    },
    async (request) =>
      updateTransaction(
        app.db,
        requireActor(request),
        request.params.id,
        request.body,
        requestContext(request),
      ),
  );

  // The sales reports: a rep's own sales, a manager's team, a distributor's teams.
  const targets: { path: string; level: ReportTarget['level']; access: readonly number[] }[] = [
    {
      path: '/api/v1/sales-rep/:id/my-transactions/',
      level: 'rep',
      access: [...ADMINS, M.salesRep, M.salesManager, M.salesDistributor],
    },
    {
      path: '/api/v1/sales-rep/:id/team-transactions/',
      level: 'manager',
      access: [...ADMINS, M.salesManager, M.salesDistributor],
    },
    {
      path: '/api/v1/sales-distributors/:id/team-transactions/',
      level: 'distributor',
      access: [...ADMINS, M.salesDistributor],
    },
  ];
  for (const { path, level, access } of targets) {
    app.get(
      path,
      {
        config: { access: access as typeof ADMINS },
        schema: { tags, params: ZIdParams, ...page },
      },
      async (request) => {
        const actor = requireActor(request);
        const target = { level, id: request.params.id };
        await assertReportTarget(app.db, actor, target);
        return listTransactions(app.db, actor, request.query, { target });
      },
    );
  }

  // Commissions (issue 12).
  app.get(
    '/api/admin/commission-rates/',
    {
      config: { access: PORTAL_ADMINS },
      schema: { tags: ['commissions'], response: { 200: ZCommissionRates } },
    },
    async () => listCommissionRates(app.db),
  );
  app.post(
    '/api/admin/commission-rates/',
    {
      config: { access: PORTAL_ADMINS },
      schema: {
        tags: ['commissions'],
        body: ZCommissionRateBody,
        response: { 201: z.object({ id: z.number().int() }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCommissionRate(app.db, request.body, requireActor(request).id)),
  );
  app.get(
    '/api/v1/commissions/',
    {
      config: { access: SALES_AND_ADMINS },
      schema: {
        tags: ['commissions'],
        description:
          "Commission lines of the period (the caller's own and its team's), totals and the last 12 months.",
        querystring: ZCommissionPeriodQuery,
        response: { 200: ZCommissionSummary },
      },
    },
    async (request) => commissionSummary(app.db, requireActor(request), request.query),
  );
  app.post(
    '/api/admin/commissions/mark-paid/',
    {
      config: { access: PORTAL_ADMINS },
      schema: {
        tags: ['commissions'],
        body: ZMarkCommissionsPaidBody,
        response: { 200: ZMarkCommissionsPaidResponse },
      },
    },
    async (request) =>
      markCommissionsPaid(app.db, requireActor(request), request.body, requestContext(request)),
  );
};
