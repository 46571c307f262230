import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that are credentials: whoever holds the URL can use it, so the request log keeps
 * the parameter's name and drops its value. `pass`: the admin invitation
 * (/admin-registration-process?pass=); `token`: password reset, e-mail confirmation and signing
 * links; `signature`: signed file URLs (storage/signed-urls.ts).
 */
export const SECRET_QUERY_PARAMETERS = ['pass', 'token', 'signature'] as const;

const SECRET_NAMES = new Set<string>(SECRET_QUERY_PARAMETERS);
export const REDACTED = '[REDACTED]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the value of each secret parameter replaced; the path and other parameters as sent. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_NAMES.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryStart + 1)}${query.join('&')}`;
}

/** Fastify's own `req` log serializer (lib/logger-pino.js), with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
