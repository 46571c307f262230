import { formatDisplayDate } from '@portal/shared/dates';
import { type MembershipId, TIMELINE_READER_MEMBERSHIPS } from '@portal/shared/memberships';
import { patientStage, type TPatientTimeline, type TTimelineEvent } from '@portal/shared/timeline';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import type { PatientAccountRow } from '../accounts/account-view.repository.ts';
import { requireVisiblePatient } from '../accounts/lookups.ts';
import {
  findPatientAgreements,
  findPatientLabelRequests,
  findPatientOrders,
  findRecordChanges,
  findVialRecordsWithAuthors,
} from './timeline.repository.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The lab record's dated steps. */
function recordEvents(patient: PatientAccountRow): TTimelineEvent[] {
  const events: TTimelineEvent[] = [];
  const add = (at: string | null, kind: TTimelineEvent['kind'], title: string, detail = '') => {
    if (at) events.push({ at, kind, title, detail, who: null, link: null });
  };
  add(patient.dateAdiposeShippedToLab, 'tissue', 'Tissue shipped to the lab');
  add(
    patient.dateAdiposeReceivedByLab,
    'lab',
    'Tissue received by the lab',
    patient.labSampleId ? `Sample ${patient.labSampleId}` : '',
  );
  add(
    patient.stemcellPlatingInitiatedDate,
    'lab',
    'Stem cell plating initiated',
    [
      patient.numberTimesQcDone > 0 ? `QC runs: ${patient.numberTimesQcDone}` : '',
      patient.stemcellPlatingSuccessful === 1
        ? 'plating successful'
        : patient.stemcellPlatingSuccessful === 0
          ? 'plating not successful'
          : '',
      patient.hlaTypingTest === 1 ? 'HLA typing done' : patient.hlaTypingTest === 0 ? 'no HLA typing' : '',
    ]
      .filter(Boolean)
      .join(', '),
  );
  add(patient.dateVialsReadyToShip, 'vials', 'Vials ready to ship');
  return events;
}

/** Its agreements: sent, signed (the sealed PDF), voided. */
async function documentEvents(db: Db, patientId: number): Promise<TTimelineEvent[]> {
  const events: TTimelineEvent[] = [];
  const docs = await findPatientAgreements(db, patientId);
  for (const doc of docs) {
    events.push({
      at: (doc.sentAt ?? doc.createdAt).toISOString(),
      kind: 'document',
      title: `Agreement sent: ${doc.name}`,
      detail: `To ${doc.signerName}`,
      who: null,
      link: null,
    });
    if (doc.completedAt) {
      events.push({
        at: doc.completedAt.toISOString(),
        kind: 'document',
        title: `Agreement signed: ${doc.name}`,
        detail: 'Sealed PDF',
        who: doc.signerName,
        link: `/media/${doc.documentId}.pdf`,
      });
    }
    if (doc.voidedAt) {
      events.push({
        at: doc.voidedAt.toISOString(),
        kind: 'document',
        title: `Agreement voided: ${doc.name}`,
        detail: '',
        who: null,
        link: null,
      });
    }
  }
  return events;
}

/** Vials prepared and shipped, by whom, with tracking. */
async function vialEvents(db: Db, patientId: number): Promise<TTimelineEvent[]> {
  const events: TTimelineEvent[] = [];
  const vials = await findVialRecordsWithAuthors(db, patientId);
  for (const v of vials) {
    events.push({
      at: v.date,
      kind: 'vials',
      title: v.type === 'added' ? `${v.quantity} vials prepared` : `${v.quantity} vials shipped`,
      detail: [v.trackingId ? `Tracking ${v.trackingId}` : '', v.note].filter(Boolean).join(' · '),
      who: v.by,
      link: null,
    });
  }
  return events;
}

/** Orders paid for the patient, with the receipt. */
async function orderEvents(db: Db, patientId: number): Promise<TTimelineEvent[]> {
  const events: TTimelineEvent[] = [];
  const orders = await findPatientOrders(db, patientId);
  for (const order of orders) {
    events.push({
      at: order.createdAt.toISOString(),
      kind: 'order',
      title: `Paid: ${order.product ?? 'order'}`,
      detail: `${dollars(order.amountCents)}, invoice ${order.invoiceId}`,
      who: order.buyer,
      link: `/api/v1/transactions/${order.id}/receipt/`,
    });
  }
  return events;
}

/** Shipping labels requested for the patient, with tracking. */
async function labelEvents(db: Db, patientId: number): Promise<TTimelineEvent[]> {
  const events: TTimelineEvent[] = [];
  const labels = await findPatientLabelRequests(db, patientId);
  for (const label of labels) {
    events.push({
      at: label.createdAt.toISOString(),
      kind: 'label',
      title: `Shipping label requested for ${formatDisplayDate(label.labelDate)}`,
      detail: label.trackingNumber ? `Tracking ${label.trackingNumber}` : 'Pending',
      who: null,
      link: label.trackingLink || null,
    });
  }
  return events;
}

/** Changes to the record, with who made them (and as whom), from the audit trail. */
async function changeEvents(db: Db, patientId: number): Promise<TTimelineEvent[]> {
  const events: TTimelineEvent[] = [];
  const changes = await findRecordChanges(db, patientId);
  for (const change of changes) {
    const fields = Array.isArray(change.detail.fields) ? (change.detail.fields as string[]) : [];
    events.push({
      at: change.at.toISOString(),
      kind: 'change',
      title: 'Record changed',
      detail: fields.join(', '),
      who: change.by,
      link: null,
    });
  }
  return events;
}

/**
 * GET /api/v1/patients/{id}/timeline/: the patient's story, oldest first: the account, its
 * agreements (sent, signed, voided, with the sealed PDF), the tissue's way through the lab, the
 * vials added and shipped (with tracking), orders and payments, label requests, and every change
 * to the record with who made it. Reading it is itself on the audit trail.
 */
export async function getPatientTimeline(
  db: Db,
  actor: Actor,
  patientId: number,
  context: RequestContext,
): Promise<TPatientTimeline> {
  if (!TIMELINE_READER_MEMBERSHIPS.includes(actor.membershipId as MembershipId)) {
    throw forbidden('You do not have access to this timeline.');
  }
  const patient = await requireVisiblePatient(db, actor, patientId);
  const timeline: TTimelineEvent[] = [
    {
      at: patient.dateJoined.toISOString(),
      kind: 'account',
      title: 'Account created',
      detail: patient.email,
      who: null,
      link: null,
    },
    ...recordEvents(patient),
  ];

  for (const events of await Promise.all([
    documentEvents(db, patientId),
    vialEvents(db, patientId),
    orderEvents(db, patientId),
    labelEvents(db, patientId),
    changeEvents(db, patientId),
  ])) {
    timeline.push(...events);
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  await recordAudit(db, identityOf(actor, context), {
    action: 'patient.viewed',
    patientId,
    objectType: 'timeline',
    objectId: patientId,
  });
  return {
    patient: {
      id: patient.id,
      name: `${patient.firstName} ${patient.lastName}`.trim(),
      email: patient.email,
    },
    stage: patientStage(patient),
    events: timeline,
  };
}
