import { formatDisplayDateTime } from '@portal/shared/dates';
import { MAILED_SIGNING_LINK_DAYS } from '@portal/shared/documents';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import { kindLabel } from './documents.view.ts';

/** The mails of the signing service, queued in the transaction of the change that causes them. */

type LinkLine = { kind: Parameters<typeof kindLabel>[0]; url: string };

function linkLines(links: LinkLine[]): string[] {
  return links.flatMap((l) => [`${kindLabel(l.kind)}:`, l.url, '']);
}

/** A request to sign (new, or sent again by the center): one link per document. */
export async function queueSigningRequestMail(
  db: Db,
  input: { to: string; signerName: string; centerName: string; links: LinkLine[]; again?: boolean },
): Promise<void> {
  const from = input.centerName || 'Portal';
  await enqueueMail(db, {
    to: input.to,
    subject:
      input.links.length === 1
        ? `${from}: please sign your ${kindLabel(input.links[0].kind)}`
        : `${from}: please sign your agreements`,
    text: [
      `Hello ${input.signerName},`,
      '',
      `${from} asks you to read and sign ${input.links.length === 1 ? 'this agreement' : 'these agreements'} electronically${input.again ? ' (this mail replaces the earlier one)' : ''}:`,
      '',
      ...linkLines(input.links),
      `Each link works once and expires in ${MAILED_SIGNING_LINK_DAYS} days. If you did not expect this mail, you can ignore it.`,
    ].join('\n'),
  });
}

/** A reminder of requests still unsigned after a few days, with fresh links. */
export async function queueReminderMail(
  db: Db,
  input: { to: string; signerName: string; centerName: string; links: LinkLine[] },
): Promise<void> {
  const from = input.centerName || 'Portal';
  await enqueueMail(db, {
    to: input.to,
    subject: `Reminder from ${from}: ${input.links.length === 1 ? 'an agreement is' : 'agreements are'} waiting for your signature`,
    text: [
      `Hello ${input.signerName},`,
      '',
      `${from} is still waiting for your signature on:`,
      '',
      ...linkLines(input.links),
      `These links replace the ones mailed before. Each works once and expires in ${MAILED_SIGNING_LINK_DAYS} days.`,
    ].join('\n'),
  });
}

/** The signed document is complete: to the signer and to the center that asked for it. */
export async function queueCompletedMails(
  db: Db,
  input: {
    documentName: string;
    signerName: string;
    signerEmail: string;
    center: { email: string; company: string } | null;
    publicUrl: string;
    completedAt: Date;
  },
): Promise<void> {
  const when = formatDisplayDateTime(input.completedAt);
  await enqueueMail(db, {
    to: input.signerEmail,
    subject: `Signed: ${input.documentName}`,
    text: [
      `Hello ${input.signerName},`,
      '',
      `You signed "${input.documentName}" on ${when}. Thank you.`,
      `The signed copy, sealed by Portal, is in your documents: ${input.publicUrl}/dashboard`,
    ].join('\n'),
  });
  if (input.center && input.center.email.toLowerCase() !== input.signerEmail.toLowerCase()) {
    await enqueueMail(db, {
      to: input.center.email,
      subject: `${input.signerName} signed ${input.documentName}`,
      text: [
        `Hello ${input.center.company || input.center.email},`,
        '',
        `${input.signerName} (${input.signerEmail}) signed "${input.documentName}" on ${when}.`,
        `The signed copy is in Portal: ${input.publicUrl}/patients-signatures`,
      ].join('\n'),
    });
  }
}
