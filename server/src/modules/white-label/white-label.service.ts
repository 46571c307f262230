import { randomBytes } from 'node:crypto';
import { hostNameOf } from '@portal/shared/host-name';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { publicDomainNameProblem } from '@portal/shared/public-domain-names';
import {
  type TServerStep,
  type TServerStepResult,
  type TWhiteLabelDomain,
  type TWhiteLabelDomainBody,
  WHITE_LABEL_LOGO_FIELD,
  WHITE_LABEL_TEXTS,
  type ZWhiteLabelAdminBody,
  type ZWhiteLabelConfigFields,
} from '@portal/shared/white-label';
import type { z } from 'zod';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { assertUncommonPassword } from '../../auth/common-passwords.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { WhiteLabelConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';
import { domainFileKey, domainLogoPath, newDomainLogoKey } from '../../storage/domain-files.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { normalizedLogo } from '../../storage/logo-image.ts';
import { createAccount } from '../accounts/account-writes.repository.ts';
import { loadIntoCaddy, writeSiteFile } from './caddy.ts';
import { checkARecord, checkCertificate, probeDomain } from './domain-checks.ts';
import {
  type DomainRow,
  findAllDomains,
  findDomain,
  findDomainByHost,
  insertDomainUnlessHostTaken,
  updateDomainRow,
} from './white-label.repository.ts';

export type WhiteLabelDeps = {
  db: Db;
  storage: FileStorage;
  config: WhiteLabelConfig;
  /** The per-process cache of domains by host (http/tenant.ts), told to forget after a write. */
  tenants: { forget(): void };
};

export function domainJson(row: DomainRow, config: WhiteLabelConfig): TWhiteLabelDomain {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    host: row.host,
    description: row.description,
    email_sender: row.emailSender,
    logo_url: row.logoKey ? domainLogoPath(row.logoKey) : null,
    brand_color: row.brandColor,
    server_address: config.serverAddress,
    status: row.reachableAt ? WHITE_LABEL_TEXTS.up : WHITE_LABEL_TEXTS.waiting,
    steps: {
      folder: row.folderCreatedAt !== null,
      domain_file: row.siteFileWrittenAt !== null,
      dns: row.dnsVerifiedAt !== null,
      reachable: row.reachableAt !== null,
      ssl: row.sslCompletedAt !== null,
    },
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

async function requireDomain(db: Db, id: number): Promise<DomainRow> {
  const row = await findDomain(db, id);
  if (!row) throw notFound('Domain not found.');
  return row;
}

async function updateDomain(
  deps: WhiteLabelDeps,
  id: number,
  changes: Partial<DomainRow>,
): Promise<DomainRow> {
  const row = await updateDomainRow(deps.db, id, changes);
  // Pages, mails and the ask endpoint read the domain by host: the next request sees the change.
  deps.tenants.forget();
  return row;
}

/** POST domain/white-label/: a new domain, its host taken from the https URL (one domain per host). */
export async function createWhiteLabelDomain(
  deps: WhiteLabelDeps,
  actor: Actor,
  body: TWhiteLabelDomainBody,
  context: RequestContext,
) {
  const host = hostNameOf(body.url);
  const row = await insertDomainUnlessHostTaken(deps.db, {
    name: body.name,
    url: `https://${host}`,
    host,
    checkToken: randomBytes(24).toString('base64url'),
  });
  if (!row) throw badRequest(WHITE_LABEL_TEXTS.hostTaken, { url: WHITE_LABEL_TEXTS.hostTaken });
  await recordAudit(deps.db, identityOf(actor, context), {
    action: 'white_label.domain_created',
    detail: { domain_id: row.id, host },
  });
  deps.tenants.forget();
  return { message: WHITE_LABEL_TEXTS.domainCreated, id: row.id, url: row.url };
}

/** POST domain/white-label/admin/: the domain's admin (7), an account of that domain only. */
export async function createWhiteLabelAdmin(
  deps: WhiteLabelDeps,
  actor: Actor,
  body: z.output<typeof ZWhiteLabelAdminBody>,
  context: RequestContext,
) {
  await requireDomain(deps.db, body.domain);
  assertUncommonPassword(body.password, 'password');
  const passwordHash = await hashPassword(body.password);
  const admin = await deps.db.transaction(async (tx) => {
    const created = await createAccount(
      tx,
      {
        membershipId: MEMBERSHIP.admin,
        email: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        phoneNumber: body.phone ?? '',
      },
      { domainId: body.domain },
    );
    await recordAudit(tx, identityOf(actor, context), {
      action: 'white_label.admin_created',
      targetUserId: created.id,
      detail: { domain_id: body.domain },
    });
    return created;
  });
  return { message: WHITE_LABEL_TEXTS.adminCreated, id: admin.id, email: admin.email };
}

/** POST domain/white-label/config/: description, sender, colour and logo (kept in the domain's folder). */
export async function saveWhiteLabelConfig(
  deps: WhiteLabelDeps,
  actor: Actor,
  input: { fields: z.output<typeof ZWhiteLabelConfigFields>; logo: Buffer },
  context: RequestContext,
) {
  const domain = await requireDomain(deps.db, input.fields.domain);
  const png = await normalizedLogo(input.logo, WHITE_LABEL_LOGO_FIELD);
  const key = newDomainLogoKey(domain.id);
  await deps.storage.put(key, png, { contentType: 'image/png' });
  let row: DomainRow;
  try {
    row = await updateDomain(deps, domain.id, {
      description: input.fields.description,
      emailSender: input.fields.email_sender,
      brandColor: input.fields.brand_color,
      logoKey: key,
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
  if (domain.logoKey) await deps.storage.delete(domain.logoKey).catch(() => {});
  await recordAudit(deps.db, identityOf(actor, context), {
    action: 'white_label.config_saved',
    detail: { domain_id: domain.id },
  });
  return { message: WHITE_LABEL_TEXTS.listed, domain: domainJson(row, deps.config) };
}

/** GET domain/list/: every domain, newest first. */
export async function listWhiteLabelDomains(deps: WhiteLabelDeps) {
  const rows = await findAllDomains(deps.db);
  return { message: WHITE_LABEL_TEXTS.listed, results: rows.map((row) => domainJson(row, deps.config)) };
}

const STEP_NAMES: Record<TServerStep, string> = {
  create_folder: 'Server configuration (media folder)',
  create_domain_file: 'Server configuration (domain file)',
  create_ssl_file: 'SSL certificate',
  check_up: 'Check Status',
};

/** A step that could not be done: which one and why, kept on the domain for the list. */
async function failStep(deps: WhiteLabelDeps, domain: DomainRow, step: TServerStep, reason: string) {
  const message = `${STEP_NAMES[step]}: ${reason}`;
  const row = await updateDomain(deps, domain.id, { lastError: message });
  return { success: false, message, domain: domainJson(row, deps.config) };
}

/**
 * POST domain/server-config/{id}/<step>/: each step does its real work and may be run again.
 * - create_folder: the domain's folder in the file storage (a manifest the logo sits beside);
 * - create_domain_file: the Caddy site block, loaded into Caddy when its admin API is configured;
 * - check_up: the A record is the server address (the ask endpoint approves the domain from then),
 *   then a request through the domain reaches this portal: Up and Running;
 * - create_ssl_file: after check_up, the certificate Caddy got on demand answers the handshake.
 * A step that fails answers success false with the reason (409 before check_up for the SSL step); a
 * host that is not a public domain name fails every step.
 */
export async function runServerStep(
  deps: WhiteLabelDeps,
  actor: Actor,
  id: number,
  step: TServerStep,
  context: RequestContext,
): Promise<TServerStepResult> {
  const domain = await requireDomain(deps.db, id);
  // A host stored before the URL rule (an IP address, a local name) gets no folder, site or check.
  const refused = publicDomainNameProblem(domain.host);
  if (refused) return failStep(deps, domain, step, refused);
  const done = async (message: string, changes: Partial<DomainRow>) => {
    const row = await updateDomain(deps, id, { ...changes, lastError: '' });
    await recordAudit(deps.db, identityOf(actor, context), {
      action: `white_label.${step}`,
      detail: { domain_id: id },
    });
    return { success: true, message, domain: domainJson(row, deps.config) };
  };
  switch (step) {
    case 'create_folder': {
      const manifest = JSON.stringify({ id, host: domain.host, url: domain.url }, null, 2);
      try {
        await deps.storage.put(domainFileKey(id, 'domain.json'), Buffer.from(manifest), {
          contentType: 'application/json',
        });
      } catch (error) {
        return failStep(
          deps,
          domain,
          step,
          `the file storage refused the folder (${(error as Error).message})`,
        );
      }
      return done('The media folder is ready.', { folderCreatedAt: domain.folderCreatedAt ?? new Date() });
    }
    case 'create_domain_file': {
      try {
        await writeSiteFile(deps.config, domain);
        const outcome = await loadIntoCaddy(deps.config);
        return done(outcome === 'loaded' ? 'The site is loaded in Caddy.' : 'The site file is written.', {
          siteFileWrittenAt: new Date(),
        });
      } catch (error) {
        return failStep(deps, domain, step, (error as Error).message);
      }
    }
    case 'check_up': {
      const dns = await checkARecord(deps.config, domain.host);
      if (!dns.ok) return failStep(deps, domain, step, dns.reason);
      await updateDomain(deps, id, { dnsVerifiedAt: domain.dnsVerifiedAt ?? new Date() });
      const reached = await probeDomain(deps.config, domain.host, domain.checkToken);
      if (!reached.ok) return failStep(deps, domain, step, reached.reason);
      return done(WHITE_LABEL_TEXTS.up, { reachableAt: new Date() });
    }
    case 'create_ssl_file': {
      if (!domain.reachableAt) throw conflict(WHITE_LABEL_TEXTS.notUpYet);
      // Behind plain HTTP (a local run) there is no handshake to check: Caddy issues the
      // certificate on the first HTTPS request, which the ask endpoint now approves.
      if (deps.config.probe.scheme === 'https') {
        const certificate = await checkCertificate(deps.config, domain.host);
        if (!certificate.ok) return failStep(deps, domain, step, certificate.reason);
      }
      return done('The SSL certificate is in place.', { sslCompletedAt: new Date() });
    }
  }
}

/**
 * GET domain/tls-ask/?domain=: Caddy asks before getting a certificate. Yes (200) only for a
 * registered domain whose A record pointed here (and a public domain name: never an IP address or a
 * local name stored before that rule); anything else 404, so nobody can make this server fetch
 * certificates for names that are not ours.
 */
export async function isCertificateAllowed(db: Db, name: string): Promise<boolean> {
  const host = hostNameOf(name);
  if (host === '' || publicDomainNameProblem(host)) return false;
  const row = await findDomainByHost(db, host);
  return row?.dnsVerifiedAt != null;
}

/** The token a domain's check path answers (check_up compares it). */
export async function checkTokenOf(db: Db, domainId: number): Promise<string> {
  const row = await findDomain(db, domainId);
  if (!row?.checkToken) throw notFound();
  return row.checkToken;
}
