import fs from 'node:fs/promises';
import path from 'node:path';
import { publicDomainNameProblem } from '@portal/shared/public-domain-names';
import type { WhiteLabelConfig } from '../../config/env.ts';

/**
 * The Caddy side of a white-label domain (docs/decisions/023): one site block per domain in the
 * sites folder, certificates by on-demand TLS approved by the portal's ask endpoint, and the whole
 * Caddyfile loaded through Caddy's admin API when one is configured.
 */

const SITE_EXTENSION = '.caddy';

export function siteFileOf(config: WhiteLabelConfig, host: string): string {
  return path.join(config.caddy.sitesDir, `${host}${SITE_EXTENSION}`);
}

/** How Caddy sends a site's requests to the portal's replicas (health-checked when there are several). */
function reverseProxy(config: WhiteLabelConfig): string[] {
  const { upstreams } = config.caddy;
  return [
    `\treverse_proxy ${upstreams.join(' ')} {`,
    ...(upstreams.length > 1
      ? ['\t\tlb_policy round_robin', '\t\thealth_uri /readyz', '\t\tlb_try_duration 5s']
      : []),
    '\t}',
  ];
}

/** A domain's site block: TLS on demand, everything to the portal, which tells hosts apart itself. */
export function siteBlock(config: WhiteLabelConfig, domain: { id: number; host: string }): string {
  return [
    `# White-label domain ${domain.id}, written by the portal.`,
    `${domain.host} {`,
    '\ttls {',
    '\t\ton_demand',
    '\t}',
    '\tencode zstd gzip',
    ...reverseProxy(config),
    '}',
    '',
  ].join('\n');
}

/** The portal's own site (PUBLIC_URL, when https), so a load of the whole Caddyfile keeps it. */
function mainSiteBlock(config: WhiteLabelConfig): string {
  if (!config.caddy.mainSite) return '';
  return [`${config.caddy.mainSite} {`, '\tencode zstd gzip', ...reverseProxy(config), '}', ''].join('\n');
}

/** Where Caddy's admin API listens: its default (localhost) unless the portal reaches it by another name. */
function adminOption(config: WhiteLabelConfig): string[] {
  if (!config.caddy.adminUrl) return [];
  const url = new URL(config.caddy.adminUrl);
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return [];
  const port = url.port || '2019';
  // Another container: listen on its network, and accept requests that name it as the portal does.
  return [`\tadmin 0.0.0.0:${port} {`, `\t\torigins ${url.hostname}:${port}`, '\t}'];
}

/** The global options: certificates only for the domains the ask endpoint approves. */
function globalOptions(config: WhiteLabelConfig): string {
  return [
    '{',
    ...adminOption(config),
    '\ton_demand_tls {',
    `\t\task ${config.caddy.askUrl}`,
    '\t}',
    '}',
    '',
  ].join('\n');
}

/**
 * Writes the domain's site file (replacing an older one: the step may be run again). Only for a
 * public domain name: the host is the site's address and part of the Caddyfile's text.
 */
export async function writeSiteFile(config: WhiteLabelConfig, domain: { id: number; host: string }) {
  const refused = publicDomainNameProblem(domain.host);
  if (refused) throw new Error(refused);
  await fs.mkdir(config.caddy.sitesDir, { recursive: true });
  const file = siteFileOf(config, domain.host);
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, siteBlock(config, domain), { mode: 0o644 });
  await fs.rename(temporary, file);
  return file;
}

/** The whole Caddyfile: the global options, the portal's own site and every site file of the folder. */
export async function caddyfile(config: WhiteLabelConfig): Promise<string> {
  const names = (await fs.readdir(config.caddy.sitesDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(SITE_EXTENSION))
    .sort();
  const sites = await Promise.all(
    names.map((name) => fs.readFile(path.join(config.caddy.sitesDir, name), 'utf8')),
  );
  return [globalOptions(config), mainSiteBlock(config), ...sites].filter(Boolean).join('\n');
}

/**
 * Loads the Caddyfile into the running Caddy (POST /load, adapted from Caddyfile text); without an
 * admin URL the files wait for Caddy to read them (`import sites/*.caddy`).
 */
export async function loadIntoCaddy(config: WhiteLabelConfig): Promise<'loaded' | 'written'> {
  if (!config.caddy.adminUrl) return 'written';
  let response: Response;
  try {
    response = await fetch(`${config.caddy.adminUrl}/load`, {
      method: 'POST',
      headers: { 'content-type': 'text/caddyfile' },
      body: await caddyfile(config),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new Error(`Caddy's admin API cannot be reached: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`Caddy refused the configuration (${response.status}): ${detail}`);
  }
  return 'loaded';
}
