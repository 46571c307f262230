import { hostNameOf } from '@portal/shared/host-name';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { domains } from '../db/schema/accounts.ts';

/**
 * The white-label domain a request came through, picked by its Host (docs/decisions/023): its
 * title, logo and colours brand the pages, its sender signs the mails. Unknown hosts (the main
 * portal's own, localhost, an address) have none.
 */
export type Tenant = {
  id: number;
  name: string;
  host: string;
  url: string;
  description: string;
  emailSender: string;
  logoKey: string;
  brandColor: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantDirectory;
  }
  interface FastifyRequest {
    tenant: Tenant | null;
  }
}

/** How long a process trusts what it read of a host; the wizard's own writes forget at once. */
const CACHE_MS = 30_000;
const CACHE_MAX = 1000;

const tenantColumns = {
  id: domains.id,
  name: domains.name,
  host: domains.host,
  url: domains.url,
  description: domains.description,
  emailSender: domains.emailSender,
  logoKey: domains.logoKey,
  brandColor: domains.brandColor,
};

/** Domains by host, read through a small per-process cache (every request asks). */
export class TenantDirectory {
  readonly #db: Db;
  readonly #cache = new Map<string, { tenant: Tenant | null; at: number }>();

  constructor(db: Db) {
    this.#db = db;
  }

  async forHost(hostHeader: string | undefined): Promise<Tenant | null> {
    const host = hostNameOf(hostHeader ?? '');
    if (host === '') return null;
    const cached = this.#cache.get(host);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.tenant;
    const [row] = await this.#db.select(tenantColumns).from(domains).where(eq(domains.host, host)).limit(1);
    if (this.#cache.size >= CACHE_MAX) this.#cache.clear();
    this.#cache.set(host, { tenant: row ?? null, at: Date.now() });
    return row ?? null;
  }

  async byId(id: number): Promise<Tenant | null> {
    const [row] = await this.#db.select(tenantColumns).from(domains).where(eq(domains.id, id)).limit(1);
    return row ?? null;
  }

  /** After a domain is written: its next request reads it again. */
  forget(): void {
    this.#cache.clear();
  }
}

export function registerTenants(app: FastifyInstance): void {
  app.decorate('tenants', new TenantDirectory(app.db));
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (request) => {
    request.tenant = await app.tenants.forHost(request.headers.host);
  });
}
