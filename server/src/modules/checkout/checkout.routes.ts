import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { requireActor } from '../../http/access.ts';
import { sendDownload } from '../../http/download-reply.ts';
import { canReadTransaction } from './checkout.policy.ts';
import { findTransaction } from './checkout.repository.ts';
import { receiptBytes } from './receipt-file.ts';

const tags = ['checkout'];

/**
 * A transaction's receipt. Placing an order (flows/place-order) and the centers' transaction
 * histories (flows/transactions-history) span other modules: their routes live with their flows.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/transactions/:id/receipt/',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'The PDF receipt of a transaction', params: ZIdParams },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const transaction = await findTransaction(app.db, request.params.id);
      if (!transaction) throw notFound();
      if (!(await canReadTransaction(app.db, actor, transaction))) throw forbidden();
      const bytes = await receiptBytes(app.db, app.storage, transaction);
      // A patient's receipt names the patient: a read of its record ("who saw my record").
      if (transaction.patientId !== null) {
        await recordAudit(app.db, identityOf(actor, request), {
          action: 'receipt.viewed',
          patientId: transaction.patientId,
          objectType: 'transaction',
          objectId: transaction.id,
        });
      }
      return sendDownload(request, reply, {
        contentType: 'application/pdf',
        fileName: `receipt-${transaction.invoiceId}.pdf`,
        body: bytes,
      });
    },
  );
};
