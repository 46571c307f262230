import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { domains, users } from '../db/schema/accounts.ts';
import { type MailAttachmentRef, mailOutbox } from '../db/schema/platform.ts';
import { retryWhileUnavailable } from '../db/unavailable.ts';
import { maskSecretLinks } from './secret-links.ts';
import type { MailTransport } from './transport.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Stored files to attach (a receipt): read from the file storage when the mail is sent. */
  attachments?: MailAttachmentRef[];
};

/** Where attachments are read from (the app's file storage). */
export type AttachmentFiles = { getBytes(key: string): Promise<Uint8Array> };

/** Queues a mail; pass the transaction of the change that causes it so both commit together. */
export async function enqueueMail(db: Db, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? '',
      replyTo: message.replyTo ?? '',
      attachments: message.attachments ?? [],
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

const MAX_ATTEMPTS = 10;
/** Mails claimed a pass. */
export const OUTBOX_BATCH = 20;
/** A claimed mail is leased this long; a worker that dies mid-send frees it for another. */
const LEASE_SECONDS = 300;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** (attempts - 1), 3600);
}

function maskedBody(mail: { text: string; html: string }) {
  return { text: maskSecretLinks(mail.text), html: maskSecretLinks(mail.html) };
}

/**
 * Sends due mails. Rows are claimed by pushing their next attempt forward (a lease) instead of
 * holding a lock during SMTP, which would block the single PGlite connection.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  from: string,
  files?: AttachmentFiles,
): Promise<number> {
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id))
    .limit(OUTBOX_BATCH);
  if (due.length === 0) return 0;
  // Another process may claim some of these first: the WHERE is checked again under each row's lock.
  const claimed = await db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(
      and(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
      ),
    )
    .returning();
  const domainSenders = await domainSendersOf(
    db,
    claimed.map((mail) => mail.to),
  );
  let sent = 0;
  for (const mail of claimed) {
    try {
      await transport.send({
        from: domainSenders.get(mail.to.toLowerCase()) ?? from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo || undefined,
        attachments: await readAttachments(mail.attachments, files),
      });
      // Once delivered, the outbox keeps no usable link (a reset link would let its reader in).
      // Through a database restart the mark is tried again: left unmarked, the mail would go out
      // a second time when its lease ends.
      await retryWhileUnavailable(() =>
        db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lastError: '', ...maskedBody(mail) })
          .where(eq(mailOutbox.id, mail.id)),
      );
      sent++;
    } catch (error) {
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          // A mail given up on is never sent: its links need not be kept either.
          ...(giveUp ? maskedBody(mail) : {}),
          lastError: String((error as Error).message ?? error).slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(mail.attempts)})`,
        })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
  return sent;
}

/**
 * A mail to an account of a white-label domain goes out under that domain's title and sender
 * (docs/decisions/023); the others under MAIL_FROM.
 */
async function domainSendersOf(db: Db, recipients: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, name: domains.name, sender: domains.emailSender })
    .from(users)
    .innerJoin(domains, eq(domains.id, users.domainId))
    .where(
      and(
        inArray(
          sql`lower(${users.email})`,
          recipients.map((to) => to.toLowerCase()),
        ),
        sql`${domains.emailSender} <> ''`,
      ),
    );
  // The title as a quoted display name: quotes and line breaks cannot break out of it.
  const displayName = (name: string) => name.replace(/["\\\r\n]/g, ' ').trim();
  return new Map(rows.map((row) => [row.email, `"${displayName(row.name)}" <${row.sender}>`]));
}

async function readAttachments(refs: MailAttachmentRef[], files: AttachmentFiles | undefined) {
  if (refs.length === 0) return undefined;
  if (!files) throw new Error('This mail has attachments but no file storage was given to the mail worker');
  return Promise.all(
    refs.map(async (ref) => ({
      filename: ref.filename,
      contentType: ref.contentType,
      content: Buffer.from(await files.getBytes(ref.storageKey)),
    })),
  );
}
