// `npm run db:seed`: demo data into an empty database (refuses a database that has users).
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemoIfEmpty } from '../seed/demo-seed.ts';
import { createFileStorage } from '../storage/file-storage.ts';

const config = loadConfig();
const database = await openDatabase(config);
await runMigrations(database, config.databaseUrl);
const seeded = await seedDemoIfEmpty(database.db, config.demoPassword, {
  storage: await createFileStorage(config),
  config,
});
await database.close();
console.log(seeded ? 'Demo data seeded.' : 'The database already has users; nothing seeded.');
process.exit(seeded ? 0 : 1);
