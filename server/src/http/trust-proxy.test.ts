import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

/** request.ip of a bare Fastify with TRUST_PROXY as the portal reads it. */
async function ipSeen(trust: string, socket: string, forwardedFor: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trust }).trustProxy) });
  app.get('/', async (request) => request.ip);
  const res = await app.inject({
    url: '/',
    remoteAddress: socket,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY as Fastify applies it (finding 7)', () => {
  it.each([
    // [TRUST_PROXY, socket address, X-Forwarded-For, request.ip]
    ['true', PROXY, `198.51.100.1, ${CLIENT}`, CLIENT],
    ['1', PROXY, `198.51.100.1, ${CLIENT}`, CLIENT],
    ['2', PROXY, `198.51.100.1, ${CLIENT}, 10.0.0.9`, CLIENT],
    ['10.0.0.0/8', PROXY, `198.51.100.1, ${CLIENT}`, CLIENT],
    ['10.0.0.0/8', PROXY, `198.51.100.1, ${CLIENT}, 10.0.0.9`, CLIENT],
    // Not from a trusted proxy: the header is anyone's to write.
    ['10.0.0.0/8', '192.0.2.50', `198.51.100.1, ${CLIENT}`, '192.0.2.50'],
    ['false', PROXY, `198.51.100.1, ${CLIENT}`, PROXY],
  ])('TRUST_PROXY=%s, socket %s, X-Forwarded-For "%s": %s', async (trust, socket, forwarded, expected) => {
    expect(await ipSeen(trust, socket, forwarded)).toBe(expected);
  });
});
