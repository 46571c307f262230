import {
  type TAuditEntry,
  type TAuditFilters,
  ZAccessLogPage,
  ZAuditChainStatus,
  ZAuditFilters,
  ZAuditLogQuery,
  ZAuditPage,
} from '@portal/shared/audit';
import { formatSpreadsheetDateTime } from '@portal/shared/dates';
import { ZPageQuery } from '@portal/shared/paging';
import { ZIdParams } from '@portal/shared/path-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyAuditTrail } from '../../audit-chain/audit-checkpoint.ts';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import { csvLine } from '../../exports/csv.ts';
import { PORTAL_ADMINS, requireActor } from '../../http/access.ts';
import { datedFileName, sendDownload } from '../../http/download-reply.ts';
import { requireVisiblePatient } from '../accounts/lookups.ts';
import { findAccessLog, findAuditPage, selectAuditBefore } from './audit-trail.repository.ts';

const tags = ['audit'];
const portalAdmins = { access: PORTAL_ADMINS };

const CSV_COLUMNS = [
  'Sequence',
  'Time (UTC)',
  'Action',
  'Actor ID',
  'Actor',
  'Acting as ID',
  'Acting as',
  'Patient ID',
  'Patient',
  'Object',
  'Object ID',
  'IP',
  'Detail',
] as const;
const CSV_BATCH = 1000;

function csvRow(entry: TAuditEntry) {
  return csvLine([
    entry.chain_seq,
    // The one date format, to the minute, which spreadsheets read as a date; the sequence orders rows.
    formatSpreadsheetDateTime(entry.created_at),
    entry.action,
    entry.actor?.id,
    entry.actor?.email,
    entry.acting_as?.id,
    entry.acting_as?.email,
    entry.patient?.id,
    entry.patient?.name,
    entry.object_type,
    entry.object_id,
    entry.ip,
    JSON.stringify(entry.detail),
  ]);
}

/** The filtered trail as CSV, newest first, in keyset batches (memory stays flat). */
async function* auditCsv(db: Db, filters: TAuditFilters, first: TAuditEntry[]): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...CSV_COLUMNS])}`;
  let rows = first;
  while (rows.length > 0) {
    yield rows.map(csvRow).join('');
    if (rows.length < CSV_BATCH) return;
    rows = await selectAuditBefore(db, filters, rows[rows.length - 1].id, CSV_BATCH);
  }
}

/** The audit trail: the admins' log, its export and check, and a patient's "who saw my record". */
export const auditTrailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit-log/',
    {
      config: portalAdmins,
      schema: {
        tags,
        summary:
          'The audit trail, newest first, filtered by actor, acting-as, patient, action, object and date',
        querystring: ZAuditLogQuery,
        response: { 200: ZAuditPage },
      },
    },
    async (request) => findAuditPage(app.db, request.query, request.query),
  );

  app.get(
    '/api/admin/audit-log/export-csv/',
    {
      config: portalAdmins,
      schema: {
        tags,
        summary: 'The filtered audit trail as CSV, streamed (the export is itself on the trail)',
        querystring: ZAuditFilters,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const first = await selectAuditBefore(app.db, request.query, null, CSV_BATCH);
      await recordAudit(app.db, identityOf(actor, request), {
        action: 'audit_log.exported',
        objectType: 'export',
        objectId: 'csv',
        detail: { ...request.query },
      });
      return sendDownload(request, reply, {
        contentType: 'text/csv; charset=utf-8',
        fileName: datedFileName('audit-log', 'csv'),
        body: auditCsv(app.db, request.query, first),
      });
    },
  );

  app.get(
    '/api/admin/audit-log/verify/',
    {
      config: portalAdmins,
      schema: {
        tags,
        summary:
          'Walks the hash chain and compares it with the newest checkpoint: intact, or the first row that was changed or removed',
        response: { 200: ZAuditChainStatus },
      },
    },
    async () => {
      const report = await verifyAuditTrail(app.db, app.storage);
      return report.ok
        ? { ok: true, rows: report.rows, chain_seq: null, reason: null }
        : { ok: false, rows: report.rows, chain_seq: report.chainSeq, reason: report.reason };
    },
  );

  app.get(
    '/api/v1/patients/:id/access-log/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Who opened a patient's record or documents: the patient, and admins",
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: ZAccessLogPage },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await requireVisiblePatient(app.db, actor, request.params.id);
      if (!actor.isAdmin && actor.id !== request.params.id)
        throw forbidden('Only the patient sees this list.');
      return findAccessLog(app.db, request.params.id, request.query);
    },
  );
};
