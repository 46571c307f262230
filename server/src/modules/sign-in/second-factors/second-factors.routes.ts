import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SecretBox } from '../../../auth/secret-box.ts';
import type { FactorDeps } from './factor-management.ts';
import { factorPolicyRoutes } from './factor-policy.routes.ts';
import { ownFactorsRoutes } from './own-factors.routes.ts';
import { secondStepRoutes } from './second-step.routes.ts';

/** Strong sign-in (docs/decisions/031-strong-sign-in.md): passkeys, authenticator codes, recovery codes. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: FactorDeps = {
    db: app.db,
    box: new SecretBox(app.db, app.config.secretKey),
    sessionTtlDays: app.config.sessionTtlDays,
    wakeMail: () => app.mailWorker.wake(),
  };
  await app.register(secondStepRoutes(deps));
  await app.register(ownFactorsRoutes(deps));
  await app.register(factorPolicyRoutes);
};
