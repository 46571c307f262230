import type { TContactBody } from '@portal/shared/contact';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';

/** Contact Us: the message goes to support through the outbox; replying answers the sender. */
export async function sendContactMessage(
  db: Db,
  actor: Actor,
  body: TContactBody,
  supportEmail: string,
): Promise<void> {
  await enqueueMail(db, {
    to: supportEmail,
    replyTo: body.email,
    subject: `Contact form: ${body.name}`.slice(0, 200),
    text: [
      `Name: ${body.name}`,
      `E-mail: ${body.email}`,
      `Phone: ${body.phone || '-'}`,
      `Account: #${actor.id} ${actor.email} (${actor.firstName} ${actor.lastName})`.trimEnd(),
      '',
      body.message,
    ].join('\n'),
  });
}
