import { ConfigError, loadConfig } from './config/env.ts';
import { initPgliteDataDir, pgliteDataDir } from './db/pglite-data-dir.ts';
import { FreedMemoryRelease, trimGlibcHeap } from './jobs/freed-memory-release.ts';
import { PROCESS_ID } from './jobs/process-id.ts';
import { isTestPayments } from './payment-gateways/payment-mode.ts';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  // A fresh embedded database is initialised by a child process while this thread loads the rest of the
  // server (seconds each on a first start; the machine's other core does the one).
  const dataDirReady = config.databaseUrl
    ? Promise.resolve()
    : initPgliteDataDir(pgliteDataDir(config.dataDir));
  const [{ buildApp }, { openDatabase }, { runMigrations }, demoSeed] = await Promise.all([
    import('./app.ts'),
    import('./db/client.ts'),
    import('./db/migrate.ts'),
    import('./seed/demo-seed.ts'),
  ]);
  await dataDirReady;
  const database = await openDatabase(config);
  await runMigrations(database, config.databaseUrl);
  // The demo data is written while the server already answers (issue 42): its accounts in one
  // transaction (API requests wait for it: http/health.ts), then its documents, each in its own
  // transactions (requests go between them). GET /api/health/ says 'starting' until both are done.
  let demoAccountsDone = () => {};
  const demoAccountsWritten = config.seedDemo
    ? new Promise<void>((resolve) => {
        demoAccountsDone = resolve;
      })
    : undefined;
  const app = await buildApp({ config, database, holdApiRequestsUntil: demoAccountsWritten });
  if (config.production && isTestPayments(config.payments)) {
    app.log.warn('card payments are tests (no money moves): every page shows the "Test payments" banner');
  }
  app.mailWorker.start();
  app.sessionPurge.start();
  app.auditCheckpoints.start();
  app.stagedUploadPurge.start();
  app.signingReminders.start();
  await app.listen({ port: config.port, host: config.host });
  if (demoAccountsWritten) {
    app.startupWork.track('demo data', async () => {
      const demoAccounts = await demoSeed
        .seedDemoAccountsIfEmpty(database.db, config.demoPassword)
        .catch((error: unknown) => {
          // As when the seed ran before listening: a start without its demo accounts is a failed start.
          console.error('Portal failed to start: the demo accounts were not written:', error);
          process.exit(1);
        });
      demoAccountsDone();
      if (!demoAccounts) return;
      app.log.info('seeded demo accounts (see README); sealing the demo documents');
      // Sealing the demo's signed PDFs takes seconds: the portal answers meanwhile.
      await demoSeed.seedDemoDocumentsOf(database.db, demoAccounts, { storage: app.storage, config });
      app.log.info('seeded demo data (see README for the demo accounts)');
      // Its PDF threads end now rather than after their idle timeout: the memory goes back at once.
      await app.cpuPool.close();
    });
  }
  // Memory its threads freed goes back to the system once the server is quiet (idle RSS −60 MB).
  const freedMemory = new FreedMemoryRelease({
    trim: trimGlibcHeap,
    isBusy: () => app.startupWork.pending.length > 0,
    log: app.log,
  });
  app.server.on('request', () => freedMemory.noteActivity());
  // A PDF thread that ended (idle, or closed above) freed its memory: hand it back too.
  app.cpuPool.onThreadExit(() => freedMemory.noteActivity());
  freedMemory.start();
  app.log.info(
    { processId: PROCESS_ID },
    `Portal on ${config.publicUrl} (database: ${database.kind}, mail: ${config.smtpUrl ? 'smtp' : 'files'}) ` +
      `ready in ${Math.round(performance.now() - startedAt)} ms`,
  );

  let closing = false;
  // Stops taking connections, lets the requests under way finish (new ones get 503), stops the
  // jobs and the mail worker after their current pass (releasing job claims), then closes the database.
  // Past SHUTDOWN_GRACE_MS the process exits anyway: the orchestrator's kill would follow.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests under way, then shutting down`);
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_GRACE_MS} ms: exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    freedMemory.stop();
    await app.close();
    await database.close();
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Within compose's stop_grace_period (30 s) and Kubernetes' default (30 s). */
const SHUTDOWN_GRACE_MS = 25_000;

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Portal failed to start:', error);
  }
  process.exit(1);
});
