import { causeChain } from '../errors/cause-chain.ts';

/** The PostgreSQL SQLSTATE of an error or of one of its causes. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The database is restarting or out of reach: PostgreSQL shutting down or starting (57P01-57P03),
 * a connection exception (class 08), or the socket refused or cut. The statement did not commit,
 * so it may simply be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code && (/^57P0[1-3]$/.test(code) || code.startsWith('08'))) return true;
  return causeChain(error).some((e) => {
    const { code: sysCode, message } = e as { code?: unknown; message?: unknown };
    return (
      sysCode === 'ECONNREFUSED' ||
      sysCode === 'ECONNRESET' ||
      sysCode === 'EPIPE' ||
      // pg's own words for a cut connection, and for a later query on it (the ROLLBACK after a
      // failed transaction statement meets this one).
      (typeof message === 'string' &&
        /^(Connection terminated|Client has encountered a connection error|Client was closed)/.test(message))
    );
  });
}

/**
 * Runs `write` again while the database is out of reach, for at most about `withinMs`: for a write
 * that records something already done outside (a mail handed to SMTP), where giving up would have
 * it done twice.
 */
export async function retryWhileUnavailable<T>(write: () => Promise<T>, withinMs = 30_000): Promise<T> {
  for (let waited = 0, delay = 250; ; waited += delay, delay = Math.min(delay * 2, 4000)) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || waited >= withinMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
