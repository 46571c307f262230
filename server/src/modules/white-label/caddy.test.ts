import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { caddyfile, writeSiteFile } from './caddy.ts';

function whiteLabelConfig(env: Record<string, string>) {
  const sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-caddy-'));
  return loadConfig({ CADDY_SITES_DIR: sitesDir, ...env }).whiteLabel;
}

describe('the Caddyfile the portal loads into Caddy', () => {
  it('on one machine: Caddy on localhost, the portal beside it, no site of its own over http', async () => {
    const config = whiteLabelConfig({ PORT: '3000', PUBLIC_URL: 'http://localhost:3000' });
    await writeSiteFile(config, { id: 1, host: 'clinic.example.com' });
    const text = await caddyfile(config);
    expect(text).toContain('ask http://127.0.0.1:3000/domain/tls-ask/');
    expect(text).not.toContain('admin');
    expect(text).toContain('clinic.example.com {');
    expect(text).toContain('reverse_proxy 127.0.0.1:3000 {');
    expect(text).not.toContain('health_uri');
  });

  it('in compose: every replica behind health checks, the portal’s own site kept, the admin API reachable', async () => {
    const config = whiteLabelConfig({
      PUBLIC_URL: 'https://portal.example.com',
      CADDY_UPSTREAM: 'portal-1:3000 portal-2:3000',
      CADDY_ADMIN_URL: 'http://caddy:2019',
    });
    await writeSiteFile(config, { id: 2, host: 'clinic.example.com' });
    const text = await caddyfile(config);
    expect(text).toMatch(/admin 0\.0\.0\.0:2019 \{\s+origins caddy:2019/);
    expect(text).toContain('ask http://portal-1:3000/domain/tls-ask/');
    expect(text).toMatch(
      /portal\.example\.com \{\s+encode zstd gzip\s+reverse_proxy portal-1:3000 portal-2:3000 \{/,
    );
    expect(text).toMatch(
      /clinic\.example\.com \{[\s\S]*reverse_proxy portal-1:3000 portal-2:3000 \{[\s\S]*health_uri \/readyz/,
    );
  });

  it('writes no site for an IP address or a local name', async () => {
    const config = whiteLabelConfig({ PORT: '3000' });
    for (const host of ['169.254.169.254', '2130706433', 'localhost', 'metadata.google.internal', 'x {\n}']) {
      await expect(writeSiteFile(config, { id: 3, host })).rejects.toThrow(
        /IP address|reserved|public domain/,
      );
    }
    expect(fs.readdirSync(config.caddy.sitesDir)).toEqual([]);
  });

  it('refuses an upstream that is not host:port', () => {
    expect(() => loadConfig({ CADDY_UPSTREAM: 'portal-1' })).toThrow(/CADDY_UPSTREAM must be host:port/);
  });
});
