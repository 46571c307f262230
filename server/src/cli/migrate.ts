// `npm run db:migrate`: apply pending migrations to DATABASE_URL or the embedded database.
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

const config = loadConfig();
const database = await openDatabase(config);
await runMigrations(database, config.databaseUrl);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
