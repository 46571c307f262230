import {
  HARVEST_CENTER_CREATED_MESSAGE,
  ZHarvestCenterCreate,
  ZHarvestCenterCreateResponse,
} from '@portal/shared/harvest-centers';
import { SIGN_UP_THROTTLED_MESSAGE, ZAccountSignUp, ZAccountSignUpResponse } from '@portal/shared/sign-up';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, parseInput } from '../../errors/app-error.ts';
import { giveBackRateLimitHit } from '../../http/rate-limit.ts';
import { requestContext } from '../../http/request-context.ts';
import { createHarvestCenter } from '../../modules/harvest-centers/harvest-centers.service.ts';
import { type OpenAccountDeps, openAccount } from './open-account.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * POST /api/v1/harvest-centers/: a visitor's sign-up on one of the public forms (the open-account
 * flow), or a signed-in admin's or rep's new harvest center (the harvest-centers module), one path
 * as in part 1 §7.
 */
export const openAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OpenAccountDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    wakeMail: () => app.mailWorker.wake(),
    log: app.log,
  };

  app.post(
    '/api/v1/harvest-centers/',
    {
      config: {
        access: 'public',
        // Counted per address for sign-ups only: admins and reps making centers are signed in.
        rateLimit: {
          max: app.config.signUpRateLimit,
          timeWindow: HOUR_MS,
          allowList: (request) => request.actor !== null,
          errorResponseBuilder: () => new AppError(429, SIGN_UP_THROTTLED_MESSAGE),
        },
      },
      // The body depends on the caller (a sign-up, or an admin's or rep's new HC): the handler
      // validates it against the right one; the union documents both.
      attachValidation: true,
      schema: {
        tags: ['sign-up', 'harvest-centers'],
        body: z.union([ZAccountSignUp, ZHarvestCenterCreate]),
        // The fuller answer first: the serializer takes the first that fits.
        response: { 201: z.union([ZHarvestCenterCreateResponse, ZAccountSignUpResponse]) },
      },
    },
    async (request, reply) => {
      const context = requestContext(request);
      if (request.actor) {
        const body = parseInput(ZHarvestCenterCreate, request.body);
        const data = await createHarvestCenter(app.db, request.actor, body, context);
        return reply.status(201).send({ message: HARVEST_CENTER_CREATED_MESSAGE, data });
      }
      // The limit counts the accounts an address made: a refused attempt (a weak password, a field
      // left out) gives its hit back, so a clinic's office does not lock itself out (issue 42).
      try {
        const body = parseInput(ZAccountSignUp, request.body);
        // A sign-up on a white-label domain's host joins that domain.
        const domainId = request.tenant?.id ?? null;
        return reply.status(201).send(await openAccount(deps, body, { ...context, domainId }));
      } catch (error) {
        if (error instanceof AppError && error.status < 500) await giveBackRateLimitHit(app.db, request);
        throw error;
      }
    },
  );
};
