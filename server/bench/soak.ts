// The soak (issue 17, "Held under load"): `npm run bench:soak`. Two server processes
// (`node server/src/main.ts`) on one PostgreSQL database and one shared file folder, behind a client
// that balances between them as Caddy does (a refused connection is retried on the other replica),
// at a fixed arrival rate of a mix of what users do: logins, dashboards, lists, vial writes, checkouts
// through the sandbox gateway with a coupon, agreements sent and signed, CSV exports. Afterwards it
// checks what must hold: every queued mail delivered once, the coupon's uses and the transactions'
// total equal to the checkouts that succeeded, the vial totals equal to their records. Prints a
// table and adds the run to its section of docs/benchmarks.md.
//   SOAK_SECONDS   length of the measured load (default 600), after SOAK_WARMUP_SECONDS (60)
//   SOAK_RATE      requests started a second (default 200)
//   SOAK_DATABASE_URL  the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test);
//                  a database portal_soak_<pid> is made there and dropped after
//   --fault        kill one process a third of the way in (it is started again 5 s later) and
//                  restart PostgreSQL at two thirds (SOAK_PG_RESTART, default `pg_ctlcluster … restart`)
//   SOAK_NODE_OPTIONS  NODE_OPTIONS for the servers (e.g. `--heapsnapshot-signal=SIGUSR2
//                  --diagnostic-dir=/tmp/heap` to compare heap snapshots taken during the run)
//   --no-report    print only
import { exec, execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SANDBOX_TEST_CARDS } from '@portal/shared/cards';
import { PRODUCT } from '@portal/shared/products';
import pg from 'pg';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { DEMO_EMAILS } from '../src/seed/demo-seed.ts';
import { type ServerProcess, startServerProcess } from '../test/helpers/server-process.ts';
import { startSmtp } from '../test/helpers/smtp-sink.ts';
import { type CpuSnapshot, cpuBetween, cpuSnapshot } from './process-cpu.ts';
import { recordRun } from './report-section.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 60);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const FAULT = process.argv.includes('--fault');
const REPORT = !process.argv.includes('--no-report');
const BASE_URL = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_RESTART =
  process.env.SOAK_PG_RESTART ??
  `pg_ctlcluster --skip-systemctl-redirect ${fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql')[0] : '15'} main restart`;
const MAX_IN_FLIGHT = 1000;
const PASSWORD = 'soak-demo-password';

// ---------------------------------------------------------------- the installation under load

const dbName = `portal_soak_${process.pid}`;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const url = new URL(BASE_URL);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const database = openPostgres(databaseUrl, 2);
await runMigrations(database, databaseUrl);
const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
};

const isPatientMail = (to: string[]) =>
  to.some((address) => address.toLowerCase() === DEMO_EMAILS.patient.toLowerCase());
// Only the patient's mails (the signing links) are read; the rest are counted, their text dropped.
const smtp = await startSmtp({ keepRaw: isPatientMail });
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-'));
const serverEnv = {
  DATABASE_URL: databaseUrl,
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  DATA_DIR: filesDir,
  LOG_LEVEL: 'warn',
  DEMO_PASSWORD: PASSWORD,
  // Behind Caddy the client's address comes from X-Forwarded-For; the soak's clients have their own.
  TRUST_PROXY: 'true',
  ...(process.env.SOAK_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS } : {}),
  // The Docker image's allocator settings (Dockerfile), so that memory is measured as deployed.
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};
const servers: (ServerProcess | undefined)[] = [];
servers[0] = await startServerProcess({ ...serverEnv, SEED_DEMO: 'true' });
for (;;) {
  const health = await fetch(`${servers[0].url}/api/health/`).then((r) => r.status);
  if (health === 200) break; // the demo documents are sealed
  await new Promise((resolve) => setTimeout(resolve, 200));
}
servers[1] = await startServerProcess(serverEnv);
const serverUrls = servers.map((s) => s?.url ?? '');

async function cleanUp() {
  await Promise.all(servers.map((s) => s?.stop()));
  await database.close();
  await smtp.close();
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await client.end();
  fs.rmSync(filesDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

// ---------------------------------------------------------------- the client, balancing as Caddy does

type Outcome = { status: number; body: unknown };
let next = 0;
/** The soak's users, each at its own address (login throttles count per address, as in production). */
const CLIENTS = 250;
const clientAddress = () => {
  const n = Math.floor(Math.random() * CLIENTS);
  return `10.0.${n >> 8}.${n & 255}`;
};

/** Whether a failed fetch never reached the server (a process down): only then is the other tried. */
function refused(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

/** One request to a replica in turn; a refused connection is tried once on the other, as Caddy does. */
async function request(
  method: string,
  pathname: string,
  token?: string,
  body?: unknown,
  from = clientAddress(),
): Promise<Outcome> {
  const first = next++ % 2;
  for (const index of [first, 1 - first]) {
    try {
      const response = await fetch(`${serverUrls[index]}${pathname}`, {
        method,
        headers: {
          'x-forwarded-for': from,
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      return { status: response.status, body: type.includes('json') && text ? JSON.parse(text) : text };
    } catch (error) {
      if (index !== first || !refused(error)) throw error;
    }
  }
  throw new Error('unreachable');
}

async function login(email: string) {
  const res = await request('POST', '/api/admin/login/', undefined, { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const { token, user } = res.body as { token: string; user: { id: number } };
  return { token, id: user.id };
}

const adminSession = await login(DEMO_EMAILS.admin);
const hc = await login(DEMO_EMAILS.hc);
const lab = await login(DEMO_EMAILS.lab);
const patient = await login(DEMO_EMAILS.patient);
const couponCode = `SOAK${process.pid}`;
const [coupon] = await sql<{ id: number }>(
  `INSERT INTO coupons (name, code, discount_amount_cents) VALUES ('Soak', $1, 1000) RETURNING id`,
  [couponCode],
);
const [fee] = await sql<{ price_cents: number; shipping_fee_cents: number }>(
  'SELECT price_cents, shipping_fee_cents FROM products WHERE id = $1',
  [PRODUCT.processingFee],
);
const feeTotal = fee.price_cents + fee.shipping_fee_cents - 1000;
const address = {
  company: 'Soak Harvest',
  address1: '1 Main Street',
  city: 'Austin',
  state: 'TX',
  country_desc: 'United States',
  zip_code: '73301',
};

// ---------------------------------------------------------------- the mix

type Scenario = { name: string; weight: number; run: () => Promise<number[]> };
/** Transactions whose success the client saw (some succeed after the client gave up waiting). */
const checkoutsSucceeded = { ids: [] as number[] };
const ok = (res: Outcome, ...expected: number[]) => {
  if (!expected.includes(res.status))
    throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
};
const expiry = `${new Date().getUTCFullYear() + 1}-03`;
/** Agreements are sent and signed one at a time: a new request to the same patient voids the last. */
let signingBusy = false;
let vialDay = 0;

function quotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function sendAndSign(): Promise<number[]> {
  const before = smtp.received.length;
  const sent = ok(
    await request('POST', '/api/v1/documents/send/', hc.token, {
      harvest_center_id: hc.id,
      name: 'Demo Patient',
      email: DEMO_EMAILS.patient,
      patient_id: patient.id,
    }),
    200,
  );
  const ids = new Set(
    (sent.body as { documents: { document_id: string }[] }).documents.map((d) => d.document_id),
  );
  let links: { documentId: string; token: string }[] = [];
  const deadline = Date.now() + 20_000;
  // Each mail is read once, and only the patient's: decoding every mail (receipts carry PDFs) on
  // every poll held this process's event loop, and this process measures every latency.
  let next = before;
  while (links.length === 0 && Date.now() < deadline) {
    for (; next < smtp.received.length; next++) {
      const mail = smtp.received[next];
      if (!isPatientMail(mail.to)) continue;
      const found = [...quotedPrintable(mail.raw).matchAll(/\/sign-your-document\?([^\s"<>]+)/g)].map((m) => {
        const query = new URLSearchParams(m[1].replace(/&amp;/g, '&'));
        return { documentId: query.get('documentId') ?? '', token: query.get('token') ?? '' };
      });
      if (found.length > 0 && found.every((link) => ids.has(link.documentId))) links = found;
    }
    if (links.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (links.length === 0) throw new Error('the signing mail did not arrive in 20 s');
  const statuses = [sent.status];
  for (const link of new Map(links.map((l) => [l.documentId, l])).values()) {
    statuses.push(
      ok(
        await request('POST', '/api/v1/signing/session/', undefined, {
          document_id: link.documentId,
          token: link.token,
        }),
        200,
      ).status,
    );
    statuses.push(
      ok(
        await request('POST', '/api/v1/signing/sign/', undefined, {
          document_id: link.documentId,
          token: link.token,
          consent: true,
          signature: { type: 'typed', text: 'Demo Patient' },
        }),
        200,
      ).status,
    );
  }
  return statuses;
}

const scenarios: Scenario[] = [
  {
    name: 'session',
    weight: 40,
    run: async () => [ok(await request('GET', '/api/v1/session/', patient.token), 200).status],
  },
  {
    name: 'dashboard',
    weight: 28,
    run: async () => [
      ok(await request('GET', '/api/v1/dashboard/summary/', [adminSession, hc, lab][next % 3].token), 200)
        .status,
    ],
  },
  {
    name: 'list: users (admin)',
    weight: 24,
    run: async () => [
      ok(await request('GET', '/api/admin/users/?page=1&search=a', adminSession.token), 200).status,
    ],
  },
  {
    name: 'list: patients (HC)',
    weight: 24,
    run: async () => [
      ok(await request('GET', `/api/v1/harvest-centers/${hc.id}/patients/`, hc.token), 200).status,
    ],
  },
  {
    name: 'list: vial records (lab)',
    weight: 16,
    run: async () => [
      ok(await request('GET', `/api/v1/vials-history/user/${patient.id}/`, lab.token), 200).status,
    ],
  },
  {
    name: 'list: transactions (admin)',
    weight: 12,
    run: async () => [ok(await request('GET', '/api/admin/transactions/', adminSession.token), 200).status],
  },
  {
    name: 'vial write (lab)',
    weight: 20,
    run: async () => {
      const day = new Date(Date.UTC(2026, 0, 1) + (vialDay++ % 300) * 86_400_000).toISOString().slice(0, 10);
      return [
        ok(
          await request('POST', '/api/v1/vials-history/', lab.token, {
            user: patient.id,
            type: 'added',
            quantity: 1,
            date: day,
          }),
          201,
        ).status,
      ];
    },
  },
  {
    name: 'login',
    weight: 2,
    run: async () => [
      ok(
        await request('POST', '/api/admin/login/', undefined, {
          email: [DEMO_EMAILS.rep, DEMO_EMAILS.manager, DEMO_EMAILS.staff][next % 3],
          password: PASSWORD,
        }),
        200,
      ).status,
    ],
  },
  {
    name: 'checkout (sandbox card, coupon)',
    weight: 1,
    run: async () => {
      const card = ok(
        await request('POST', '/api/sandbox-gateway/tokens/', hc.token, {
          full_name: 'Pat Payer',
          card_number: SANDBOX_TEST_CARDS.visa,
          expiration_date: expiry,
          cvc: '123',
        }),
        200,
      );
      const paid = ok(
        await request('POST', '/api/v1/transactions/create-transaction/', hc.token, {
          idempotency_key: randomUUID(),
          product_id: PRODUCT.processingFee,
          addressInfo: address,
          shippingInfo: address,
          harvest_center_email: DEMO_EMAILS.hc,
          harvest_center_billing_email: DEMO_EMAILS.hc,
          coupon_code: couponCode,
          credit_card: { full_name: 'Pat Payer', opaque_data: card.body },
          total_amount_cents: feeTotal,
        }),
        200,
      );
      const body = paid.body as { code: string; transaction_id: number };
      if (body.code !== 'success') throw new Error(`checkout: ${JSON.stringify(body).slice(0, 300)}`);
      checkoutsSucceeded.ids.push(body.transaction_id);
      return [card.status, paid.status];
    },
  },
  {
    name: 'agreements sent and signed',
    weight: 1,
    run: async () => {
      if (signingBusy) return [ok(await request('GET', '/api/v1/session/', hc.token), 200).status];
      signingBusy = true;
      try {
        return await sendAndSign();
      } finally {
        signingBusy = false;
      }
    },
  },
  {
    name: 'export: users CSV',
    weight: 1,
    run: async () => [
      ok(await request('GET', '/api/admin/users/export-csv/', adminSession.token), 200).status,
    ],
  },
];
const totalWeight = scenarios.reduce((sum, s) => sum + s.weight, 0);
function pick(): Scenario {
  let r = Math.random() * totalWeight;
  for (const scenario of scenarios) {
    r -= scenario.weight;
    if (r < 0) return scenario;
  }
  return scenarios[0];
}

// ---------------------------------------------------------------- the run

type Sample = { scenario: string; ms: number; error?: string; at: number };
const samples: Sample[] = [];
const rssSamples: { at: number; rss: number[] }[] = [];
let inFlight = 0;
let dropped = 0;
const events: string[] = [];
/** A process killed by the fault run (its log lines still count). */
const retired: ServerProcess[] = [];

function rssOf(server: ServerProcess | undefined): number {
  const pid = server?.child.pid;
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const started = performance.now();
const total = WARMUP_SECONDS + SECONDS;
let launched = 0;
let faultKill = false;
let faultRestart = false;
/** From each fault until the system is back (seconds since the start): failures belong inside. */
const faultWindows: { from: number; to: number }[] = [];
const sinceStart = () => (performance.now() - started) / 1000;
console.log(
  `Soak: ${RATE} req/s for ${WARMUP_SECONDS} s warm-up + ${SECONDS} s${FAULT ? ', with faults' : ''}`,
);
// What the measured window cost each part of the machine, and how late this process's own event loop
// ran: a latency measured here includes the load generator's delays, so they are reported beside it.
const serverPids = () => servers.flatMap((server) => (server?.child.pid ? [server.child.pid] : []));
const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
let cpuAtWarmupEnd: CpuSnapshot | undefined;
await new Promise<void>((resolve) => {
  const tick = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    if (!cpuAtWarmupEnd && elapsed >= WARMUP_SECONDS) {
      cpuAtWarmupEnd = cpuSnapshot(serverPids());
      generatorDelay.enable();
    }
    if (elapsed >= total) {
      clearInterval(tick);
      resolve();
      return;
    }
    const due = Math.floor(elapsed * RATE) - launched;
    for (let i = 0; i < due; i++) {
      launched++;
      if (inFlight >= MAX_IN_FLIGHT) {
        dropped++;
        continue;
      }
      const scenario = pick();
      const at = elapsed;
      const t0 = performance.now();
      inFlight++;
      scenario
        .run()
        .then(
          () => samples.push({ scenario: scenario.name, ms: performance.now() - t0, at }),
          (error: Error) =>
            samples.push({
              scenario: scenario.name,
              ms: performance.now() - t0,
              at,
              error: error.message.slice(0, 200),
            }),
        )
        .finally(() => inFlight--);
    }
    if (FAULT && !faultKill && elapsed >= WARMUP_SECONDS + SECONDS / 3) {
      faultKill = true;
      events.push(`${elapsed.toFixed(0)} s: SIGKILL to process 2`);
      if (servers[1]) retired.push(servers[1]);
      servers[1]?.child.kill('SIGKILL');
      const killWindow = { from: elapsed, to: Number.POSITIVE_INFINITY };
      faultWindows.push(killWindow);
      setTimeout(() => {
        void startServerProcess(serverEnv).then((restarted) => {
          servers[1] = restarted;
          serverUrls[1] = restarted.url;
          killWindow.to = sinceStart();
          events.push(`${killWindow.to.toFixed(0)} s: process 2 started again`);
        });
      }, 5000);
    }
    if (FAULT && !faultRestart && elapsed >= WARMUP_SECONDS + (2 * SECONDS) / 3) {
      faultRestart = true;
      events.push(`${elapsed.toFixed(0)} s: PostgreSQL restarted (${PG_RESTART})`);
      const restartWindow = { from: elapsed, to: Number.POSITIVE_INFINITY };
      faultWindows.push(restartWindow);
      // Asynchronously: the load goes on while PostgreSQL is down.
      exec(PG_RESTART, (error) => {
        if (!error) restartWindow.to = sinceStart();
        events.push(
          `${sinceStart().toFixed(0)} s: PostgreSQL ${error ? `restart failed: ${error.message}` : 'accepting connections again'}`,
        );
      });
    }
  }, 5);
  const sampler = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    if (elapsed >= total) clearInterval(sampler);
    rssSamples.push({ at: elapsed, rss: servers.map(rssOf) });
  }, 5000);
});
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));

// ---------------------------------------------------------------- what must hold afterwards

/** Waits until no mail is due, then counts the outbox. */
async function settledOutbox() {
  for (let i = 0; i < 600; i++) {
    const [row] = await sql<{ due: number }>(
      `SELECT count(*)::int AS due FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()`,
    );
    if (row.due === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500)); // the last SMTP conversations end
  const [row] = await sql<{ sent: number; pending: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
            count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status = 'failed')::int AS failed FROM mail_outbox`,
  );
  return row;
}

let outbox = await settledOutbox();
/**
 * Mails the killed process had claimed stay leased (mail-delivery/outbox.ts, 5 minutes) before another
 * worker sends them: the lease is ended here instead of waited out, and they must then go out once.
 */
let leaseEnded = 0;
if (FAULT && outbox.pending > 0) {
  const ended = await sql<{ id: number }>(
    `UPDATE mail_outbox SET next_attempt_at = now()
      WHERE status = 'pending' AND attempts > 0 AND last_error = '' AND next_attempt_at > now() RETURNING id`,
  );
  leaseEnded = ended.length;
  // The workers poll every 5 s.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  outbox = await settledOutbox();
}
const [couponRow] = await sql<{ used_number: number }>('SELECT used_number FROM coupons WHERE id = $1', [
  coupon.id,
]);
const [couponTotals] = await sql<{ n: number; cents: number; seen: number }>(
  `SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::int AS cents,
          count(*) FILTER (WHERE id = ANY($2::int[]))::int AS seen
     FROM transactions WHERE coupon_id = $1`,
  [coupon.id, checkoutsSucceeded.ids],
);
const [vials] = await sql<{ stored: number; summed: number }>(
  `SELECT p.vials_available AS stored,
          (SELECT coalesce(sum(CASE WHEN type = 'added' THEN quantity ELSE -quantity END), 0)
             FROM vial_records WHERE user_id = p.user_id)::int AS summed
     FROM patient_accounts p WHERE p.user_id = $1`,
  [patient.id],
);
const checks = [
  {
    name: 'every queued mail sent once',
    held: outbox.pending === 0 && outbox.failed === 0 && smtp.received.length === outbox.sent,
    detail: `${outbox.sent} sent by the outbox, ${smtp.received.length} received by SMTP, ${outbox.pending} pending, ${outbox.failed} failed${FAULT ? `; ${leaseEnded} left claimed by the killed process, sent once its lease was ended` : ''}`,
  },
  {
    name: 'coupon uses and totals exact',
    held:
      couponRow.used_number === couponTotals.n &&
      couponTotals.cents === couponTotals.n * feeTotal &&
      couponTotals.seen === checkoutsSucceeded.ids.length,
    detail: `coupon used ${couponRow.used_number} times; ${couponTotals.n} transactions with it, ${couponTotals.cents} cents (${feeTotal} each); all ${checkoutsSucceeded.ids.length} successes the client saw among them`,
  },
  {
    name: 'vial totals equal their records',
    held: vials.stored === vials.summed,
    detail: `available ${vials.stored}, records add up to ${vials.summed}`,
  },
];

// ---------------------------------------------------------------- the table

const measured = samples.filter((s) => s.at >= WARMUP_SECONDS);
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const rows = scenarios.map((scenario) => {
  const mine = measured.filter((s) => s.scenario === scenario.name);
  const times = mine.filter((s) => !s.error).map((s) => s.ms);
  return {
    name: scenario.name,
    count: mine.length,
    errors: mine.filter((s) => s.error).length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
});
const errors = measured.filter((s) => s.error);
if (FAULT) {
  // A scenario is a few requests: one started up to RECOVERY_SECONDS before a fault may meet it, and
  // the pool needs a moment to find the database again afterwards.
  const RECOVERY_SECONDS = 10;
  const outside = errors.filter(
    (e) => !faultWindows.some((w) => e.at >= w.from - RECOVERY_SECONDS && e.at <= w.to + RECOVERY_SECONDS),
  );
  const serverFaults = errors.filter((e) => e.error?.startsWith('500 '));
  const unavailable = errors.filter((e) => e.error?.startsWith('503 '));
  checks.push(
    {
      name: 'clients recover: every failure falls within a fault and the 10 s after it',
      held: faultWindows.length === 2 && outside.length === 0,
      detail: `${errors.length - outside.length} failures inside the fault windows, ${outside.length} outside`,
    },
    {
      name: 'an outage answers 503 (try again), never 500',
      held: serverFaults.length === 0,
      detail: `${unavailable.length} answered 503, ${serverFaults.length} answered 500, ${errors.length - serverFaults.length - unavailable.length} other (connections cut or refused)`,
    },
  );
}
/** A server that ended by itself (the killed one is retired, not counted). */
const crashes = servers
  .filter((server) => server !== undefined && server.child.exitCode !== null)
  .map((server) => `process exited (${server?.child.exitCode}): ${server?.stderr().trim().slice(-1500)}`);
/** The servers' own error lines (LOG_LEVEL=warn keeps only warnings and errors). */
const serverErrors = [...servers, ...retired]
  .flatMap((server) => server?.logs ?? [])
  .filter((line) => Number(line.level) >= 50)
  .map((line) =>
    `${String(line.msg)}: ${String((line.err as { message?: string } | undefined)?.message ?? '')}`.slice(
      0,
      300,
    ),
  );
const afterWarmup = rssSamples.filter((s) => s.at >= WARMUP_SECONDS);
const rssGrowth = [0, 1].map((i) => {
  const first = afterWarmup[0]?.rss[i] ?? 0;
  const last = afterWarmup.at(-1)?.rss[i] ?? 0;
  const peak = Math.max(...afterWarmup.map((s) => s.rss[i]));
  return { first, last, peak, growth: first ? (last - first) / first : 0 };
});
generatorDelay.disable();
const cpuInWindow = cpuAtWarmupEnd && cpuBetween(cpuAtWarmupEnd, cpuSnapshot(serverPids()));
const coreShare = (seconds: number) => `${((seconds / SECONDS) * 100).toFixed(0)}%`;
const machineLine = cpuInWindow
  ? `CPU over the measured window, in % of one core (${os.cpus().length} cores): both servers ${coreShare(cpuInWindow.portal)}, PostgreSQL ${coreShare(cpuInWindow.postgres)}, the load generator (with the SMTP sink) ${coreShare(cpuInWindow.loadGenerator)}. The load generator's own event loop ran late by p50 ${(generatorDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(generatorDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(generatorDelay.max / 1e6).toFixed(1)} ms (part of every latency below).`
  : '';
const achieved = measured.length / SECONDS;
const fmt = (ms: number) => ms.toFixed(1);
const lines = [
  `Two server processes on PostgreSQL ${FAULT ? '(fault run) ' : ''}— ${RATE} req/s offered for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up; ${measured.length} scenarios run (${achieved.toFixed(0)}/s), ${dropped} not started (over ${MAX_IN_FLIGHT} in flight), ${errors.length} failed.`,
  '',
  '| scenario | share | run | failed | p50 ms | p95 ms | p99 ms |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r, i) =>
      `| ${r.name} | ${Math.round((scenarios[i].weight / totalWeight) * 100)}% | ${r.count} | ${r.errors} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} |`,
  ),
  '',
  ...(machineLine ? [machineLine, ''] : []),
  `Server RSS after warm-up → end (peak): ${rssGrowth.map((g, i) => `process ${i + 1} ${g.first.toFixed(0)} → ${g.last.toFixed(0)} MB (${g.peak.toFixed(0)}), ${(g.growth * 100).toFixed(1)}%`).join('; ')}.`,
  '',
  ...checks.map((c) => `- ${c.held ? 'held' : 'FAILED'}: ${c.name} (${c.detail})`),
  ...(events.length ? ['', ...events.map((e) => `- ${e}`)] : []),
  ...crashes.map((crash) => `- ${crash}`),
  ...(serverErrors.length
    ? [
        '',
        `Server error lines: ${serverErrors.length}; first:`,
        ...[...new Set(serverErrors)].slice(0, 5).map((e) => `- ${e}`),
      ]
    : []),
  ...(errors.length
    ? [
        '',
        'First failures:',
        ...[...new Map(errors.map((e) => [`${e.scenario}: ${e.error}`, e])).values()]
          .slice(0, 8)
          .map((e) => `- ${e.at.toFixed(0)} s, ${e.scenario}: ${e.error}`),
      ]
    : []),
];
console.log(lines.join('\n'));

if (REPORT) {
  const [{ server_version: postgresVersion }] = await sql<{ server_version: string }>('SHOW server_version');
  const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  const heading = `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: soak${FAULT ? ' with faults' : ''} (\`npm run bench:soak${FAULT ? ' -- --fault' : ''}\`)`;
  const context = `Commit ${commit}; ${os.cpus().length} cores; Node ${process.version}; load generator, both servers and PostgreSQL ${postgresVersion} on this one machine; SMTP: a local smtp-server; files: one folder both servers share.`;
  recordRun('soak', `${heading}\n\n${context}\n\n${lines.join('\n')}`);
}
await cleanUp();
process.exit(checks.every((c) => c.held) ? 0 : 1);
