import type { Db } from '../../db/client.ts';
import type { SealKeys } from '../../pdf-signing/seal-keys.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { ESignProvider } from './esign-provider.ts';

/** What the document use cases need from the app, passed explicitly so tests and the seed can build it. */
export type DocumentsDeps = {
  db: Db;
  storage: FileStorage;
  seal: SealKeys;
  provider: ESignProvider;
  /** Absolute base of links in mails and sign links (PUBLIC_URL). */
  publicUrl: string;
  uploadMaxBytes: number;
  /** Sends queued mail now rather than at the worker's next poll. */
  wakeMail(): void;
};

/** Where a request came from: the audit trail keeps it. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

export function requestOrigin(request: { ip: string; headers: Record<string, unknown> }): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
  };
}
