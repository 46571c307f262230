import { ZCardForTokenizer, ZOpaqueData } from '@portal/shared/cards';
import { BUYER_MEMBERSHIPS } from '@portal/shared/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors/app-error.ts';
import { SANDBOX_TOKENIZE_PATH, SandboxCardError, type SandboxGateway } from './sandbox-gateway.ts';

/**
 * The sandbox gateway's tokenizer, standing where Accept.js's endpoint would: the only route that
 * ever receives a card number. Registered only when the sandbox gateway is in use. Only accounts
 * that buy (a real tokenizer is public with the merchant's key; ours needs no open door).
 */
export function sandboxGatewayRoutes(gateway: SandboxGateway): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      SANDBOX_TOKENIZE_PATH,
      {
        config: { access: BUYER_MEMBERSHIPS },
        schema: {
          tags: ['sandbox gateway'],
          summary: 'Tokenize a card (sandbox gateway; answers Accept.js-style opaque data)',
          body: ZCardForTokenizer,
          response: { 200: ZOpaqueData },
        },
      },
      async (request) => {
        try {
          return await gateway.tokenize(request.body);
        } catch (error) {
          if (error instanceof SandboxCardError)
            throw badRequest(error.message, { [error.field]: error.message });
          throw error;
        }
      },
    );
  };
}
