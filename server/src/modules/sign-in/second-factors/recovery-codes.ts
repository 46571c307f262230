import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/shared/second-factors';
import type { Db } from '../../../db/client.ts';
import { claimRecoveryCode, deleteRecoveryCodes, insertRecoveryCodes } from './factors.repository.ts';

/** Letters and digits that cannot be mistaken for one another when copied from paper (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/**
 * A recovery code as shown: "abcde-fghjk". Ten characters of a 31-letter alphabet are about 50 bits,
 * drawn by the operating system's generator: far beyond guessing within the login throttle, so a
 * plain SHA-256 of the code is enough to keep it (a slow password hash protects low-entropy secrets).
 */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form of a code as typed (ZRecoveryCode has already removed dashes and case). */
export function hashRecoveryCode(normalized: string): string {
  return createHash('sha256').update(`portal recovery code\0${normalized}`).digest('hex');
}

/** Replaces the account's recovery codes with ten new ones; the codes are returned once, never stored. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deleteRecoveryCodes(db, userId);
  await insertRecoveryCodes(
    db,
    userId,
    codes.map((code) => hashRecoveryCode(code.replace('-', ''))),
  );
  return codes;
}

/** Uses up a code: true once, for the first request that claims it (a guarded UPDATE). */
export async function consumeRecoveryCode(db: Db, userId: number, normalized: string): Promise<boolean> {
  return claimRecoveryCode(db, userId, hashRecoveryCode(normalized));
}
