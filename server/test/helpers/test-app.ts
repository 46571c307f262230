import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { issueSessionToken } from '../../src/auth/tokens.ts';
import { loadConfig } from '../../src/config/env.ts';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';
import type { MailTransport, OutgoingMail } from '../../src/mail-delivery/transport.ts';
import type { UserRow } from '../../src/seed/factories.ts';
import { databaseUrl } from './global-setup-postgres.ts';

/** Captures mail in memory; `failing` makes every send throw, like a mail server that is down. */
export class MemoryMailTransport implements MailTransport {
  readonly kind = 'file' as const;
  readonly sent: OutgoingMail[] = [];
  failing = false;
  async send(mail: OutgoingMail) {
    if (this.failing) throw new Error('connect ECONNREFUSED');
    this.sent.push(mail);
  }
  close() {}
}

const TEST_PGLITE_SETTINGS = ['-c', 'shared_buffers=1MB'];

async function openTestDatabase(): Promise<Database> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    // A test's database is a few megabytes, in memory already: with a 1 MB buffer pool instead of
    // the server's 32 MB each file's database starts in about 0.3 s instead of 0.45, and the PGlite
    // API suite takes a tenth less CPU (docs/benchmarks.md).
    return openPglite(undefined, new Blob([fs.readFileSync(target.templateFile)]), TEST_PGLITE_SETTINGS);
  }
  const { url, drop } = await createPostgresTestDatabase(target);
  const database = openPostgres(url, 5);
  const close = database.close;
  database.close = async () => {
    await close();
    await drop();
  };
  return database;
}

/**
 * A new PostgreSQL database copied from the migrated template (for apps in this process, or server
 * processes started by a test), and how to drop it.
 */
export async function createPostgresTestDatabase(
  target: { url: string; template: string } = postgresTarget(),
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
        break;
      } catch (error) {
        // Two files copying the template at the same moment: wait and try again.
        if (attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(target.url, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: target.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function postgresTarget(): { url: string; template: string } {
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') throw new Error('Not running on PostgreSQL (TEST_DATABASE_URL)');
  return target;
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  mail: MemoryMailTransport;
  dataDir: string;
  close(): Promise<void>;
};

/** A full app on a fresh copy of the migrated database; no demo data. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    mailTransport?: MailTransport;
    plugins?: FastifyPluginAsync[];
    /** PostgreSQL only: a second app process on the database of `sharing` (closing it keeps the database). */
    sharing?: TestApp;
    /** Where the log goes (JSON lines); without it the app does not log. */
    logStream?: NodeJS.WritableStream;
    /** A web build of the test's own instead of WEB_DIST_DIR's. */
    webDistDir?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    // The white-label checks never ask the machine's DNS: a closed local port fails at once
    // (white-label.test.ts runs its own DNS stub).
    WHITE_LABEL_DNS_SERVERS: '127.0.0.1:9',
    ...options.env,
  });
  const shared = options.sharing?.database.connectionString;
  if (options.sharing && !shared) throw new Error('Only a PostgreSQL test database can be shared');
  const database = shared ? openPostgres(shared, 5) : await openTestDatabase();
  const mail = new MemoryMailTransport();
  const app = await buildApp({
    config,
    database,
    mailTransport: options.mailTransport ?? mail,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    webDistDir: options.webDistDir,
    plugins: options.plugins,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    mail,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A session token for a user without going through the login route (fast, no throttling). */
export async function tokenFor(app: FastifyInstance, user: Pick<UserRow, 'id'>): Promise<string> {
  const { token } = await issueSessionToken(app.db, { userId: user.id, ttlDays: 7 });
  return token;
}

/** `app.inject` as a signed-in user. */
export async function injectAs(
  app: FastifyInstance,
  user: Pick<UserRow, 'id'> | string,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const token = typeof user === 'string' ? user : await tokenFor(app, user);
  return app.inject({ ...options, headers: { ...options.headers, authorization: `Token ${token}` } });
}
