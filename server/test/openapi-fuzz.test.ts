import { REAUTHENTICATION_LOCKED_MESSAGE } from '@portal/shared/credential-changes';
import { PRODUCT } from '@portal/shared/products';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../src/db/schema/assets.ts';
import { locations, transactions } from '../src/db/schema/commerce.ts';
import { shippingLabelRequests } from '../src/db/schema/shipping.ts';
import { LABEL_FILES } from '../src/modules/shipping-labels/label-files.ts';
import type { UserRow } from '../src/seed/factories.ts';
import { createHcStaff, createPatient, createVialRecord } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { createSideDocuments, TINY_PDF } from './helpers/document-world.ts';
import { buildTestApp, type TestApp, tokenFor } from './helpers/test-app.ts';

/*
 * Every operation of the OpenAPI document, fed wrong types, missing and extra fields, NUL
 * characters, 100 kB strings, huge and negative numbers and bad path ids, as an admin and
 * anonymously. Whatever comes in: never a 5xx; a request that definitely breaks the documented
 * schema is a 4xx; and a refused request leaves every table as it was.
 *
 * Runs are bounded and the seed fixed, so a failure replays: FUZZ_SEED and FUZZ_RUNS change them.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260523);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 10);

// ---------------------------------------------------------------------------------------------
// The document, read as data.
// ---------------------------------------------------------------------------------------------

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
};

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };

type Operation = {
  method: string;
  path: string;
  isPublic: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
};

function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const operation = raw as {
        security?: unknown[];
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      };
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * True only when the value breaks the schema for certain (conservative: unknown keywords and
 * refinements the document cannot express count as "maybe valid").
 */
function definitelyViolates(schema: JsonSchema | undefined, value: unknown): boolean {
  if (!schema) return false;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.every((alternative) => definitelyViolates(alternative, value));
  if (schema.allOf?.some((part) => definitelyViolates(part, value))) return true;
  if (value === null && schema.nullable) return false;
  if ('const' in schema) return value !== schema.const;
  if (schema.enum) return !schema.enum.includes(value);
  const types = schema.type === undefined ? undefined : [schema.type].flat();
  const actual = jsonType(value);
  if (types && !types.some((type) => type === actual || (type === 'number' && actual === 'integer'))) {
    return true;
  }
  if (typeof value === 'string') {
    const length = Math.min(value.length, [...value].length);
    const longest = Math.max(value.length, [...value].length);
    if (schema.maxLength !== undefined && length > schema.maxLength) return true;
    if (schema.minLength !== undefined && longest < schema.minLength) return true;
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return true;
  }
  if (typeof value === 'number') {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
    if (maximum !== undefined && (value > maximum || (exclusiveMaximum === true && value === maximum))) {
      return true;
    }
    if (minimum !== undefined && (value < minimum || (exclusiveMinimum === true && value === minimum))) {
      return true;
    }
    if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) return true;
    if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) return true;
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return true;
    if (schema.minItems !== undefined && value.length < schema.minItems) return true;
    if (value.some((item) => definitelyViolates(schema.items, item))) return true;
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const missing = (schema.required ?? []).some(
      (name) => object[name] === undefined && schema.properties?.[name]?.default === undefined,
    );
    if (missing) return true;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (object[name] !== undefined && definitelyViolates(property, object[name])) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Plausible requests, then broken ones.
// ---------------------------------------------------------------------------------------------

/** Ids of rows the fuzzer may hit (never the admin it acts as, so it keeps its own session). */
let idPool: number[] = [];

function sampleValue(schema: JsonSchema | undefined, name: string, pick: number): unknown {
  if (!schema) return 'x';
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const concrete = alternatives.filter((a) => a.type !== 'null');
    return sampleValue(concrete[pick % concrete.length] ?? alternatives[0], name, pick);
  }
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[pick % schema.enum.length];
  if (schema.default !== undefined && pick % 3 === 0) return schema.default;
  const type = [schema.type ?? 'string'].flat().find((t) => t !== 'null') ?? 'string';
  const id = idPool[pick % idPool.length];
  switch (type) {
    case 'integer':
    case 'number': {
      if (/id$|^user$|lab|^harvest|rep$|manager|distributor/i.test(name)) return id;
      const low = typeof schema.minimum === 'number' ? schema.minimum : 0;
      return Math.min(low + 1 + (pick % 5), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return pick % 2 === 0;
    case 'array':
      return schema.minItems ? [sampleValue(schema.items, name, pick)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          sampleValue(property, key, pick + key.length),
        ]),
      );
    default: {
      if (schema.pattern === '^[0-9]+$') return String(id);
      if (/email/i.test(name)) return `fuzz${pick % 7}@example.com`;
      if (/date|_at$/i.test(name)) return '2026-01-02';
      if (/password/i.test(name)) return 'Fuzz-password-1';
      if (/phone/i.test(name)) return '5551234567';
      if (/token/i.test(name)) return 'x'.repeat(32);
      return 'f'.repeat(Math.max(schema.minLength ?? 1, 3));
    }
  }
}

const WRONG_TYPES: unknown[] = ['12', 12, 1.5, true, null, [], [1], {}, { a: 1 }, ''];
const EXTREME_NUMBERS = [1e308, -1e308, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, -1, -0.5, 0];
const BAD_IDS = ['0x10', '1e3', ' 12', '-1', 'abc', '99999999999', '1.5', '+7', '\u0000', '١٢'];
/** Inserted into the path as is: broken percent-encoding. */
const RAW_BAD_IDS = ['%', '%E0%A4%A', '%zz'];
const LONG_STRING = 'a'.repeat(100_000);

const KINDS = [
  'plausible',
  'extra-field',
  'wrong-type',
  'missing-required',
  'nul',
  'long-string',
  'extreme-number',
  'random-string',
  'body-not-object',
  'bad-path-id',
  'bad-query',
] as const;
type Kind = (typeof KINDS)[number];

type Mutation = {
  kind: Kind;
  target: number;
  pick: number;
  text: string;
  extraName: string;
  asAdmin: boolean;
};

type Violation = { reason: string; field?: string };

type FuzzRequest = {
  method: string;
  url: string;
  body: unknown;
  hasBody: boolean;
  /**
   * Set when the request breaks the documented schema for certain: it must be refused, and when
   * validation is reached (not stopped at 401/403 first), as a 400 naming `field` in `errors`.
   */
  violation: Violation | undefined;
  asAdmin: boolean;
};

/** `param`: one parameter set to a value of the caller's choosing (the sweep below). */
function buildRequest(op: Operation, m: Mutation, param?: { of: Parameter; value: string }): FuzzRequest {
  const path: Record<string, { value: string; raw: boolean }> = {};
  for (const p of op.pathParams)
    path[p.name] = { value: String(sampleValue(p.schema, p.name, m.pick)), raw: false };
  const query: Record<string, string> = {};
  for (const p of op.queryParams) {
    if (p.required) query[p.name] = String(sampleValue(p.schema, p.name, m.pick));
  }
  let body: unknown = op.body ? sampleValue(op.body, '', m.pick) : undefined;
  let violation: Violation | undefined;
  const bodyObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  const fields = bodyObject ? Object.keys(op.body?.properties ?? {}) : [];
  const field = fields.length > 0 ? fields[m.target % fields.length] : undefined;
  const fieldSchema = field ? op.body?.properties?.[field] : undefined;
  const setField = (value: unknown, reason: string) => {
    if (!field) return;
    (body as Record<string, unknown>)[field] = value;
    if (definitelyViolates(fieldSchema, value)) violation = { reason, field };
  };

  switch (m.kind) {
    case 'plausible':
      break;
    case 'extra-field':
      if (bodyObject) (body as Record<string, unknown>)[`x_${m.extraName}`] = m.text;
      else query[`x_${m.extraName}`] = m.text;
      break;
    case 'wrong-type':
      setField(WRONG_TYPES[m.pick % WRONG_TYPES.length], 'wrong type');
      break;
    case 'missing-required': {
      const required = op.body?.required ?? [];
      const name = required[m.target % Math.max(required.length, 1)];
      if (bodyObject && name !== undefined) {
        delete (body as Record<string, unknown>)[name];
        if (op.body?.properties?.[name]?.default === undefined)
          violation = { reason: 'missing', field: name };
      }
      break;
    }
    case 'nul': {
      const nul = `${m.text}\u0000${m.text}`;
      const where = m.pick % 3;
      if (where === 0 && op.pathParams.length > 0) {
        const name = op.pathParams[m.target % op.pathParams.length].name;
        path[name].value = nul;
        violation = { reason: 'NUL', field: name };
      } else if (where === 1 || !field) {
        const name = op.queryParams[m.target % Math.max(op.queryParams.length, 1)]?.name ?? 'search';
        query[name] = nul;
        violation = { reason: 'NUL', field: name };
      } else {
        (body as Record<string, unknown>)[field] = nul;
        violation = { reason: 'NUL', field };
      }
      break;
    }
    case 'long-string':
      if (field) setField(LONG_STRING, '100 kB string');
      else if (op.queryParams.length > 0) {
        const p = op.queryParams[m.target % op.queryParams.length];
        query[p.name] = LONG_STRING;
        if (definitelyViolates(p.schema, LONG_STRING)) violation = { reason: '100 kB string', field: p.name };
      }
      break;
    case 'extreme-number':
      setField(EXTREME_NUMBERS[m.pick % EXTREME_NUMBERS.length], 'out-of-range number');
      break;
    case 'random-string':
      setField(m.text, 'random string');
      break;
    case 'body-not-object':
      if (op.body && bodyObject) {
        body = WRONG_TYPES.filter((v) => jsonType(v) !== 'object')[m.pick % 8];
        violation = { reason: 'a body that is not an object' };
      }
      break;
    case 'bad-path-id':
      if (op.pathParams.length > 0) {
        const p = op.pathParams[m.target % op.pathParams.length];
        const all = [...BAD_IDS, ...RAW_BAD_IDS];
        const value = all[m.pick % all.length];
        path[p.name] = { value, raw: RAW_BAD_IDS.includes(value) };
        // Broken percent-encoding is refused by the router, before any field is known.
        if (path[p.name].raw) violation = { reason: 'broken percent-encoding' };
        else if (definitelyViolates(p.schema, value)) violation = { reason: 'bad path id', field: p.name };
      }
      break;
    case 'bad-query':
      if (op.queryParams.length > 0) {
        const p = op.queryParams[m.target % op.queryParams.length];
        const value = [...BAD_IDS, m.text][m.pick % (BAD_IDS.length + 1)];
        query[p.name] = value;
        if (definitelyViolates(p.schema, value)) violation = { reason: 'bad query value', field: p.name };
      }
      break;
  }

  if (param) {
    if (param.of.in === 'path') path[param.of.name] = { value: param.value, raw: false };
    else query[param.of.name] = param.value;
    if (definitelyViolates(param.of.schema, param.value)) {
      violation = { reason: `the spelling ${param.value}`, field: param.of.name };
    }
  }
  const url =
    op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      path[name].raw ? path[name].value : encodeURIComponent(path[name].value),
    ) + (Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '');
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && body !== undefined;
  // Anonymous calls to a signed-in route all stop at the same 401: send fewer of them.
  const asAdmin = op.isPublic ? m.asAdmin : m.asAdmin || m.pick % 4 !== 0;
  return { method: op.method, url, body, hasBody, violation, asAdmin };
}

/** Wrong types that lenient parsing (coercion, preprocessing) would still take, most likely first. */
const COERCIBLE_WRONG_TYPES: unknown[] = ['1', 1, 'true', true, [], {}, null];

const PLAUSIBLE: Mutation = {
  kind: 'plausible',
  target: 0,
  pick: 0,
  text: '',
  extraName: 'x',
  asAdmin: true,
};

/**
 * The deterministic part: every body field gets the first wrong type a coercing schema would take
 * ('1' for a number, 1 for a string…), and every path and query parameter the spelling `1e1`.
 * Random runs may miss a field; this never does.
 */
function sweepRequests(op: Operation): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const [field, schema] of Object.entries(op.body?.properties ?? {})) {
    const wrong = COERCIBLE_WRONG_TYPES.find((value) => definitelyViolates(schema, value));
    if (wrong === undefined) continue;
    const request = buildRequest(op, PLAUSIBLE);
    request.body = { ...(request.body as Record<string, unknown>), [field]: wrong };
    request.violation = { reason: `wrong type ${JSON.stringify(wrong)}`, field };
    requests.push(request);
  }
  for (const param of [...op.pathParams, ...op.queryParams]) {
    if (definitelyViolates(param.schema, '1e1'))
      requests.push(buildRequest(op, PLAUSIBLE, { of: param, value: '1e1' }));
  }
  return requests;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...KINDS),
  target: fc.nat({ max: 50 }),
  pick: fc.nat({ max: 1000 }),
  text: fc.string({ unit: 'binary', maxLength: 24 }),
  extraName: fc.stringMatching(/^[a-z_]{1,12}$/),
  asAdmin: fc.boolean(),
});

// ---------------------------------------------------------------------------------------------
// The database, watched: every row a request writes is noted by a trigger.
// ---------------------------------------------------------------------------------------------

/** Rows that a refused request writes on purpose are not noted: which ones, per table. */
const NOTED_ROWS: Record<string, (row: 'NEW' | 'OLD') => string> = {
  // Failed logins, password and e-mail changes, second factors (and the password asked again to change
  // them) and sign-ups caught by the honeypot are audited.
  audit_log: (row) =>
    `${row}.action not in ('login.failed', 'password.change_failed', 'email.change_failed', 'sign_up.refused', 'second_factor.failed', 'second_factor.reauthentication_failed')`,
};
/**
 * Tables whose every change is expected: the login throttle counts failures, every request to a
 * rate-limited route counts, and the first request that needs the seal certificate (a signed media
 * link, say) or the key sealing authenticator secrets makes it (docs/decisions/018, 031).
 */
const UNWATCHED_TABLES = new Set([
  'login_throttle',
  'rate_limit_hits',
  'signing_certificates',
  'portal_secrets',
]);
/** A session's activity stamp and sliding expiry move when it is used. */
const UNWATCHED_COLUMNS: Record<string, string[]> = { auth_tokens: ['last_used_at', 'expires_at'] };

/** Both drivers (pg, PGlite) answer `execute` with `{ rows }`. */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Puts a row trigger on every table that notes the table's name in `fuzz_changes` for each row
 * inserted, deleted or really changed. A refused request's rolled-back writes take their notes
 * with them, so what is left after it is what it changed: one small query per request instead of
 * hashing every table (which was most of the run's time).
 */
async function watchEveryTable(): Promise<void> {
  const rows = await rowsOf<{ table_name: string; column_name: string }>(
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const row of rows) {
    if (UNWATCHED_TABLES.has(row.table_name)) continue;
    if (UNWATCHED_COLUMNS[row.table_name]?.includes(row.column_name)) continue;
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  }
  expect(columns.size).toBeGreaterThan(5);
  const statements = [
    'create table fuzz_changes (table_name text not null)',
    `create function fuzz_note_change() returns trigger language plpgsql as $$
     begin insert into fuzz_changes values (TG_TABLE_NAME); return null; end $$`,
  ];
  for (const [table, names] of columns) {
    const noted = NOTED_ROWS[table];
    const fields = (row: 'NEW' | 'OLD') => names.map((name) => `${row}."${name}"`).join(', ');
    const trigger = (name: string, event: string, when: string | undefined) =>
      `create trigger ${name} after ${event} on "${table}" for each row${when ? ` when (${when})` : ''}
       execute function fuzz_note_change()`;
    const changed = `(${fields('OLD')}) is distinct from (${fields('NEW')})`;
    statements.push(
      trigger('fuzz_insert', 'insert', noted?.('NEW')),
      trigger('fuzz_delete', 'delete', noted?.('OLD')),
      trigger('fuzz_update', 'update', noted ? `${changed} and ${noted('NEW')}` : changed),
    );
  }
  for (const statement of statements) await t.db.execute(sql.raw(statement));
}

/** The changes noted so far, per table. */
async function fingerprint(): Promise<string> {
  return JSON.stringify(
    await rowsOf(
      sql`select table_name as name, count(*)::int as rows from fuzz_changes group by 1 order by 1`,
    ),
  );
}

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let w: ChainWorld;
let operations: Operation[];
let adminToken: string;
let lastFingerprint: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
  const { record } = await createVialRecord(t.db, { patient: w.patientA1, type: 'added', quantity: 5 });
  idPool = [
    w.patientA1.id,
    w.patientB1.id,
    w.hcA.id,
    w.rhcA.id,
    w.repA.id,
    w.managerA.id,
    w.distributorA.id,
    w.staffA.id,
    w.labUser1.id,
    w.lab1.id,
    record.id,
  ];
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  operations = operationsOf(doc);
  await watchEveryTable();
  adminToken = await tokenFor(t.app, w.admin);
  lastFingerprint = await fingerprint();
});
afterAll(() => t.close());

function changedTables(before: string, after: string): string[] {
  const noted = new Map(
    (JSON.parse(before) as { name: string; rows: number }[]).map((t) => [t.name, t.rows]),
  );
  return (JSON.parse(after) as { name: string; rows: number }[])
    .filter((t) => noted.get(t.name) !== t.rows)
    .map((t) => t.name);
}

/** How many answers of each status the run saw (printed, to see what the fuzzer reached). */
const statusCounts = new Map<number, number>();

/** Sends one request and checks the three rules; the failure message names the request. */
async function check(request: FuzzRequest): Promise<void> {
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: request.asAdmin ? { authorization: `Token ${adminToken}` } : {},
  };
  if (request.hasBody) options.payload = JSON.stringify(request.body);
  if (request.hasBody) options.headers = { ...options.headers, 'content-type': 'application/json' };
  const res = await t.app.inject(options);
  statusCounts.set(res.statusCode, (statusCounts.get(res.statusCode) ?? 0) + 1);
  const shown = `${request.method} ${request.url.slice(0, 200)} as ${request.asAdmin ? 'admin' : 'anonymous'}
    body ${JSON.stringify(request.body)?.slice(0, 300)}
    → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, `5xx: ${shown}`).toBeLessThan(500);
  if (request.violation) {
    const { reason, field } = request.violation;
    const refused = res.statusCode >= 400 && res.statusCode < 500;
    expect(refused, `${reason} was not refused with a 4xx: ${shown}`).toBe(true);
    if (field !== undefined && res.statusCode !== 401 && res.statusCode !== 403) {
      expect(res.statusCode, `${reason} in ${field} got past validation: ${shown}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), `${reason} in ${field} not named: ${shown}`).toContain(
        field,
      );
    }
  }
  if (res.statusCode < 400) {
    // Mail the request queued goes out in the background (wake() → setImmediate): let it finish,
    // so the outbox does not change under the next request.
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.mailWorker.drain();
  }
  const now = await fingerprint();
  if (res.statusCode === 429 && res.json().message === REAUTHENTICATION_LOCKED_MESSAGE) {
    // Wrong current passwords used up: the session ends, the holder is mailed and it is audited,
    // on purpose (credential-guessing.test.ts). Nothing else changes; act with a fresh session.
    expect(
      changedTables(lastFingerprint, now).every((table) =>
        ['audit_log', 'auth_tokens', 'mail_outbox'].includes(table),
      ),
      `a locked-out request changed more than the session: ${shown}`,
    ).toBe(true);
    adminToken = await tokenFor(t.app, w.admin);
    lastFingerprint = await fingerprint();
    return;
  }
  if (res.statusCode >= 400) {
    expect(changedTables(lastFingerprint, now), `a refused request changed the database: ${shown}`).toEqual(
      [],
    );
  } else if (request.asAdmin) {
    // It may have ended the session (logout) or changed the admin: act with a fresh one.
    adminToken = await tokenFor(t.app, w.admin);
    lastFingerprint = await fingerprint();
    return;
  }
  lastFingerprint = now;
}

// ---------------------------------------------------------------------------------------------
// A PATCH changes only what it names.
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

/**
 * The object each PATCH operation changes, and how it is read back. Every PATCH of the document
 * must be listed (the test names a missing one), so a new PATCH route is checked by default.
 */
type PatchSubject = {
  /** Who sends it; the admin when left out. */
  as?: () => UserRow;
  /** Makes the object and gives its id. */
  make: () => Promise<number>;
  /**
   * A body naming every field with a value other than its default: sent first, so the object holds
   * a value in every field; each one-field PATCH then sends one of these values again.
   */
  full: () => Json;
  /** The answer to compare; by default the GET of the PATCH's own path. */
  read?: (id: number) => { url: string; pick?: (answer: Json) => unknown };
  /** Fields every PATCH of this route must carry (sent along with the one field). */
  always?: string[];
  /** Parts of the answer that every accepted PATCH changes, with why. */
  moves?: Record<string, string>;
  /** Fields that are actions rather than values (each send adds or removes), with why: not sent alone. */
  actions?: Record<string, string>;
};

let patchWorld: { location: number } | undefined;

const PATCH_SUBJECTS: Record<string, PatchSubject> = {
  'PATCH /api/v1/users/{id}/': {
    make: async () => (await createPatient(t.db, { harvestCenter: w.hcA })).id,
    full: () => ({
      first_name: 'Patch',
      last_name: 'Subject',
      phone_number: '5550101234',
      email: 'patch-subject@example.com',
      company: 'Patch Company',
      address1: '1 Patch Road',
      address2: 'Suite 2',
      city: 'Austin',
      state_desc: 'TX',
      country_desc: 'US',
      zip_code: '73301',
      template_id: '',
    }),
    actions: {
      current_password: "confirms the caller's own e-mail or password change; it is not stored",
      check_agreement: 'accepts the agreement for the caller itself',
    },
  },
  'PATCH /api/v1/patients/{id}/': {
    make: async () => (await createPatient(t.db, { harvestCenter: w.hcA })).id,
    full: () => ({
      first_name: 'Patched',
      last_name: 'Patient',
      email: 'patched-patient@example.com',
      phone_number: '5550104321',
      harvest_center_temporal: w.hcA.id,
      referral_harvest_center_temporal: w.rhcA.id,
      processing_lab: w.lab1.id,
      lab_id: 'LAB-PATCH-1',
      number_times_qc_done: 2,
      date_adipose_shipped_to_lab: '2026-01-02',
      date_adipose_received_by_lab: '2026-01-03',
      estimated_date_vials_ready_to_ship: '2026-02-01',
      estimated_date_set_manually: true,
      date_vials_ready_to_ship: '2026-02-02',
      stemcell_plating_initiated_date: '2026-01-10',
      stemcell_plating_successful: 1,
      hla_typing_test: 2,
      vials_preparation: 3,
      vials_ready_ship: 1,
    }),
  },
  'PATCH /api/v1/vials-history/{id}/': {
    make: async () => {
      const patient = await createPatient(t.db, { harvestCenter: w.hcA });
      patchRecordPatient = patient.id;
      return (await createVialRecord(t.db, { patient, type: 'added', quantity: 5 })).record.id;
    },
    full: () => ({
      type: 'added',
      quantity: 4,
      date: '2026-01-05',
      note: 'Patched note',
      tracking_id: 'TRK-1',
    }),
    // The record and the patient's totals.
    read: (id) => ({
      url: `/api/v1/vials-history/user/${patchRecordPatient}/?limit=500`,
      pick: ({ vials_history, ...totals }) => ({
        ...(vials_history as Json[]).find((record) => record.id === id),
        totals,
      }),
    }),
    moves: { updated_at: 'the time of the last change' },
  },
  'PATCH /api/v1/hc-staff/{id}/': {
    make: async () => (await createHcStaff(t.db, [w.hcA])).id,
    full: () => ({ staff_hc_ids: `${w.hcA.id},${w.hcA2.id}` }),
    read: (id) => ({ url: `/api/v1/hc-staff/${id}/hc-list/` }),
  },
  'PATCH /api/v1/documents/{id}/': {
    make: async () => {
      const patient = await createPatient(t.db, { harvestCenter: w.hcA });
      patchDocumentPatient = patient.id;
      const documents = await createSideDocuments(t.db, t.app.storage, { harvestCenter: w.hcA, patient });
      return documents.pending.id;
    },
    full: () => ({ name: 'Patched agreement', status: 'Voided' }),
    read: () => ({ url: `/api/v1/documents/list/${patchDocumentPatient}/` }),
  },
  'PATCH /api/v1/locations/{id}/': {
    as: () => w.hcA,
    make: async () => {
      const [location] = await t.db
        .insert(locations)
        .values({
          userId: w.hcA.id,
          address1: '1 Old Road',
          city: 'Austin',
          stateDesc: 'TX',
          countryDesc: 'US',
        })
        .returning({ id: locations.id });
      patchWorld = { location: location.id };
      return location.id;
    },
    full: () => ({
      location_name: 'Clinic',
      address1: '2 Patch Road',
      address2: 'Floor 3',
      city: 'Dallas',
      state_desc: 'TX',
      country_desc: 'US',
      zip_code: '75001',
      default: true,
    }),
    read: () => ({
      url: `/api/v1/locations/user/${w.hcA.id}/`,
      pick: (answer) => (answer as unknown as Json[]).find((l) => l.id === patchWorld?.location),
    }),
  },
  'PATCH /api/v1/transactions/{id}/': {
    make: async () => {
      const [row] = await t.db
        .insert(transactions)
        .values({
          buyerUserId: w.hcA.id,
          harvestCenterId: w.hcA.id,
          salesRepId: w.repA.id,
          productId: PRODUCT.processingFee,
          productName: 'Processing Fee',
          quantity: 1,
          unitPriceCents: 100,
          amountCents: 100,
        })
        .returning({ id: transactions.id });
      return row.id;
    },
    full: () => ({
      product_id: PRODUCT.processingFee,
      quantity: 2,
      amount_cents: 250,
      // The spec's name for the same amount, as a decimal amount.
      amount: '2.50',
      harvest_center: w.hcA.id,
      referral_harvest_center: w.rhcA.id,
      patient: w.patientA2.id,
      sales_rep: w.repA.id,
      commission_paid: true,
      transaction_note: 'Patched by the fuzz test',
    }),
    always: ['transaction_note'],
    moves: { transaction_history: 'every edit adds its note to the history (part 2 §5)' },
  },
  'PATCH /api/v1/fedex-requests/{id}/': {
    make: async () => {
      const labelKey = LABEL_FILES.newKey('pdf');
      await t.app.storage.put(labelKey, TINY_PDF);
      const [row] = await t.db
        .insert(shippingLabelRequests)
        .values({
          centerId: w.hcA.id,
          centerEmail: w.hcA.email,
          representative: 'Patch Representative',
          labelDate: '2026-01-02',
          address1: '1 Label Street',
          city: 'Austin',
          stateDesc: 'TX',
          countryDesc: 'US',
          zipCode: '73301',
          labelKey,
        })
        .returning({ id: shippingLabelRequests.id });
      return row.id;
    },
    full: () => ({ tracking_number: '7777', tracking_link: 'https://fedex.test/7777' }),
    actions: { pdf_file: 'a staged upload, taken once' },
  },
  'PATCH /api/v1/assets/{id}/': {
    make: async () => {
      const [row] = await t.db
        .insert(assets)
        .values({ name: 'Patch asset', description: 'Before', membershipIds: [] })
        .returning({ id: assets.id });
      return row.id;
    },
    full: () => ({
      asset_name: 'Patched asset',
      description: 'Aimed and placed',
      membership_ids: '2,4',
      sections: [{ url: '/dashboard' }],
      links: [{ name: 'Guide', path: 'https://example.com/guide' }],
    }),
    moves: { updated_at: 'the time of the last change' },
    actions: {
      links: 'adds its links as new items each time',
      files: 'adds staged uploads as new items',
      assets_remove: 'removes items',
    },
  },
};
let patchRecordPatient = 0;
let patchDocumentPatient = 0;

/** An answer without what moves by itself: the expiry and signature of signed media links. */
function comparable(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/expires=\d+&signature=[\w-]+/g, 'signed');
}

/** The top-level keys whose values differ between two answers (the whole answer if not objects). */
function changedKeys(before: unknown, after: unknown, ignored: string[]): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') {
    return comparable(before) === comparable(after) ? [] : ['(the answer)'];
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter(
    (key) => !ignored.includes(key) && comparable((before as Json)[key]) !== comparable((after as Json)[key]),
  );
}

describe('PATCH changes only what it names', () => {
  it('every PATCH of the document, sent one field at a time, leaves every other field as it was', async () => {
    const patches = operations.filter((op) => op.method === 'PATCH');
    const keyOf = (op: Operation) => `${op.method} ${op.path}`;
    expect(
      patches.map(keyOf).filter((key) => !(key in PATCH_SUBJECTS)),
      'List these PATCH operations in PATCH_SUBJECTS (openapi-fuzz.test.ts)',
    ).toEqual([]);
    expect(patches.length).toBeGreaterThanOrEqual(9);
    const found: string[] = [];
    for (const op of patches) {
      const key = keyOf(op);
      const subject = PATCH_SUBJECTS[key];
      const token = await tokenFor(t.app, subject.as?.() ?? w.admin);
      const send = (method: 'GET' | 'PATCH', url: string, body?: Json) =>
        t.app.inject({
          method,
          url,
          headers: { authorization: `Token ${token}` },
          ...(body ? { payload: body } : {}),
        });
      const id = await subject.make();
      const url = op.path.replace('{id}', String(id));
      const reader = subject.read?.(id) ?? { url };
      const read = async () => {
        const answer = await send('GET', reader.url);
        if (answer.statusCode !== 200)
          throw new Error(`${key}: reading ${reader.url} answered ${answer.statusCode}`);
        return reader.pick ? reader.pick(answer.json()) : answer.json();
      };
      const full = subject.full();
      const fields = Object.keys(op.body?.properties ?? {});
      const unnamed = fields.filter((f) => !(f in full) && !(f in (subject.actions ?? {})));
      if (unnamed.length) found.push(`${key}: give ${unnamed.join(', ')} a value in PATCH_SUBJECTS`);
      const first = await send('PATCH', url, full);
      if (first.statusCode !== 200) {
        found.push(`${key}: the full body was refused (${first.statusCode} ${first.body.slice(0, 200)})`);
        continue;
      }
      for (const field of fields) {
        if (field in (subject.actions ?? {}) || !(field in full)) continue;
        const before = await read();
        const body: Json = { [field]: full[field] };
        for (const name of subject.always ?? []) body[name] = full[name];
        const answer = await send('PATCH', url, body);
        if (answer.statusCode !== 200) {
          found.push(`${key} naming only ${field}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
          continue;
        }
        const changed = changedKeys(before, await read(), Object.keys(subject.moves ?? {}));
        if (changed.length) found.push(`${key} naming only ${field} changed ${changed.join(', ')}`);
      }
    }
    lastFingerprint = await fingerprint();
    expect(found).toEqual([]);
  }, 60_000);
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((op) => op.isPublic).length).toBeGreaterThan(3);
  });

  it('notes a row written, not one rolled back nor an update that changes nothing', async () => {
    const before = await fingerprint();
    const patient = w.patientB1.id;
    await t.db.execute(sql`update users set last_name = last_name where id = ${patient}`);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set last_name = 'Rolled back' where id = ${patient}`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(changedTables(before, await fingerprint())).toEqual([]);
    await t.db.execute(sql`update users set last_name = last_name || '.' where id = ${patient}`);
    expect(changedTables(before, await fingerprint())).toEqual(['users']);
    lastFingerprint = await fingerprint();
  });

  it('refuses a wrong type in every body field and a non-decimal number in every parameter', async () => {
    let requests = 0;
    for (const op of operations) {
      for (const request of sweepRequests(op)) {
        requests++;
        await check(request);
      }
    }
    expect(requests).toBeGreaterThan(100);
  }, 60_000);

  it(
    'never answers 5xx, refuses what breaks the schema, and refusals change nothing',
    async () => {
      const started = performance.now();
      statusCounts.clear();
      let requests = 0;
      let violations = 0;
      for (const [index, op] of operations.entries()) {
        await fc.assert(
          fc.asyncProperty(mutationArb, async (mutation) => {
            const request = buildRequest(op, mutation);
            requests++;
            if (request.violation) violations++;
            await check(request);
          }),
          // Shrinking replays requests against a database the failure may have changed: the first
          // counterexample is the useful one.
          { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      }
      console.info(
        `openapi fuzz: ${operations.length} operations, ${requests} requests (${violations} breaking the ` +
          `schema), seed ${SEED}, ` +
          `${Math.round(performance.now() - started)} ms; answers ${JSON.stringify(Object.fromEntries(statusCounts))}`,
      );
    },
    60_000 + RUNS_PER_OPERATION * 8_000,
  );
});
