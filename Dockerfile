# syntax=docker/dockerfile:1
# The portal's production image (docs/decisions/025-several-processes.md): Node 24, the server's
# production dependencies only, the web app built in its own stage, run as the unprivileged `node`
# user. deploy/compose.yaml runs two of it behind Caddy with PostgreSQL and MinIO.

FROM node:24-trixie-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/

# The web app: its own dependencies (dev ones included: Vite), then the build.
FROM manifests AS web
RUN npm ci --no-audit --no-fund --ignore-scripts --workspace web --include-workspace-root=false
COPY shared/src shared/src
COPY web web
RUN npm run build --workspace web

# The server's dependencies, production only (no Vite, no test tools, no TypeScript: Node 24 runs
# the sources by stripping their types).
FROM manifests AS server-deps
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts --workspace server --include-workspace-root=false

FROM node:24-trixie-slim
# pg_dump and pg_restore for `npm run backup` / `restore` (PostgreSQL 17's client, as compose's server).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data /caddy-sites /backups \
  && chown node:node /data /caddy-sites /backups
WORKDIR /app
# Production: the portal refuses to start until PAYMENT_GATEWAY is named, and seeds demo data only with
# SEED_DEMO=true (docs/decisions/030-production-defaults.md).
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# glibc: two malloc arenas instead of one per thread, and large blocks (argon2's 19 MiB, zlib, PDF
# work in the thread pool) mapped and returned on free rather than kept: lower peaks under the soak
# (docs/benchmarks.md).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
COPY --from=server-deps /app/node_modules node_modules
COPY package.json ./
COPY shared/package.json shared/
COPY shared/src shared/src
COPY server/package.json server/
COPY server/src server/src
COPY server/drizzle server/drizzle
COPY scripts/start-prod.ts scripts/dot-env.ts scripts/web-bundle.ts scripts/
COPY --from=web /app/web/dist web/dist
USER node
EXPOSE 3000
# Process up; compose's own check asks /readyz (database and storage reachable).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: the server shuts down gracefully (server/src/main.ts).
CMD ["node", "--max-semi-space-size=16", "scripts/start-prod.ts"]
