// The portal as the request-path benches load it: on a fresh database of either engine with the demo
// data, signed in as the admin and the HC, and the routes they measure. Shared by request-path.ts
// (`npm run bench`) and route-profile.ts (`npm run bench:profile`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { DEMO_EMAILS } from '../src/seed/demo-seed.ts';
import { startPortalProcess } from './portal-process.ts';

export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Set here rather than taken from the environment: the bench signs in with it. */
const DEMO_PASSWORD = 'bench-demo-password';

export type EngineKey = 'pglite' | 'postgres';
export type GoalKind = 'public' | 'signed-in' | 'list';

// ---------------------------------------------------------------- the routes

export type Session = 'none' | 'admin' | 'hc';
export type Route = { name: string; path: string; session: Session; goal?: GoalKind; list?: boolean };

export function portalRoutes(patientId: number): Route[] {
  return [
    { name: 'public route', path: '/auth/build-version/', session: 'none', goal: 'public' },
    // Public, but the session header makes the portal look the session up: no goal of its own.
    { name: 'public route + session header', path: '/auth/build-version/', session: 'admin' },
    // The least a signed-in route can do: the session, and one small table read.
    { name: 'signed-in trivial route', path: '/api/v1/memberships/', session: 'admin', goal: 'signed-in' },
    { name: 'admin users', path: '/api/admin/users/?limit=20', session: 'admin', goal: 'list', list: true },
    {
      name: 'HC patients',
      path: '/api/v1/users/patient/list/?limit=20',
      session: 'hc',
      goal: 'list',
      list: true,
    },
    {
      name: 'admin harvest centers',
      path: '/api/admin/harvest-centers/?limit=20',
      session: 'admin',
      goal: 'list',
      list: true,
    },
    {
      name: 'admin transactions',
      path: '/api/admin/transactions/?limit=10',
      session: 'admin',
      goal: 'list',
      list: true,
    },
    {
      name: "a patient's vial history",
      path: `/api/v1/vials-history/user/${patientId}/`,
      session: 'admin',
      goal: 'list',
      list: true,
    },
  ];
}

// ---------------------------------------------------------------- clean-up

/** Undone in reverse order at the end, or on Ctrl-C, so no process or bench database is left behind. */
export const cleanups: (() => Promise<void>)[] = [];
export async function cleanUp() {
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch((error) => console.error(error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

// ---------------------------------------------------------------- the portal on each engine

async function onPostgresServer<T extends pg.QueryResultRow>(statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${POSTGRES_URL} is not reachable (${(error as Error).message}); ` +
        'set BENCH_DATABASE_URL, or BENCH_ENGINES=pglite to skip it',
    );
  }
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** The environment of the portal on a fresh database of the engine, and the text naming it. */
export async function freshEngine(key: EngineKey): Promise<{ env: Record<string, string>; title: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (key === 'pglite') {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      title: "PGlite on a fresh data folder (the database in the portal's process, as `npm start` runs it)",
    };
  }
  const name = `portal_bench_${process.pid}`;
  await onPostgresServer(`CREATE DATABASE ${name}`);
  cleanups.push(async () => void (await onPostgresServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const [{ server_version }] = await onPostgresServer<{ server_version: string }>('SHOW server_version');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    title: `PostgreSQL ${server_version} on ${url.host}, a fresh database`,
  };
}

export async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A full session of a demo account (demo accounts owe no second factor). */
export async function signIn(base: string, email: string): Promise<string> {
  const answer = z.object({ token: z.string(), stage: z.string().optional() }).parse(
    await getJson(`${base}/api/admin/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }),
  );
  if (answer.stage && answer.stage !== 'complete') {
    throw new Error(`${email} signs in to a "${answer.stage}" step, not a full session`);
  }
  return `Token ${answer.token}`;
}

/** The portal on the demo data, started as `npm start` does, and the sessions the routes use. */
export async function startPortal(key: EngineKey, extraEnv: Record<string, string> = {}) {
  const { env, title } = await freshEngine(key);
  const portal = await startPortalProcess({ ...env, SEED_DEMO: 'true', DEMO_PASSWORD, ...extraEnv });
  cleanups.push(() => portal.stop());
  const sessions: Record<Session, Record<string, string>> = {
    none: {},
    admin: { authorization: await signIn(portal.base, DEMO_EMAILS.admin) },
    hc: { authorization: await signIn(portal.base, DEMO_EMAILS.hc) },
  };
  const patients = z
    .object({ results: z.array(z.object({ id: z.number(), email: z.string() })) })
    .parse(
      await getJson(
        `${portal.base}/api/v1/users/patient/list/?search=${encodeURIComponent(DEMO_EMAILS.patient)}`,
        { headers: sessions.admin },
      ),
    );
  const patient = patients.results.find((p) => p.email === DEMO_EMAILS.patient);
  if (!patient) throw new Error(`the demo patient ${DEMO_EMAILS.patient} is missing from the patient list`);
  return { base: portal.base, pid: portal.pid, sessions, title, patientId: patient.id };
}

/** A list that answers an empty page would measure nothing: the demo data must show up in it. */
export async function checkListHasRows(url: string, headers: Record<string, string>) {
  const page = z.object({ count: z.number() }).parse(await getJson(url, { headers }));
  if (page.count === 0) throw new Error(`GET ${url} lists nothing: the demo data is missing`);
}
