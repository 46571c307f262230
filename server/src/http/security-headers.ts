import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from './api-paths.ts';

/**
 * Scripts only from our own origin and never inline. Styles from our own files, plus, on the web
 * app's page, Mantine's `<style>` elements (CSS variables, responsive props) when they carry that
 * response's nonce. Style attributes set by React go through the CSSOM, which CSP does not restrict,
 * so no `'unsafe-inline'` is needed for them. Answers that are not the page (JSON, files) carry the
 * same policy without a nonce: they hold no `<style>` element to allow.
 */
function contentSecurityPolicy(extra: ExtraSources, styleNonce?: string): string {
  const styleSrc = styleNonce ? `'self' 'nonce-${styleNonce}'` : "'self'";
  return [
    "default-src 'self'",
    "base-uri 'self'",
    `script-src ${["'self'", ...extra.scriptSrc].join(' ')}`,
    "script-src-attr 'none'",
    `style-src ${styleSrc}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...extra.connectSrc].join(' ')}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join(';');
}

/** What the page's CSP allows beyond our own origin; kept for the nonce of the web app's page. */
type WithExtraSources = FastifyReply & { portalCspExtra?: ExtraSources };

/**
 * A fresh nonce for this response's `<style>` elements (the web app's index.html carries it), and the
 * CSP header that allows exactly it.
 */
export function styleNonceOf(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  reply.header(
    'content-security-policy',
    contentSecurityPolicy((reply as WithExtraSources).portalCspExtra ?? NO_EXTRA_SOURCES, nonce),
  );
  return nonce;
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
 *
 * The same headers helmet sends with our policy, written once at start and set with one call per
 * request: helmet rebuilt and re-validated the policy on every response (about 8% of a small
 * route's CPU under load; docs/decisions/035).
 */
export function registerSecurityHeaders(app: FastifyInstance, extra: ExtraSources = NO_EXTRA_SOURCES): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(extra),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (extra !== NO_EXTRA_SOURCES) (reply as WithExtraSources).portalCspExtra = extra;
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY says the proxy is ours.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // A route that chose its own caching (a public logo under a never-reused name) keeps it: set
    // here first, a route's own header replaces it.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
