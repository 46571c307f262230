import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../playwright.config.ts';

/** The mails delivered to `to`, decoded (the test server writes mail as .eml files, quoted-printable). */
export async function deliveredMails(to: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const mails: string[] = [];
  for (const file of await readdir(dir).catch(() => [])) {
    // Quoted-printable: undo soft line breaks and the escaped '='.
    const text = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    if (text.includes(`To: ${to}`)) mails.push(text);
  }
  return mails;
}

/** The password link in the invitation ("set your password") delivered to `to`. */
export async function deliveredInvitationLink(to: string): Promise<string | undefined> {
  for (const text of await deliveredMails(to)) {
    if (!/set your password/.test(text)) continue;
    const link = /http:\/\/\S+\/(?:set|reset)-password\?token=[\w-]+/.exec(text)?.[0];
    if (link) return link;
  }
  return undefined;
}
