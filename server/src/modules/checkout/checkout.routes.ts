import {
  type TTransactionHistoryRow,
  ZCheckoutBody,
  ZCheckoutResponse,
  ZTransactionHistoryRow,
} from '@portal/shared/checkout';
import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import { ZPageQuery, zPage } from '@portal/shared/paging';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditIdentity, recordAudit } from '../../audit-chain/audit-log.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import { ADMINS, requireActor } from '../../http/access.ts';
import { sendDownload } from '../../http/download-reply.ts';
import { auditListing } from '../../http/listing-audit.ts';
import {
  canReadTransaction,
  requireHarvestCenterHistoryReader,
  requireReferralCenterHistoryReader,
} from './checkout.policy.ts';
import type { CheckoutDeps } from './checkout-deps.ts';
import { type CheckoutChannel, placeCheckoutOrder } from './place-order.ts';
import { receiptBytes } from './receipt-file.ts';
import { findTransaction, listTransactionHistory } from './transaction-history.ts';

const tags = ['checkout'];
const ZHistoryPage = zPage(ZTransactionHistoryRow);
const ZHistoryQuery = ZPageQuery.extend({ limit: ZPageQuery.shape.limit.default(10) });

/** The patients a page of transactions shows (its listing's audit row, decision 028). */
const historyPatientIds = (page: { results: TTransactionHistoryRow[] }) =>
  page.results.flatMap((row) => row.patient.map((p) => p.id));

/** The create-transaction paths the spec leaves unnamed, in its style, and the patient's own order. */
const CENTERS = [MEMBERSHIP.harvestCenter, MEMBERSHIP.referralHarvestCenter] as const;
const CHECKOUT_PATHS: {
  url: string;
  channel: CheckoutChannel;
  access: readonly MembershipId[];
  summary: string;
}[] = [
  {
    url: '/api/v1/transactions/create-transaction/',
    channel: 'center',
    access: CENTERS,
    summary: "A harvest center's or referral center's order (processing fee, referral harvest fee, products)",
  },
  {
    url: '/api/v1/transactions/create-patient-transaction/',
    channel: 'referral-patient',
    access: CENTERS,
    summary:
      "The referral processing fee that creates the patient's account (and may request its agreements)",
  },
  {
    url: '/api/v1/users/patient/checkout/',
    channel: 'patient-self',
    access: [MEMBERSHIP.patient],
    summary: "A patient's own vials order (product 2)",
  },
];

export function checkoutRoutes(deps: () => CheckoutDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const path of CHECKOUT_PATHS) {
      app.post(
        path.url,
        {
          config: { access: path.access },
          schema: {
            tags,
            summary: path.summary,
            body: ZCheckoutBody,
            response: { 200: ZCheckoutResponse, 402: ZCheckoutResponse },
          },
        },
        async (request, reply) => {
          const userAgent = request.headers['user-agent'];
          const answer = await placeCheckoutOrder(deps(), requireActor(request), request.body, path.channel, {
            ip: request.ip || null,
            userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
          });
          return reply.code(answer.status).send(answer.body);
        },
      );
    }

    for (const processingFeeOnly of [false, true]) {
      app.get(
        `/api/v1/harvest-centers/:id/transactions-history/${processingFeeOnly ? 'processing-fee/' : ''}`,
        {
          config: { access: [...ADMINS, MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff] },
          schema: { tags, params: ZIdParams, querystring: ZHistoryQuery, response: { 200: ZHistoryPage } },
        },
        async (request) => {
          await requireHarvestCenterHistoryReader(app.db, requireActor(request), request.params.id);
          const page = await listTransactionHistory(
            app.db,
            { harvestCenterId: request.params.id },
            request.query,
            { processingFeeOnly, labelRequestsOf: deps().labelRequestsOf },
          );
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
        const page = await listTransactionHistory(
          app.db,
          { referralHarvestCenterId: request.params.id },
          request.query,
          { processingFeeOnly: true, labelRequestsOf: deps().labelRequestsOf },
        );
        return auditListing(app.db, request, 'transaction.listed', page, historyPatientIds);
      },
    );

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
          await recordAudit(app.db, {
            action: 'receipt.viewed',
            ...auditIdentity(actor),
            patientId: transaction.patientId,
            objectType: 'transaction',
            objectId: transaction.id,
            ip: request.ip,
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
}
