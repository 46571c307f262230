import { SIGNING_REMINDER_DAYS } from '@portal/shared/documents';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { PeriodicJob } from '../../jobs/periodic-job.ts';
import { queueReminderMail } from './document-mails.ts';
import {
  findContact,
  findDueReminders,
  insertEvents,
  lockStillDueReminders,
  updateDocument,
} from './documents.repository.ts';
import { centerLabel } from './request-parties.ts';
import { createSigningLink } from './signing-links.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests reminded per run; the next run takes the rest. */
const BATCH = 100;

/**
 * After a reminder, how many of the schedule's points (3 and 7 days after sending) have passed and
 * when the next one is due. A job that was down skips the reminders it missed rather than mailing
 * them all at once.
 */
export function reminderSchedule(sentAt: Date, remindersSent: number, now: Date) {
  const points = SIGNING_REMINDER_DAYS.map((days) => new Date(sentAt.getTime() + days * DAY_MS));
  const passed = Math.max(remindersSent + 1, points.filter((p) => p <= now).length);
  return { remindersSent: passed, nextReminderAt: points[passed] ?? null };
}

/**
 * Mails a fresh link for every Pending request of the built-in service whose reminder is due, one
 * mail per signer and center; the older links stop working. Rows are locked with SKIP LOCKED, so
 * two app processes never remind twice.
 */
export async function sendDueReminders(db: Db, publicUrl: string, now = new Date()): Promise<number> {
  const due = await findDueReminders(db, now, BATCH);
  const groups = new Map<string, number[]>();
  for (const d of due) {
    const key = `${d.harvestCenterId ?? ''} ${d.signerEmail.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), d.id]);
  }
  let reminded = 0;
  for (const ids of groups.values()) {
    reminded += await db.transaction(async (tx) => {
      const rows = await lockStillDueReminders(tx, ids, now);
      if (rows.length === 0) return 0;
      const links: { kind: (typeof rows)[number]['kind']; url: string }[] = [];
      for (const row of rows) {
        links.push({ kind: row.kind, url: (await createSigningLink(tx, row, 'email', publicUrl)).url });
        await updateDocument(
          tx,
          row.id,
          reminderSchedule(row.sentAt ?? row.createdAt, row.remindersSent, now),
        );
        await insertEvents(tx, row.id, [{ event: 'reminded', at: now, by: 'Portal' }]);
      }
      const center = await findContact(tx, rows[0].harvestCenterId);
      await queueReminderMail(tx, {
        to: rows[0].signerEmail,
        signerName: rows[0].signerName,
        centerName: center ? centerLabel(center) : '',
        links,
      });
      return rows.length;
    });
  }
  return reminded;
}

/** Mails the due reminders at start and then every 15 minutes; stopped on close. */
export class SigningReminderJob extends PeriodicJob<number> {
  constructor(db: Db, options: { publicUrl: string; onMailQueued: () => void }, log: FastifyBaseLogger) {
    super(
      'signing reminders',
      db,
      async (now) => {
        const count = await sendDueReminders(db, options.publicUrl, now);
        if (count > 0) {
          log.info({ count }, 'mailed signing reminders');
          options.onMailQueued();
        }
        return count;
      },
      log,
    );
  }

  override start(intervalMs = 15 * 60 * 1000): void {
    super.start(intervalMs);
  }
}
