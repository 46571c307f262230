import net from 'node:net';
import path from 'node:path';
import { UPLOAD_MAX_MEGABYTES } from '@portal/shared/documents';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An optional text variable; set but empty counts as unset (as `.env` files often leave them). */
const optionalText = (schema: z.ZodType<string, string> = z.string()) =>
  schema.optional().or(z.literal('').transform(() => undefined));

/** A choice among fixed words; unset or empty takes the default. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  fallback: T[number],
) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(values, { message: `${name} must be ${values.join(' or ')}` }).default(fallback),
  );

/** A choice among fixed words with no default: unset or empty stays undefined (a refine decides). */
const requiredChoiceInProduction = <const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(values, { message: `${name} must be ${values.join(' or ')}` }).optional(),
  );

/**
 * Which proxies may say who the client is (X-Forwarded-For): none (false), the nearest n hops
 * (`true` is 1), or those at the given addresses/networks. The client is then the address the
 * nearest trusted proxy saw, never the left-most entry, which the client writes itself.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, allowed beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_MESSAGE =
  "TRUST_PROXY must be false, true (one proxy in front), a number of proxies, or the proxies' addresses (comma-separated IPs or CIDRs such as 10.0.0.0/8)";

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const ZTrustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

const ZEnvFields = z.object({
  /** `production` for `npm run start:prod` and the Docker image: no demo defaults (docs/decisions/030). */
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url({ message: 'PUBLIC_URL must be an absolute URL such as https://portal.example.com' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Portal <no-reply@portal.local>'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(7),
  /** Public sign-ups accepted per client address and hour (POST /api/v1/harvest-centers/ without a session). */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().max(100_000).default(10),
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().max(365).default(30),
  SEED_DEMO: booleanFlag,
  /** Where pg_dump and pg_restore are (npm run backup / restore on PostgreSQL); PATH when unset. */
  PG_BIN_DIR: optionalText(),
  DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must be at least 8 characters').default('demo-password'),
  BUILD_VERSION: z.string().optional(),
  TRUST_PROXY: ZTrustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE_DRIVER: optionalChoice('STORAGE_DRIVER', ['local', 's3'], 'local'),
  S3_BUCKET: optionalText(),
  S3_REGION: optionalText(),
  S3_ENDPOINT: optionalText(
    z.url({
      protocol: /^https?$/,
      message: 'S3_ENDPOINT must be an absolute URL such as http://127.0.0.1:9000',
    }),
  ),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  UPLOAD_MAX_MB: z.coerce
    .number({ message: 'UPLOAD_MAX_MB must be a number of megabytes' })
    .positive('UPLOAD_MAX_MB must be more than 0')
    .max(1024, 'UPLOAD_MAX_MB must be at most 1024')
    .default(UPLOAD_MAX_MEGABYTES),
  SIGNING_CERT_P12_BASE64: optionalText(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9+/\s]+=*$/, 'SIGNING_CERT_P12_BASE64 must be a .p12 file encoded in base64'),
  ),
  SIGNING_CERT_PASSPHRASE: optionalText(),
  /** Encrypts authenticator secrets (base64 of 32 bytes); a generated key kept in the database when unset. */
  SECRET_KEY: optionalText(
    z
      .string()
      .trim()
      .refine(
        (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
        'SECRET_KEY must be 32 random bytes in base64 (openssl rand -base64 32)',
      ),
  ),
  ESIGN_PROVIDER: optionalChoice('ESIGN_PROVIDER', ['builtin', 'boldsign'], 'builtin'),
  BOLDSIGN_API_KEY: optionalText(),
  BOLDSIGN_BASE_URL: optionalText(
    z.url({
      protocol: /^https?$/,
      message: 'BOLDSIGN_BASE_URL must be an absolute URL such as https://api.boldsign.com',
    }),
  ),
  /** sandbox outside production when unset; production must name it (ZEnv below). */
  PAYMENT_GATEWAY: requiredChoiceInProduction('PAYMENT_GATEWAY', ['sandbox', 'authorizenet']),
  AUTHORIZENET_API_LOGIN_ID: optionalText(),
  AUTHORIZENET_TRANSACTION_KEY: optionalText(),
  AUTHORIZENET_CLIENT_KEY: optionalText(),
  AUTHORIZENET_ENVIRONMENT: requiredChoiceInProduction('AUTHORIZENET_ENVIRONMENT', ['sandbox', 'production']),
  FEDEX_CLIENT_ID: optionalText(),
  FEDEX_CLIENT_SECRET: optionalText(),
  FEDEX_ACCOUNT_NUMBER: optionalText(),
  FEDEX_API_URL: optionalText(
    z.url({ protocol: /^https?$/, message: 'FEDEX_API_URL must be an absolute URL' }),
  ),
  FEDEX_SHIP_TO: optionalText(),
  AUTHORIZENET_API_URL: optionalText(
    z.url({ protocol: /^https?$/, message: 'AUTHORIZENET_API_URL must be an absolute URL' }),
  ),
  /** A stand-in Accept.js (tests): its origin serves the script and answers the card posts. */
  AUTHORIZENET_ACCEPT_JS_URL: optionalText(
    z.url({ protocol: /^https?$/, message: 'AUTHORIZENET_ACCEPT_JS_URL must be an absolute URL' }),
  ),
  /** The address white-label domains point their A record at (shown by the wizard, checked by check_up). */
  WHITE_LABEL_SERVER_ADDRESS: z
    .ipv4({ message: 'WHITE_LABEL_SERVER_ADDRESS must be an IPv4 address' })
    .default('127.0.0.1'),
  /** DNS servers check_up asks (host or host:port, comma-separated); the system's when unset. */
  WHITE_LABEL_DNS_SERVERS: optionalText(
    z
      .string()
      .regex(
        /^[0-9a-fA-F.:[\]]+(,[0-9a-fA-F.:[\]]+)*$/,
        'WHITE_LABEL_DNS_SERVERS must be addresses such as 1.1.1.1,8.8.8.8',
      ),
  ),
  /** How check_up reaches a domain through its A record: https on 443 in production. */
  WHITE_LABEL_PROBE_SCHEME: optionalChoice('WHITE_LABEL_PROBE_SCHEME', ['https', 'http'], 'https'),
  WHITE_LABEL_PROBE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where create_domain_file writes each domain's Caddy site block. */
  CADDY_SITES_DIR: optionalText(),
  /** Caddy's admin API (http://127.0.0.1:2019): the sites are loaded there when set. */
  CADDY_ADMIN_URL: optionalText(
    z.url({
      protocol: /^https?$/,
      message: 'CADDY_ADMIN_URL must be an absolute URL such as http://127.0.0.1:2019',
    }),
  ),
  /** Where Caddy sends a domain's requests (this portal); 127.0.0.1:PORT when unset. */
  CADDY_UPSTREAM: optionalText(
    z
      .string()
      .trim()
      .regex(
        /^[\w.-]+:\d+([\s,]+[\w.-]+:\d+)*$/,
        'CADDY_UPSTREAM must be host:port, or several separated by spaces (one per replica)',
      ),
  ),
});

const isProduction = (e: { NODE_ENV?: string }) => e.NODE_ENV === 'production';

const ZEnv = ZEnvFields.refine((e) => !isProduction(e) || e.PAYMENT_GATEWAY, {
  message:
    'PAYMENT_GATEWAY is required in production (NODE_ENV=production): authorizenet takes real card payments; sandbox is a test deployment (no money moves, every page says so)',
  path: ['PAYMENT_GATEWAY'],
})
  .refine((e) => !isProduction(e) || e.PAYMENT_GATEWAY !== 'authorizenet' || e.AUTHORIZENET_ENVIRONMENT, {
    message:
      "AUTHORIZENET_ENVIRONMENT is required in production with PAYMENT_GATEWAY=authorizenet: production, or sandbox (Authorize.net's test system: no money moves)",
    path: ['AUTHORIZENET_ENVIRONMENT'],
  })
  .refine((e) => e.SESSION_TTL_DAYS <= e.SESSION_MAX_AGE_DAYS, {
    message: 'SESSION_TTL_DAYS (idle expiry) cannot be longer than SESSION_MAX_AGE_DAYS (absolute lifetime)',
    path: ['SESSION_TTL_DAYS'],
  })
  .refine((e) => e.STORAGE_DRIVER !== 's3' || e.S3_BUCKET, {
    message: 'S3_BUCKET is required when STORAGE_DRIVER=s3',
    path: ['S3_BUCKET'],
  })
  .refine((e) => Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY), {
    message:
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (leave both unset to use the SDK's own credentials)",
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((e) => !e.SIGNING_CERT_P12_BASE64 || e.SIGNING_CERT_PASSPHRASE, {
    message:
      'SIGNING_CERT_PASSPHRASE is required with SIGNING_CERT_P12_BASE64 (the .p12 must have a password)',
    path: ['SIGNING_CERT_PASSPHRASE'],
  })
  .refine((e) => e.ESIGN_PROVIDER !== 'boldsign' || e.BOLDSIGN_API_KEY, {
    message: 'BOLDSIGN_API_KEY is required when ESIGN_PROVIDER=boldsign',
    path: ['BOLDSIGN_API_KEY'],
  })
  .refine((e) => Boolean(e.FEDEX_CLIENT_ID) === Boolean(e.FEDEX_CLIENT_SECRET), {
    message: 'FEDEX_CLIENT_ID and FEDEX_CLIENT_SECRET go together',
    path: ['FEDEX_CLIENT_ID'],
  })
  .refine(
    (e) =>
      !e.FEDEX_CLIENT_ID || (e.FEDEX_ACCOUNT_NUMBER && ZShipTo.safeParse(parseJson(e.FEDEX_SHIP_TO)).success),
    {
      message:
        'FEDEX_ACCOUNT_NUMBER and FEDEX_SHIP_TO (JSON: name, phone, address1, city, state_code, zip, country_code) are required with FEDEX_CLIENT_ID',
      path: ['FEDEX_SHIP_TO'],
    },
  )
  .refine(
    (e) =>
      e.PAYMENT_GATEWAY !== 'authorizenet' ||
      (e.AUTHORIZENET_API_LOGIN_ID && e.AUTHORIZENET_TRANSACTION_KEY && e.AUTHORIZENET_CLIENT_KEY),
    {
      message:
        'AUTHORIZENET_API_LOGIN_ID, AUTHORIZENET_TRANSACTION_KEY and AUTHORIZENET_CLIENT_KEY are required when PAYMENT_GATEWAY=authorizenet',
      path: ['AUTHORIZENET_API_LOGIN_ID'],
    },
  );

/** Where the labels' shipments go (the lab), as FEDEX_SHIP_TO holds it. */
const ZShipTo = z.object({
  name: z.string().min(1),
  company: z.string().default(''),
  phone: z.string().min(1),
  address1: z.string().min(1),
  address2: z.string().default(''),
  city: z.string().min(1),
  state_code: z.string().min(1),
  zip: z.string().min(1),
  country_code: z.string().length(2),
});
export type ShipToAddress = z.infer<typeof ZShipTo>;

function parseJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The courier the admin can make labels with in one click (FedEx Ship API), when configured. */
export type CarrierConfig = {
  fedex: {
    apiUrl: string;
    clientId: string;
    clientSecret: string;
    accountNumber: string;
    shipTo: ShipToAddress;
  };
} | null;
export const DEFAULT_FEDEX_API_URL = 'https://apis-sandbox.fedex.com';

export type StorageConfig = {
  driver: 'local' | 's3';
  /** Required for s3. */
  bucket: string | undefined;
  region: string;
  /** MinIO, s3rver or another S3-compatible service; AWS when unset. */
  endpoint: string | undefined;
  /** Both or neither; when neither, the AWS SDK finds credentials itself (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

export type EsignConfig = {
  provider: 'builtin' | 'boldsign';
  boldsign?: { apiKey: string; baseUrl: string };
};

/**
 * Authorize.net's hosts: the JSON API the server calls, Accept.js (the browser's tokenizer) and the
 * API Accept.js posts the card to from the browser (api2, their Akamai address, in production).
 * Sources in docs/decisions/030-production-defaults.md.
 */
export const AUTHORIZENET_HOSTS = {
  sandbox: {
    api: 'https://apitest.authorize.net/xml/v1/request.api',
    acceptJs: 'https://jstest.authorize.net/v1/Accept.js',
    acceptJsApi: 'https://apitest.authorize.net',
  },
  production: {
    api: 'https://api.authorize.net/xml/v1/request.api',
    acceptJs: 'https://js.authorize.net/v1/Accept.js',
    acceptJsApi: 'https://api2.authorize.net',
  },
} as const;

export type PaymentsConfig =
  | { gateway: 'sandbox' }
  | {
      gateway: 'authorizenet';
      /** sandbox: Authorize.net's test system, where no money moves. */
      environment: 'sandbox' | 'production';
      apiLoginId: string;
      transactionKey: string;
      clientKey: string;
      apiUrl: string;
      acceptJsUrl: string;
      /** Where Accept.js posts the card from the browser (the page's CSP allows it). */
      acceptJsApiOrigin: string;
    };

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** pg_dump and pg_restore's folder; empty: found on PATH. */
  pgBinDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  sessionTtlDays: number;
  /** Absolute lifetime of a session from its login, however much it is used. */
  sessionMaxAgeDays: number;
  /** Public sign-ups per client address and hour. */
  signUpRateLimit: number;
  /** NODE_ENV=production (`npm run start:prod`, the Docker image): nothing is assumed for a demo. */
  production: boolean;
  seedDemo: boolean;
  demoPassword: string;
  buildVersion: string | undefined;
  trustProxy: TrustProxy;
  logLevel: z.infer<typeof ZEnvFields>['LOG_LEVEL'];
  storage: StorageConfig;
  /** Largest accepted upload, in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** The portal's sealing certificate when configured; otherwise one is generated and kept in the database. */
  signingCertificate: { p12Base64: string; passphrase: string } | undefined;
  /** SECRET_KEY: encrypts authenticator secrets; when unset a key is generated and kept in the database. */
  secretKey: Buffer | undefined;
  esign: EsignConfig;
  payments: PaymentsConfig;
  carrier: CarrierConfig;
  whiteLabel: WhiteLabelConfig;
};

/** How white-label domains are served and checked (docs/decisions/023-white-label-domains.md). */
export type WhiteLabelConfig = {
  serverAddress: string;
  /** host or host:port; empty: the system resolver. */
  dnsServers: string[];
  probe: { scheme: 'https' | 'http'; port: number };
  caddy: {
    sitesDir: string;
    adminUrl: string | undefined;
    /** The portal's replicas (host:port), load-balanced and health-checked by Caddy. */
    upstreams: string[];
    /** PUBLIC_URL's host when it is https: Caddy serves the portal's own site too. */
    mainSite: string | undefined;
    /** The portal's ask endpoint, for the on-demand TLS of the Caddyfile. */
    askUrl: string;
  };
};

/** The sandbox unless Authorize.net is configured (production always names it: ZEnv). */
function paymentsConfigOf(e: z.infer<typeof ZEnv>): PaymentsConfig {
  const { AUTHORIZENET_API_LOGIN_ID: apiLoginId, AUTHORIZENET_TRANSACTION_KEY: transactionKey } = e;
  const clientKey = e.AUTHORIZENET_CLIENT_KEY;
  if (e.PAYMENT_GATEWAY !== 'authorizenet' || !apiLoginId || !transactionKey || !clientKey) {
    return { gateway: 'sandbox' };
  }
  const environment = e.AUTHORIZENET_ENVIRONMENT ?? 'sandbox';
  const hosts = AUTHORIZENET_HOSTS[environment];
  const standIn = e.AUTHORIZENET_ACCEPT_JS_URL;
  return {
    gateway: 'authorizenet',
    environment,
    apiLoginId,
    transactionKey,
    clientKey,
    apiUrl: e.AUTHORIZENET_API_URL ?? hosts.api,
    acceptJsUrl: standIn ?? hosts.acceptJs,
    acceptJsApiOrigin: standIn ? new URL(standIn).origin : hosts.acceptJsApi,
  };
}

export const DEFAULT_S3_REGION = 'us-east-1';
export const DEFAULT_BOLDSIGN_BASE_URL = 'https://api.boldsign.com';

export class ConfigError extends Error {}

function publicHttpsHost(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  const url = new URL(publicUrl);
  return url.protocol === 'https:' ? url.host : undefined;
}

/** Reads and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const production = isProduction(e);
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgBinDir: e.PG_BIN_DIR ?? '',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    signUpRateLimit: e.SIGNUP_RATE_LIMIT,
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    production,
    // `npm start`'s embedded database is seeded unless told otherwise; production and a real database
    // only on request (a production start must not create the demo super admin's known password).
    seedDemo: production || e.DATABASE_URL ? e.SEED_DEMO : e.SEED_DEMO || env.SEED_DEMO === undefined,
    demoPassword: e.DEMO_PASSWORD,
    buildVersion: e.BUILD_VERSION,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    storage: {
      driver: e.STORAGE_DRIVER,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION ?? DEFAULT_S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    uploadMaxBytes: Math.floor(e.UPLOAD_MAX_MB * 1024 * 1024),
    signingCertificate:
      e.SIGNING_CERT_P12_BASE64 && e.SIGNING_CERT_PASSPHRASE
        ? { p12Base64: e.SIGNING_CERT_P12_BASE64.replace(/\s+/g, ''), passphrase: e.SIGNING_CERT_PASSPHRASE }
        : undefined,
    secretKey: e.SECRET_KEY ? Buffer.from(e.SECRET_KEY, 'base64') : undefined,
    esign:
      e.ESIGN_PROVIDER === 'boldsign' && e.BOLDSIGN_API_KEY
        ? {
            provider: 'boldsign',
            boldsign: {
              apiKey: e.BOLDSIGN_API_KEY,
              baseUrl: (e.BOLDSIGN_BASE_URL ?? DEFAULT_BOLDSIGN_BASE_URL).replace(/\/$/, ''),
            },
          }
        : { provider: 'builtin' },
    payments: paymentsConfigOf(e),
    carrier:
      e.FEDEX_CLIENT_ID && e.FEDEX_CLIENT_SECRET && e.FEDEX_ACCOUNT_NUMBER
        ? {
            fedex: {
              apiUrl: (e.FEDEX_API_URL ?? DEFAULT_FEDEX_API_URL).replace(/\/$/, ''),
              clientId: e.FEDEX_CLIENT_ID,
              clientSecret: e.FEDEX_CLIENT_SECRET,
              accountNumber: e.FEDEX_ACCOUNT_NUMBER,
              shipTo: ZShipTo.parse(parseJson(e.FEDEX_SHIP_TO)),
            },
          }
        : null,
    whiteLabel: {
      serverAddress: e.WHITE_LABEL_SERVER_ADDRESS,
      dnsServers: e.WHITE_LABEL_DNS_SERVERS?.split(',') ?? [],
      probe: {
        scheme: e.WHITE_LABEL_PROBE_SCHEME,
        port: e.WHITE_LABEL_PROBE_PORT ?? (e.WHITE_LABEL_PROBE_SCHEME === 'https' ? 443 : 80),
      },
      caddy: {
        sitesDir: path.resolve(e.CADDY_SITES_DIR ?? path.join(e.DATA_DIR, 'caddy', 'sites')),
        adminUrl: e.CADDY_ADMIN_URL?.replace(/\/$/, ''),
        upstreams: e.CADDY_UPSTREAM?.split(/[\s,]+/) ?? [`127.0.0.1:${port}`],
        // Caddy asks a replica (any answers the same), where Caddy can reach it.
        askUrl: `http://${e.CADDY_UPSTREAM?.split(/[\s,]+/)[0] ?? `127.0.0.1:${port}`}/domain/tls-ask/`,
        mainSite: publicHttpsHost(e.PUBLIC_URL),
      },
    },
  };
}
