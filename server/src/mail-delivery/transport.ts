import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

export type OutgoingMail = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under DATA_DIR/mail
 * (directory 0700, files 0600).
 */
export function createMailTransport(config: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (config.smtpUrl) {
    const smtp = lazyTransporter(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await (await smtp.get()).sendMail({ ...mail, html: mail.html || undefined });
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const files = lazyTransporter({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await (await files.get()).sendMail({ ...mail, html: mail.html || undefined });
      // The files are the delivered mail, reset links included: only the server's account reads them.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.chmod(dir, 0o700);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await fs.writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600, flag: 'wx' });
    },
    close: () => files.close(),
  };
}

/**
 * nodemailer loads with the first mail, not with the server (~25 MB resident; a process may run for
 * hours before it sends one; decision 035).
 */
function lazyTransporter(options: string | Record<string, unknown>) {
  let transporter: Promise<Transporter> | undefined;
  let made: Transporter | undefined;
  return {
    get(): Promise<Transporter> {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) => {
        made = nodemailer.createTransport(options as Parameters<typeof nodemailer.createTransport>[0]);
        return made;
      });
      return transporter;
    },
    close(): void {
      made?.close();
    },
  };
}
