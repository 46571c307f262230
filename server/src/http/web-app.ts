import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** Where the built web app is; WEB_DIST_DIR (absolute) lets parallel test runs use their own build. */
export const WEB_DIST = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
const API_PREFIXES = ['/api/', '/auth/', '/media/', '/domain/'];

/** The version the browser compares on every route change: changes exactly when the web build does. */
export function computeBuildVersion(explicit: string | undefined): string {
  if (explicit) return explicit;
  const index = path.join(WEB_DIST, 'index.html');
  if (!fs.existsSync(index)) return 'dev';
  return createHash('sha256').update(fs.readFileSync(index)).digest('hex').slice(0, 12);
}

/** Serves the built single-page app; unknown non-API paths get index.html so client routes load. */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const hasBuild = fs.existsSync(path.join(WEB_DIST, 'index.html'));
  if (hasBuild) await app.register(fastifyStatic, { root: WEB_DIST, serve: false });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    if (API_PREFIXES.some((p) => urlPath.startsWith(p))) {
      return reply.status(404).send({ message: 'Not found.' });
    }
    if (!hasBuild) {
      return reply.status(404).send({ message: 'The web app is not built. Run `npm run build`.' });
    }
    const file = path.normalize(urlPath).replace(/^(\.\.[/\\])+/, '');
    const candidate = path.join(WEB_DIST, file);
    if (
      file !== '/' &&
      candidate.startsWith(WEB_DIST) &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile()
    ) {
      const immutable = file.startsWith('/assets/');
      return reply.sendFile(file, { maxAge: immutable ? '365d' : 0, immutable });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { maxAge: 0 });
  });
}
