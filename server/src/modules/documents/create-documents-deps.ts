import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { SealKeys } from '../../pdf-signing/seal-keys.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { DocumentsDeps } from './documents-deps.ts';
import { createESignProvider } from './esign-provider.ts';

/** The documents module's dependencies for one app process (the seal certificate loads on first use). */
export function createDocumentsDeps(input: {
  db: Db;
  storage: FileStorage;
  config: AppConfig;
  wakeMail?: () => void;
  /** The app's seal keys (app.sealKeys); the seed, without an app, makes its own. */
  seal?: SealKeys;
}): DocumentsDeps {
  return {
    db: input.db,
    storage: input.storage,
    seal: input.seal ?? new SealKeys(input.db, input.config.signingCertificate),
    provider: createESignProvider(input.config),
    publicUrl: input.config.publicUrl,
    uploadMaxBytes: input.config.uploadMaxBytes,
    wakeMail: input.wakeMail ?? (() => {}),
  };
}
