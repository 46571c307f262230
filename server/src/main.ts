import { ConfigError, loadConfig } from './config/env.ts';
import { initPgliteDataDir, pgliteDataDir } from './db/pglite-data-dir.ts';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  // A fresh embedded database is initialised by a child process while this thread loads the rest of the
  // server (seconds each on a first start; the machine's other core does the one).
  const dataDirReady = config.databaseUrl
    ? Promise.resolve()
    : initPgliteDataDir(pgliteDataDir(config.dataDir));
  const [{ buildApp }, { openDatabase }, { runMigrations }, { seedDemoIfEmpty }, { createFileStorage }] =
    await Promise.all([
      import('./app.ts'),
      import('./db/client.ts'),
      import('./db/migrate.ts'),
      import('./seed/demo-seed.ts'),
      import('./storage/file-storage.ts'),
    ]);
  await dataDirReady;
  const database = await openDatabase(config);
  await runMigrations(database, config.databaseUrl);
  const seeded =
    config.seedDemo &&
    (await seedDemoIfEmpty(database.db, config.demoPassword, { storage: createFileStorage(config), config }));
  const app = await buildApp({ config, database });
  if (seeded) app.log.info('seeded demo data (see README for the demo accounts)');
  app.mailWorker.start();
  app.sessionPurge.start();
  app.signingReminders.start();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Portal on ${config.publicUrl} (database: ${database.kind}, mail: ${config.smtpUrl ? 'smtp' : 'files'}) ` +
      `ready in ${Math.round(performance.now() - startedAt)} ms`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Portal failed to start:', error);
  }
  process.exit(1);
});
