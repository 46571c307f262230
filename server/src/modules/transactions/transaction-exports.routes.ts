import { ZTransactionExportQuery } from '@portal/shared/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { requireActor } from '../../http/access.ts';
import { sendDownload } from '../../http/download-reply.ts';
import { auditStreamedListing } from '../../http/listing-audit.ts';
import { requestContext } from '../../http/request-context.ts';
import { SALES_AND_ADMINS } from '../accounts/roles.ts';
import { openTransactionExport } from './transaction-export.ts';

const tags = ['transactions'];

/**
 * The transaction report as CSV or XLSX, streamed: narrowed to the caller's scope like the list
 * (transaction-scope.ts), and on the audit trail.
 */
export const transactionExportsRoutes: FastifyPluginAsyncZod = async (app) => {
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
        // Each row names its patient: the patients of each batch are on the trail before it is written.
        const file = await openTransactionExport(
          app.db,
          actor,
          request.query,
          format,
          auditStreamedListing(app.db, request, 'transaction.listed'),
        );
        await recordAudit(app.db, identityOf(actor, requestContext(request)), {
          action: 'transactions.exported',
          objectType: 'export',
          objectId: format,
          detail: { ...request.query },
        });
        return sendDownload(request, reply, file);
      },
    );
  }
};
