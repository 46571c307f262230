import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AuditCheckpointJob } from './audit-chain/audit-checkpoint-job.ts';
import { SessionCache } from './auth/session-cache.ts';
import { registerSessionSync, SessionInvalidation } from './auth/session-invalidation.ts';
import { findSessionWithinLifetime, sessionEndsAt } from './auth/session-lifetime.ts';
import type { SessionRow } from './auth/tokens.ts';
import type { AppConfig } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import { accountRecoveryRoutes } from './flows/account-recovery/account-recovery.routes.ts';
import { linkedSessionsRoutes } from './flows/linked-sessions/linked-sessions.routes.ts';
import { openAccountRoutes } from './flows/open-account/open-account.routes.ts';
import { placeOrderRoutes } from './flows/place-order/place-order.routes.ts';
import { transactionsHistoryRoutes } from './flows/transactions-history/transactions-history.routes.ts';
import { registerAccessControl } from './http/access.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { serializeError } from './http/error-log.ts';
import { holdApiRequestsUntil, registerHealth, registerProbes, StartupWork } from './http/health.ts';
import { serializeRequest } from './http/log-redaction.ts';
import { openApiTransform } from './http/openapi.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { registerNulGuard } from './http/reject-nul.ts';
import { registerRequestIds, requestIdOf } from './http/request-id.ts';
import { OneLinePerRequest, stdoutLogDestination } from './http/request-log.ts';
import { API_DOCS_CSP, registerSecurityHeaders } from './http/security-headers.ts';
import { registerTenants } from './http/tenant.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { registerUploads } from './http/uploads.ts';
import { computeBuildVersion, registerWebApp, WEB_DIST } from './http/web-app.ts';
import { StagedUploadPurgeJob } from './jobs/staged-upload-purge.ts';
import { MailWorker } from './mail-delivery/mail-worker.ts';
import { createMailTransport, type MailTransport } from './mail-delivery/transport.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { auditTrailRoutes } from './modules/audit-trail/audit-trail.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDocumentsDeps } from './modules/documents/create-documents-deps.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import type { DocumentsDeps } from './modules/documents/documents-deps.ts';
import { SigningReminderJob } from './modules/documents/reminder-job.ts';
import { harvestCentersRoutes } from './modules/harvest-centers/harvest-centers.routes.ts';
import { hcProfileRoutes } from './modules/hc-profile/hc-profile.routes.ts';
import { hcStaffRoutes } from './modules/hc-staff/hc-staff.routes.ts';
import { joinRequestsRoutes } from './modules/join-requests/join-requests.routes.ts';
import { labsRoutes } from './modules/labs/labs.routes.ts';
import { mailOutboxRoutes } from './modules/mail-outbox/mail-outbox.routes.ts';
import { patientsRoutes } from './modules/patients/patients.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { salesTeamsRoutes } from './modules/sales-teams/sales-teams.routes.ts';
import { shippingLabelsRoutes } from './modules/shipping-labels/shipping-labels.routes.ts';
import { SessionPurgeJob } from './modules/sign-in/session-purge.ts';
import { authRoutes } from './modules/sign-in/sign-in.routes.ts';
import { signUpRoutes } from './modules/sign-up/sign-up.routes.ts';
import { timelineRoutes } from './modules/timeline/timeline.routes.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { vialsRoutes } from './modules/vials/vials.routes.ts';
import { whiteLabelRoutes } from './modules/white-label/white-label.routes.ts';
import { createPaymentGateway } from './payment-gateways/create-payment-gateway.ts';
import type { PaymentGateway } from './payment-gateways/payment-gateway.ts';
import { acceptJsSources } from './payment-gateways/payment-mode.ts';
import { sandboxGatewayRoutes } from './payment-gateways/sandbox/sandbox-gateway.routes.ts';
import { SandboxGateway } from './payment-gateways/sandbox/sandbox-gateway.ts';
import { SealKeys } from './pdf-signing/seal-keys.ts';
import { createFileStorage, type FileStorage } from './storage/file-storage.ts';
import { type CpuPool, cpuPool } from './workers/cpu-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    mailWorker: MailWorker;
    sessionCache: SessionCache<SessionRow>;
    sessionInvalidation: SessionInvalidation;
    sessionPurge: SessionPurgeJob;
    /** The audit chain's head checkpointed in the file storage, hourly (decision 028). */
    auditCheckpoints: AuditCheckpointJob;
    /** Staged uploads not filed within a day are removed, hourly (storage/staged-uploads.ts). */
    stagedUploadPurge: StagedUploadPurgeJob;
    /** Files (documents now; labels, assets and logos later): local disk or S3. */
    storage: FileStorage;
    /** The portal's seal certificate and the media-link key derived from it, loaded on first use. */
    sealKeys: SealKeys;
    documents: DocumentsDeps;
    signingReminders: SigningReminderJob;
    buildVersion: string;
    /** The card gateway: the built-in sandbox, or Authorize.net by configuration. */
    payments: PaymentGateway;
    /** Work still running after the first answer (GET /api/health/ says 'starting' until it ends). */
    startupWork: StartupWork;
    /** The threads of the PDF work (docs/decisions/029), closed with the app. */
    cpuPool: CpuPool;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  /** Tests pass their own transport (a local SMTP server or an in-memory one). */
  mailTransport?: MailTransport;
  logger?: boolean;
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** The built web app to serve; WEB_DIST_DIR or web/dist by default. */
  webDistDir?: string;
  /** Extra plugins registered after the domain routes (tests use it for probe routes). */
  plugins?: FastifyPluginAsync[];
  /** API requests wait for it (`npm start`: the demo accounts being written; http/health.ts). */
  holdApiRequestsUntil?: Promise<unknown>;
};

/**
 * Every module's routes, in one place: one plugin per module. A module with several route files
 * (one per group of routes) registers them from its own `<module>.routes.ts`.
 */
const DOMAIN_ROUTES = [
  authRoutes,
  mailOutboxRoutes,
  usersRoutes,
  contactRoutes,
  patientsRoutes,
  labsRoutes,
  harvestCentersRoutes,
  salesTeamsRoutes,
  vialsRoutes,
  productsRoutes,
  hcStaffRoutes,
  dashboardRoutes,
  documentsRoutes,
  billingRoutes,
  couponsRoutes,
  transactionsRoutes,
  shippingLabelsRoutes,
  hcProfileRoutes,
  assetsRoutes,
  whiteLabelRoutes,
  auditTrailRoutes,
  joinRequestsRoutes,
  checkoutRoutes,
  signUpRoutes,
  timelineRoutes,
];

/**
 * The routes of the use cases that span modules (server/src/flows/): each flow's route lives with
 * its steps, so following an import from here leads to every module the request touches.
 */
const FLOW_ROUTES = [
  placeOrderRoutes,
  transactionsHistoryRoutes,
  openAccountRoutes,
  linkedSessionsRoutes,
  accountRecoveryRoutes,
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: options.logStream ?? stdoutLogDestination(),
            serializers: { err: serializeError, req: serializeRequest },
          },
    // One line per request instead of Fastify's two (http/request-log.ts).
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const webDistDir = options.webDistDir ?? WEB_DIST;
  app.decorate('buildVersion', computeBuildVersion(config.buildVersion, webDistDir));
  const transport = options.mailTransport ?? createMailTransport(config);
  const storage = await createFileStorage(config);
  app.decorate('storage', storage);
  app.decorate('mailWorker', new MailWorker(database.db, transport, config.mailFrom, app.log, storage));
  app.addHook('onClose', async () => app.mailWorker.stop());

  // Sessions are cached per process and dropped when the database announces a change to them.
  const sessionCache = new SessionCache<SessionRow>({
    load: (raw) => findSessionWithinLifetime(database.db, raw, config.sessionMaxAgeDays),
    dependsOn: (s) => ({ tokenIds: [s.tokenId, s.parentTokenId], userIds: [s.user.id, s.actorUserId] }),
    endsAt: (s) => sessionEndsAt(s, config.sessionMaxAgeDays),
  });
  app.decorate('sessionCache', sessionCache);
  app.decorate('sessionInvalidation', await SessionInvalidation.start(database, sessionCache, app.log));
  app.addHook('onClose', async () => app.sessionInvalidation.close());
  app.decorate(
    'sessionPurge',
    new SessionPurgeJob(database.db, { maxAgeDays: config.sessionMaxAgeDays }, app.log),
  );
  app.addHook('onClose', async () => app.sessionPurge.stop());
  app.decorate('auditCheckpoints', new AuditCheckpointJob(database.db, storage, app.log));
  app.addHook('onClose', async () => app.auditCheckpoints.stop());
  app.decorate('stagedUploadPurge', new StagedUploadPurgeJob({ db: database.db, storage }, app.log));
  app.addHook('onClose', async () => app.stagedUploadPurge.stop());

  app.decorate('sealKeys', new SealKeys(database.db, config.signingCertificate));
  app.decorate(
    'documents',
    createDocumentsDeps({
      db: database.db,
      storage,
      config,
      seal: app.sealKeys,
      wakeMail: () => app.mailWorker.wake(),
    }),
  );
  app.decorate(
    'signingReminders',
    new SigningReminderJob(
      database.db,
      { publicUrl: config.publicUrl, onMailQueued: () => app.mailWorker.wake() },
      app.log,
    ),
  );
  app.addHook('onClose', async () => app.signingReminders.stop());
  // The PDF work's threads (docs/decisions/029): none until the first task, ended with the app.
  app.decorate('cpuPool', cpuPool);
  app.addHook('onClose', async () => app.cpuPool.close());

  const payments = await createPaymentGateway(config.payments, database.db);
  app.decorate('payments', payments);

  registerErrorHandler(app);
  registerRequestIds(app);
  // Before the hooks that read sessions and tenants: nothing reads the data until it is whole.
  if (options.holdApiRequestsUntil) holdApiRequestsUntil(app, options.holdApiRequestsUntil);
  registerTenants(app);
  // Accept.js is served and answered by Authorize.net: the page may load it and post cards there.
  registerSecurityHeaders(app, acceptJsSources(config.payments));
  await app.register(compress, { encodings: ['br', 'gzip'] });
  registerAccessControl(app, {
    sessionTtlDays: config.sessionTtlDays,
    sessionMaxAgeDays: config.sessionMaxAgeDays,
    sessions: sessionCache,
  });
  registerSessionSync(app, app.sessionInvalidation);
  registerNulGuard(app);
  await registerRateLimits(app, database.db);
  await registerUploads(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal API', version: '1' },
      tags: [
        { name: 'auth', description: 'Login, sessions, password reset, Login As and going back' },
        {
          name: 'second-factors',
          description: 'Passkeys, authenticator codes and recovery codes; the sign-in steps; the policy',
        },
        {
          name: 'users',
          description: 'Users, profiles, passwords, activation, admin user lists and CSV export',
        },
        {
          name: 'options',
          description: 'Option lists of select-search fields (value, label, first_name, last_name)',
        },
        { name: 'utilities', description: 'Agreement check, admin password-reset mail, Contact Us' },
        {
          name: 'documents',
          description: 'Agreements: signing requests, uploads, lists, templates (part 1 §7 Documents)',
        },
        {
          name: 'sign-up',
          description: 'Public sign-up forms, e-mail confirmation, admin invitations, new sign-ups',
        },
        {
          name: 'signing',
          description:
            'The signing page (its link is the credential), the HC sign-up signing, verification, media files',
        },
      ],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP });

  app.decorate('startupWork', new StartupWork(app.log));
  registerHealth(app, app.startupWork);
  registerProbes(app, {
    pingDatabase: () => database.db.execute(sql`SELECT 1`),
    pingStorage: () => storage.exists('readyz-probe'),
  });
  for (const routes of DOMAIN_ROUTES) await app.register(routes);
  for (const routes of FLOW_ROUTES) await app.register(routes);
  if (payments instanceof SandboxGateway) await app.register(sandboxGatewayRoutes(payments));
  for (const plugin of options.plugins ?? []) await app.register(plugin);
  await registerWebApp(app, webDistDir);
  return app;
}
