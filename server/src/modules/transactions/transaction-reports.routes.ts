import { MEMBERSHIP } from '@portal/shared/memberships';
import { ZIdParams } from '@portal/shared/path-params';
import {
  type TTransactionPage,
  ZLastTransactionId,
  ZTransactionListQuery,
  ZTransactionPage,
  ZTransactionPatchBody,
  ZTransactionRow,
} from '@portal/shared/transactions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMINS, requireActor } from '../../http/access.ts';
import { auditListing } from '../../http/listing-audit.ts';
import { requestContext } from '../../http/request-context.ts';
import { updateTransaction } from './transaction-edit.ts';
import { getTransaction, lastTransactionId, listTransactions } from './transaction-report.ts';
import { assertReportTarget, type ReportTarget } from './transaction-scope.ts';

const tags = ['transactions'];
const M = MEMBERSHIP;

/**
 * The transaction lists, one transaction and the admin's edit (part 2 §2, §3, §7 "Transactions and
 * payments"). Every list and detail is narrowed in SQL to the caller's scope (transaction-scope.ts)
 * before any filter applies.
 */
export const transactionReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const page = { querystring: ZTransactionListQuery, response: { 200: ZTransactionPage } };

  // Each row names its patient (patient_desc): every list and detail is on the audit trail with the
  // patients it showed, as the centers' histories are (decision 028).
  const listed = (request: FastifyRequest, list: TTransactionPage) =>
    auditListing(app.db, request, 'transaction.listed', list, (l) => l.results.map((row) => row.patient));

  app.get(
    '/api/admin/transactions/',
    { config: { access: ADMINS }, schema: { tags, ...page } },
    async (request) => listed(request, await listTransactions(app.db, requireActor(request), request.query)),
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
    async (request) =>
      auditListing(
        app.db,
        request,
        'transaction.listed',
        await getTransaction(app.db, requireActor(request), request.params.id),
        (row) => [row.patient],
      ),
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
        return listed(request, await listTransactions(app.db, actor, request.query, { target }));
      },
    );
  }
};
