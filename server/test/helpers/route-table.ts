import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../src/http/access.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** One route as the app registered it, with the access it declares. */
export type DeclaredRoute = {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route validates a request body (a write without one sends nothing). */
  hasBody: boolean;
  /** The names of the query parameters it declares (`search`, `limit`…). */
  queryKeys: string[];
};

/** The keys of a zod object schema (a querystring), none for anything else. */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * A test app plus its route table, read from the app itself: Fastify publishes every new instance
 * on the `fastify.initialization` channel before any plugin loads, so an onRoute hook added there
 * sees every route (the `plugins` option of buildApp registers too late for that). The docs routes
 * and the automatic HEAD routes are left out.
 */
export async function buildTestAppWithRouteTable(): Promise<{ t: TestApp; routes: DeclaredRoute[] }> {
  const routes: DeclaredRoute[] = [];
  let instance: FastifyInstance | undefined;
  const channel = diagnostics.channel('fastify.initialization');
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    if (instance) return; // only the first instance built below
    instance = fastify;
    fastify.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (access === undefined) return; // registration fails on it anyway (deny by default)
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({
          method,
          url: route.url,
          access,
          hasBody: Boolean(route.schema?.body),
          queryKeys: keysOf(route.schema?.querystring),
        });
      }
    });
  };
  channel.subscribe(onInit);
  let t: TestApp;
  try {
    t = await buildTestApp();
  } finally {
    channel.unsubscribe(onInit);
  }
  return { t, routes };
}

/**
 * Which route handler the last request reached, if any. Fastify traces the handler call on the
 * `tracing:fastify.request.handler:start` channel, after the onRequest access check and schema
 * validation passed: a 401/403 without it came from the access gate, a 403 with it from a policy.
 */
export function watchHandlerStarts() {
  const channel = diagnostics.channel('tracing:fastify.request.handler:start');
  let reached: { method: string; url: string } | null = null;
  const onStart = (message: unknown) => {
    reached = (message as { route: { method: string; url: string } }).route;
  };
  channel.subscribe(onStart);
  return {
    reset() {
      reached = null;
    },
    get reached(): { method: string; url: string } | null {
      return reached;
    },
    stop() {
      channel.unsubscribe(onStart);
    },
  };
}
