import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { PeriodicJob } from '../jobs/periodic-job.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { type CheckpointOutcome, writeAuditCheckpoint } from './audit-checkpoint.ts';

/**
 * Checkpoints the audit chain's head in the file storage at start and then hourly (decision 028); one
 * process a run (the job's claim). A refusal means the database lost rows the last checkpoint
 * recorded: logged as an error, and the verification reports it.
 */
export class AuditCheckpointJob extends PeriodicJob<CheckpointOutcome> {
  constructor(db: Db, storage: FileStorage, log: FastifyBaseLogger) {
    super(
      'audit checkpoint',
      db,
      async (now) => {
        const outcome = await writeAuditCheckpoint(db, storage, now);
        if (outcome.status === 'refused') {
          log.error(
            { reason: outcome.reason },
            'audit checkpoint refused: the audit log lost checkpointed rows',
          );
        }
        return outcome;
      },
      log,
    );
  }

  override start(intervalMs = 60 * 60 * 1000): void {
    super.start(intervalMs);
  }
}
