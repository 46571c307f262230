import type { FastifyBaseLogger } from 'fastify';
import { purgeStaleStagedUploads, type StagingDeps } from '../storage/staged-uploads.ts';
import { PeriodicJob } from './periodic-job.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Removes staged uploads not filed within a day: at start, then hourly; stopped on close. */
export class StagedUploadPurgeJob extends PeriodicJob<{ removed: number }> {
  constructor(deps: StagingDeps, log: FastifyBaseLogger) {
    super(
      'staged upload purge',
      deps.db,
      async (now) => {
        const result = await purgeStaleStagedUploads(deps, now);
        if (result.removed > 0) log.info(result, 'removed staged uploads not filed within a day');
        return result;
      },
      log,
    );
  }

  override start(intervalMs = HOUR_MS): void {
    super.start(intervalMs);
  }
}
