import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { holdApiRequestsUntil } from '../src/http/health.ts';

/*
 * `npm start` listens while the demo accounts are written (issue 42): the web app's files, the health
 * routes and the build version answer at once; an API request waits until the data is whole, so it
 * never sees it half-written.
 */

function deferred() {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

async function appHeldUntil(dataReady: Promise<unknown>) {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } }); // as buildApp's
  holdApiRequestsUntil(app, dataReady);
  for (const url of ['/api/health/', '/healthz', '/readyz', '/auth/build-version/', '/api/v1/users/']) {
    app.get(url, async () => ({ url }));
  }
  app.get('/*', async () => 'page');
  await app.ready();
  return app;
}

describe('the start-up data gate', () => {
  it('answers the pages, health and build version at once and API calls once the data is whole', async () => {
    const data = deferred();
    const app = await appHeldUntil(data.promise);
    const order: string[] = [];
    const api = app.inject({ url: '/api/v1/users/?limit=5' }).then((answer) => {
      order.push('api');
      return answer;
    });
    for (const url of [
      '/api/health/',
      '/api/health',
      '/healthz',
      '/readyz',
      '/auth/build-version/',
      '/login',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
    order.push('others');
    data.resolve();
    expect((await api).statusCode).toBe(200);
    expect(order).toEqual(['others', 'api']);
    await app.close();
  });

  it("lets requests through when the seeding failed (its failure is the start's to report)", async () => {
    const data = deferred();
    const app = await appHeldUntil(data.promise);
    const api = app.inject({ url: '/api/v1/users/' });
    data.reject(new Error('seed failed'));
    expect((await api).statusCode).toBe(200);
    await app.close();
  });
});
