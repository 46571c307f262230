import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

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
    const transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail({ ...mail, html: mail.html || undefined });
      },
      close: () => transporter.close(),
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transporter.sendMail({ ...mail, html: mail.html || undefined });
      // The files are the delivered mail, reset links included: only the server's account reads them.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.chmod(dir, 0o700);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await fs.writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600, flag: 'wx' });
    },
    close: () => transporter.close(),
  };
}
