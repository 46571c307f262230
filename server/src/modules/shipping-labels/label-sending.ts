import { formatDisplayDate } from '@portal/shared/dates';
import {
  SHIPPING_LABEL_TEXTS,
  type TLabelNotificationResponse,
  type TLabelPatchBody,
  type TLabelUpdateResponse,
  TRACKING_REQUIRED_MESSAGES,
} from '@portal/shared/shipping-labels';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import { fileStagedLabel } from './label-files.ts';
import { actsForLabelCenter } from './shipping-labels.policy.ts';
import { findLabelRequest, type LabelRequestRow, updateLabelRequest } from './shipping-labels.repository.ts';
import { requestJson } from './shipping-labels.view.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

/** Queues the label mail to the center (with the PDF attached) and marks the request notified. */
async function notifyCenter(tx: Db, row: LabelRequestRow): Promise<LabelRequestRow> {
  if (!row.labelKey) throw badRequest(SHIPPING_LABEL_TEXTS.noLabelFile);
  const lines = [
    `Hello ${row.representative || row.centerName},`,
    '',
    `The FedEx label for your shipment of ${formatDisplayDate(row.labelDate)} is attached.`,
    `Tracking number: ${row.trackingNumber}`,
    `Track it here: ${row.trackingLink}`,
    '',
    'Print the label and attach it to the box before handing it to FedEx.',
    '',
    'Portal',
  ];
  await enqueueMail(tx, {
    to: row.centerEmail,
    subject: `Your FedEx label, tracking number ${row.trackingNumber}`,
    text: lines.join('\n'),
    attachments: [
      { filename: `fedex-label-${row.id}.pdf`, storageKey: row.labelKey, contentType: 'application/pdf' },
    ],
  });
  return updateLabelRequest(tx, row.id, { notificationSent: true, notificationSentAt: new Date() });
}

/** Part 2 §5: a label's request keeps a tracking number and link, whichever fields a PATCH names. */
function assertTracked(merged: Record<keyof typeof TRACKING_REQUIRED_MESSAGES, string>): void {
  const missing = Object.entries(TRACKING_REQUIRED_MESSAGES).filter(
    ([field]) => merged[field as keyof typeof merged] === '',
  );
  if (missing.length) throw badRequest(missing[0][1], Object.fromEntries(missing));
}

/**
 * PATCH /api/v1/fedex-requests/{id}/ (notify false) and update-sent-notification/{id}/ (notify true):
 * the admin adds the tracking number, link and (optionally new) label; with notify, the label mail is
 * queued in the same transaction.
 */
export async function updateLabel(
  deps: ShippingLabelDeps,
  actor: Actor,
  id: number,
  body: TLabelPatchBody,
  options: { notify: boolean },
  context: RequestContext,
): Promise<TLabelUpdateResponse> {
  const existing = await findLabelRequest(deps.db, id);
  if (!existing) throw notFound('Label request not found.');
  if (!(await actsForLabelCenter(deps.db, actor, existing.centerId))) throw forbidden();
  const filed = body.pdf_file ? await fileStagedLabel(deps, actor, body.pdf_file) : null;
  let replacedKey: string | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await findLabelRequest(tx, id, { forUpdate: true });
      if (!current) throw notFound('Label request not found.');
      assertTracked({
        tracking_number: body.tracking_number ?? current.trackingNumber,
        tracking_link: body.tracking_link ?? current.trackingLink,
      });
      replacedKey = filed ? current.labelKey : null;
      // Only what the body names (Drizzle leaves out the undefined ones).
      let row = await updateLabelRequest(tx, id, {
        trackingNumber: body.tracking_number,
        trackingLink: body.tracking_link,
        ...(filed ? { labelKey: filed.key, labelSha256: filed.sha256 } : {}),
      });
      if (options.notify) row = await notifyCenter(tx, row);
      await recordAudit(tx, identityOf(actor, context), {
        action: options.notify ? 'shipping_label.updated_and_sent' : 'shipping_label.updated',
        targetUserId: row.centerId,
        detail: {
          request_id: id,
          before: { tracking_number: current.trackingNumber, tracking_link: current.trackingLink },
          after: { tracking_number: row.trackingNumber, tracking_link: row.trackingLink },
          label_sha256: filed?.sha256,
        },
      });
      return row;
    });
    if (replacedKey) await deps.storage.delete(replacedKey).catch(() => {});
    if (options.notify) deps.wakeMail();
    return {
      id: row.id,
      message: options.notify ? SHIPPING_LABEL_TEXTS.labelAddedAndSent : SHIPPING_LABEL_TEXTS.labelAdded,
      data: await requestJson(deps, row),
    };
  } catch (error) {
    // The upload goes back where the form can use it again.
    await filed?.undo();
    throw error;
  }
}

/** POST /api/v1/fedex-requests/send-notification/: mails the label (only once one exists). */
export async function sendLabelNotification(
  deps: ShippingLabelDeps,
  actor: Actor,
  id: number,
  context: RequestContext,
): Promise<TLabelNotificationResponse> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await findLabelRequest(tx, id, { forUpdate: true });
    if (!current) throw notFound('Label request not found.');
    if (!(await actsForLabelCenter(tx, actor, current.centerId))) throw forbidden();
    const sent = await notifyCenter(tx, current);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'shipping_label.notification_sent',
      targetUserId: current.centerId,
      detail: { request_id: id, to: current.centerEmail },
    });
    return sent;
  });
  deps.wakeMail();
  return {
    code: 'Success',
    message: SHIPPING_LABEL_TEXTS.notificationSent,
    data: await requestJson(deps, row),
  };
}
