import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

/** What the label use cases need from the app. */
export type ShippingLabelDeps = {
  db: Db;
  storage: FileStorage;
  /** The secret of short-lived file links (shared with the documents' media links). */
  mediaSecret(): Promise<string>;
  /** Sends queued mail now rather than at the worker's next poll. */
  wakeMail(): void;
};
