import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from './api-paths.ts';

type WithStyleNonce = ServerResponse & { portalStyleNonce?: string };

/** The nonce this response's CSP allows for `<style>` elements (the web app's index.html carries it). */
export function styleNonceOf(reply: FastifyReply): string {
  return styleNonceOfRaw(reply.raw);
}

/** Made once per response, when helmet writes the CSP header or the page asks first. */
function styleNonceOfRaw(res: ServerResponse): string {
  const raw = res as WithStyleNonce;
  raw.portalStyleNonce ??= randomBytes(16).toString('base64');
  return raw.portalStyleNonce;
}

/**
 * Scripts only from our own origin and never inline. Styles from our own files, plus Mantine's
 * `<style>` elements (CSS variables, responsive props) when they carry this response's nonce;
 * helmet's default would allow any inline style. Style attributes set by React go through the
 * CSSOM, which CSP does not restrict, so no `'unsafe-inline'` is needed for them.
 */
function appDirectives(extra: ExtraSources) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...extra.scriptSrc],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", (_req: unknown, res: ServerResponse) => `'nonce-${styleNonceOfRaw(res)}'`],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...extra.connectSrc],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

/**
 * Origins outside our own the app must reach: a card gateway's tokenizer script (Accept.js loads
 * from Authorize.net and posts the card there, so the number never reaches our server).
 */
export type ExtraSources = { scriptSrc: string[]; connectSrc: string[] };
const NO_EXTRA_SOURCES: ExtraSources = { scriptSrc: [], connectSrc: [] };

/**
 * Swagger UI (/api/docs) loads only its own scripts and is never framed either. It adds one
 * `<style>` element of its own without a nonce, so inline styles are allowed on this page only
 * (it shows our own OpenAPI document, no user content).
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** A year, the usual HSTS lifetime; browsers renew it on every visit over TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (CSP, no framing, nosniff, no referrer: the reset link carries
 * its token in the URL), HSTS when the request came over TLS, and `no-store` on the API, whose
 * answers carry patient data that no browser or proxy cache should keep.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  extra: ExtraSources = NO_EXTRA_SOURCES,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(extra) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent by the hook below, only over TLS: on plain HTTP the header is meaningless.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY says the proxy is ours.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  // A route that chose its own caching (a public logo under a never-reused name) keeps it.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
