import { Resolver } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import type { WhiteLabelConfig } from '../../config/env.ts';
import { describeInwardAddress, inwardAddressKind } from './inward-addresses.ts';

/** Where a white-label domain answers this portal's check (the token of the domain it came in on). */
export const DOMAIN_CHECK_PATH = '/.well-known/portal-domain-check';
const TIMEOUT_MS = 5000;

export type CheckOutcome = { ok: true } | { ok: false; reason: string };

/** A host's A (or AAAA) records, through the configured DNS servers (the system's when none). */
async function resolveRecords(config: WhiteLabelConfig, host: string, family: 4 | 6): Promise<string[]> {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  if (config.dnsServers.length > 0) resolver.setServers(config.dnsServers);
  try {
    return await (family === 4 ? resolver.resolve4(host) : resolver.resolve6(host));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
    throw new Error(`DNS lookup of ${host} failed (${code ?? (error as Error).message})`);
  }
}

/**
 * Step 1 of check_up: the domain's A record is the server address, and nothing it resolves to (A or
 * AAAA) leads inward: an address other than the server address that is loopback, private,
 * link-local, CGNAT, multicast or reserved stops the check before any connection is made.
 */
export async function checkARecord(config: WhiteLabelConfig, host: string): Promise<CheckOutcome> {
  let addresses: string[];
  try {
    const [v4, v6] = await Promise.all([resolveRecords(config, host, 4), resolveRecords(config, host, 6)]);
    addresses = [...v4, ...v6];
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  for (const address of addresses) {
    const kind = address === config.serverAddress ? null : inwardAddressKind(address);
    if (kind) {
      return {
        ok: false,
        reason:
          `${host} resolves to ${describeInwardAddress(address, kind)}: the portal does not connect ` +
          `through it. Point its A record at ${config.serverAddress} only.`,
      };
    }
  }
  if (addresses.includes(config.serverAddress)) return { ok: true };
  return {
    ok: false,
    reason:
      addresses.length === 0
        ? `${host} has no A record yet; point it at ${config.serverAddress}.`
        : `The A record of ${host} points to ${addresses.join(', ')}, not ${config.serverAddress}.`,
  };
}

/**
 * Step 2 of check_up: a request through the domain (its name in the Host and TLS SNI, sent to the
 * server address) reaches this portal: the answer holds the domain's token. The connection goes to
 * the server address and nowhere else: the host name is only the Host header and the SNI (a URL
 * with a numeric host such as 2130706433 would connect there directly, skipping any lookup).
 */
export function probeDomain(config: WhiteLabelConfig, host: string, token: string): Promise<CheckOutcome> {
  const client = config.probe.scheme === 'https' ? https : http;
  const url = `${config.probe.scheme}://${host}:${config.probe.port}${DOMAIN_CHECK_PATH}`;
  return new Promise((resolve) => {
    const request = client.get(
      {
        host: config.serverAddress,
        port: config.probe.port,
        path: DOMAIN_CHECK_PATH,
        headers: { host: `${host}:${config.probe.port}` },
        servername: host,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < 4096) body += chunk;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) {
            resolve({
              ok: false,
              reason: `${url} answered ${response.statusCode}, not this portal's check.`,
            });
            return;
          }
          let answered = '';
          try {
            answered = String((JSON.parse(body) as { token?: unknown }).token ?? '');
          } catch {
            // not JSON: not this portal
          }
          resolve(
            answered === token
              ? { ok: true }
              : { ok: false, reason: `${url} is served by something else than this portal.` },
          );
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) =>
      resolve({ ok: false, reason: `${url} cannot be reached: ${error.message}` }),
    );
  });
}

/**
 * The SSL step over HTTPS: a TLS handshake with the domain's name whose certificate the system
 * trusts. Caddy gets it on the first handshake, after the ask endpoint approved the domain.
 */
export function checkCertificate(config: WhiteLabelConfig, host: string): Promise<CheckOutcome> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: config.serverAddress,
      port: config.probe.port,
      servername: host,
      timeout: TIMEOUT_MS * 3,
    });
    // Verified against the system's trusted roots and the domain's name (tls.connect's defaults).
    socket.once('secureConnect', () => {
      socket.end();
      resolve({ ok: true });
    });
    socket.once('timeout', () => socket.destroy(new Error('the handshake took too long')));
    socket.once('error', (error) =>
      resolve({ ok: false, reason: `The certificate of ${host} is not ready yet: ${error.message}` }),
    );
  });
}
