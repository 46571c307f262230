import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { CSP_NONCE_PLACEHOLDER } from '@portal/shared/csp';
import { BRANDING_META_NAME, type TBranding } from '@portal/shared/white-label';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_MESSAGE } from '../errors/app-error.ts';
import { domainLogoPath } from '../storage/domain-files.ts';
import { isApiPath } from './api-paths.ts';
import { styleNonceOf } from './security-headers.ts';
import type { Tenant } from './tenant.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** Where the built web app is; WEB_DIST_DIR (absolute) lets parallel test runs use their own build. */
export const WEB_DIST = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : DEFAULT_WEB_DIST;

/** The version the browser compares on every route change: changes exactly when the web build does. */
export function computeBuildVersion(explicit: string | undefined, webDist = WEB_DIST): string {
  if (explicit) return explicit;
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return 'dev';
  return createHash('sha256').update(fs.readFileSync(index)).digest('hex').slice(0, 12);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * index.html for a white-label host: its title in <title>, and its branding in a meta tag the app
 * reads before its first paint (no extra request, nothing inline for the CSP to allow).
 */
export function brandedPage(page: string, tenant: Tenant): string {
  const branding: TBranding = {
    title: tenant.name,
    logo_url: tenant.logoKey ? domainLogoPath(tenant.logoKey) : null,
    brand_color: tenant.brandColor,
  };
  const meta = `<meta name="${BRANDING_META_NAME}" content="${escapeHtml(JSON.stringify(branding))}" />`;
  return page
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(tenant.name)}</title>`)
    .replace('</head>', `    ${meta}\n  </head>`);
}

/**
 * Serves the built single-page app; unknown non-API paths get index.html so client routes load.
 * Files are sent pre-compressed (.br/.gz written by the build) when the browser accepts it.
 */
export async function registerWebApp(app: FastifyInstance, webDist = WEB_DIST): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });
  // Read once, like the build version: each answer only fills in its own CSP nonce.
  const indexTemplate = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (isApiPath(urlPath)) {
      return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
    }
    if (!hasBuild) {
      return reply.status(404).send({ message: 'The web app is not built. Run `npm run build`.' });
    }
    const file = path.normalize(urlPath).replace(/^(\.\.[/\\])+/, '');
    const candidate = path.join(webDist, file);
    if (
      file !== '/' &&
      file !== '/index.html' &&
      candidate.startsWith(webDist) &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile()
    ) {
      const immutable = file.startsWith('/assets/');
      return reply.sendFile(file, { maxAge: immutable ? '365d' : 0, immutable });
    }
    const page = indexTemplate.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonceOf(reply));
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(request.tenant ? brandedPage(page, request.tenant) : page);
  });
}
