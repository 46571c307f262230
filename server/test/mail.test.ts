import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/platform.ts';
import { enqueueMail, retryDelaySeconds } from '../src/mail-delivery/outbox.ts';
import { createMailTransport, type MailTransport } from '../src/mail-delivery/transport.ts';
import { startSmtp } from './helpers/smtp-sink.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

describe('mail delivery over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@example.test>' };
    t = await buildTestApp({
      env,
      mailTransport: createMailTransport({ smtpUrl: env.SMTP_URL, dataDir: '' }),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a queued mail to the SMTP server and marks it sent', async () => {
    const id = await enqueueMail(t.db, { to: 'someone@example.test', subject: 'Hello', text: 'Body text' });
    await t.app.mailWorker.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['someone@example.test']);
    expect(smtp.received[0].from).toBe('portal@example.test');
    expect(smtp.received[0].raw).toContain('Subject: Hello');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('sent');
  });
});

describe('mail outbox when the server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps the mail, backs off, and delivers it once the server is back', async () => {
    t.mail.failing = true;
    const id = await enqueueMail(t.db, { to: 'later@example.test', subject: 'Later', text: 'x' });
    await t.app.mailWorker.drain();
    let [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('ECONNREFUSED');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is sent even though the server is back.
    t.mail.failing = false;
    await t.app.mailWorker.drain();
    expect(t.mail.sent).toHaveLength(0);

    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id));
    await t.app.mailWorker.drain();
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('sent');
    expect(t.mail.sent.map((m) => m.to)).toEqual(['later@example.test']);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 10, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});

describe('draining while a pass is under way', () => {
  it('sends a mail queued after that pass read the outbox before drain() resolves', async () => {
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstSendStarted: () => void = () => {};
    const firstSending = new Promise<void>((resolve) => {
      firstSendStarted = resolve;
    });
    const delivered: string[] = [];
    // The first send waits: the pass that sends it has already read the due mails.
    const transport: MailTransport = {
      kind: 'smtp',
      close() {},
      async send(mail) {
        if (delivered.length === 0) {
          firstSendStarted();
          await firstHeld;
        }
        delivered.push(String(mail.to));
      },
    };
    const t = await buildTestApp({ mailTransport: transport });
    try {
      await enqueueMail(t.db, { to: 'first@example.test', subject: 'First', text: 'One' });
      const earlierPass = t.app.mailWorker.drain();
      await firstSending; // that pass has read the outbox: the next mail is not in what it read
      await enqueueMail(t.db, { to: 'second@example.test', subject: 'Second', text: 'Two' });
      const drained = t.app.mailWorker.drain();
      releaseFirst();
      await Promise.all([earlierPass, drained]);
      expect(delivered).toEqual(['first@example.test', 'second@example.test']);
    } finally {
      await t.close();
    }
  });
});

describe('file transport', () => {
  it('writes an .eml file when no SMTP server is configured', async () => {
    const t = await buildTestApp();
    try {
      const transport = createMailTransport({ dataDir: t.dataDir });
      await transport.send({
        from: 'a@example.test',
        to: 'b@example.test',
        subject: 'Saved',
        text: 'On disk',
      });
      const fs = await import('node:fs');
      const files = fs.readdirSync(`${t.dataDir}/mail`);
      expect(files).toHaveLength(1);
      expect(fs.readFileSync(`${t.dataDir}/mail/${files[0]}`, 'utf8')).toContain('Subject: Saved');
    } finally {
      await t.close();
    }
  });
});
