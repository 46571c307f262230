import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const ZEnvFields = z.object({
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
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().max(365).default(30),
  SEED_DEMO: booleanFlag,
  DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must be at least 8 characters').default('demo-password'),
  BUILD_VERSION: z.string().optional(),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const ZEnv = ZEnvFields.refine((e) => e.SESSION_TTL_DAYS <= e.SESSION_MAX_AGE_DAYS, {
  message: 'SESSION_TTL_DAYS (idle expiry) cannot be longer than SESSION_MAX_AGE_DAYS (absolute lifetime)',
  path: ['SESSION_TTL_DAYS'],
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  sessionTtlDays: number;
  /** Absolute lifetime of a session from its login, however much it is used. */
  sessionMaxAgeDays: number;
  seedDemo: boolean;
  demoPassword: string;
  buildVersion: string | undefined;
  trustProxy: boolean;
  logLevel: z.infer<typeof ZEnvFields>['LOG_LEVEL'];
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    // The embedded database of a first run is seeded unless told otherwise; a real one only on request.
    seedDemo: e.DATABASE_URL ? e.SEED_DEMO : e.SEED_DEMO || env.SEED_DEMO === undefined,
    demoPassword: e.DEMO_PASSWORD,
    buildVersion: e.BUILD_VERSION,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
