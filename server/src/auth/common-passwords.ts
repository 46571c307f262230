import { createRequire } from 'node:module';
import { COMMON_PASSWORD_MESSAGE } from '@portal/shared/auth';
import { badRequest } from '../errors/app-error.ts';

/** How many of the most common passwords are refused (issue 14; NIST SP 800-63B's blocklist advice). */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

/**
 * The list is zxcvbn's, ranked by frequency in leaked-password corpora; read on first use (about
 * 300 kB in memory), never shipped to the browser.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const ranked = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common/src/passwords.json',
    ) as string[];
    common = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** A 400 on `field` when the chosen password is among the most common ones. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}
