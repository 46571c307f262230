import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, retryWhileUnavailable } from './unavailable.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const shuttingDown = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: update …'), { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a restart, a refused or cut connection, through wrapping', () => {
    expect(isDatabaseUnavailable(wrapped(refused))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(shuttingDown))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(new Error('Client has encountered a connection error and is not queryable')),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
  });

  it('does not take a broken statement or a conflict for an outage', () => {
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('division by zero'), { code: '22012' }))),
    ).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});

describe('retryWhileUnavailable', () => {
  it('tries again through an outage and returns what the write returns', async () => {
    let calls = 0;
    const result = await retryWhileUnavailable(async () => {
      calls++;
      if (calls < 3) throw wrapped(refused);
      return 'marked';
    });
    expect(result).toBe('marked');
    expect(calls).toBe(3);
  });

  it('does not retry any other error', async () => {
    let calls = 0;
    const broken = new Error('division by zero');
    await expect(
      retryWhileUnavailable(async () => {
        calls++;
        throw broken;
      }),
    ).rejects.toBe(broken);
    expect(calls).toBe(1);
  });

  it('gives up once the outage outlasts its limit', async () => {
    let calls = 0;
    await expect(
      retryWhileUnavailable(async () => {
        calls++;
        throw refused;
      }, 500),
    ).rejects.toBe(refused);
    expect(calls).toBeGreaterThan(1);
  });
});
