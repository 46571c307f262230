import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionCacheOptions } from './session-cache.ts';

type FakeSession = {
  tokenId: number;
  parentTokenId: number | null;
  userId: number;
  actorUserId: number | null;
  endsAt?: Date;
};

function setup(
  sessions: Record<string, FakeSession>,
  options: Partial<SessionCacheOptions<FakeSession>> = {},
) {
  const clock = { now: 1_000_000 };
  const loads: string[] = [];
  const cache = new SessionCache<FakeSession>({
    async load(raw) {
      loads.push(raw);
      return sessions[raw] ?? null;
    },
    dependsOn: (s) => ({ tokenIds: [s.tokenId, s.parentTokenId], userIds: [s.userId, s.actorUserId] }),
    endsAt: (s) => s.endsAt ?? new Date(8.64e15),
    now: () => clock.now,
    ...options,
  });
  return { cache, loads, clock };
}

const alice = { tokenId: 1, parentTokenId: null, userId: 10, actorUserId: null };
const bob = { tokenId: 2, parentTokenId: null, userId: 20, actorUserId: null };
// Alice's admin session (token 1) acting as Carol through a linked session.
const carolAsAlice = { tokenId: 3, parentTokenId: 1, userId: 30, actorUserId: 10 };

describe('SessionCache', () => {
  it('loads a session once and serves it from memory until its time to live passes', async () => {
    const { cache, loads, clock } = setup({ a: alice }, { ttlMs: 60_000 });
    expect(await cache.find('a')).toBe(alice);
    expect(await cache.find('a')).toBe(alice);
    expect(loads).toEqual(['a']);
    clock.now += 60_001;
    expect(await cache.find('a')).toBe(alice);
    expect(loads).toEqual(['a', 'a']);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 2 });
  });

  it('never serves a session past its own end', async () => {
    const { cache, loads, clock } = setup({ a: { ...alice, endsAt: new Date(1_000_000 + 5_000) } });
    await cache.find('a');
    clock.now += 5_000;
    await cache.find('a');
    expect(loads).toEqual(['a', 'a']);
  });

  it('does not cache unknown tokens', async () => {
    const { cache, loads } = setup({});
    expect(await cache.find('nope')).toBeNull();
    expect(await cache.find('nope')).toBeNull();
    expect(loads).toEqual(['nope', 'nope']);
    expect(cache.size).toBe(0);
  });

  it('drops the sessions of a token, of its linked sessions, and of a user or the person behind it', async () => {
    const { cache, loads } = setup({ a: alice, b: bob, c: carolAsAlice });
    for (const raw of ['a', 'b', 'c']) await cache.find(raw);
    cache.invalidateToken(1);
    expect(cache.size).toBe(1);
    for (const raw of ['a', 'b', 'c']) await cache.find(raw);
    expect(loads.slice(3)).toEqual(['a', 'c']);

    cache.invalidateUser(10); // Alice: her own session and the one she opened as Carol
    expect(cache.size).toBe(1);
    cache.invalidateUser(20);
    expect(cache.size).toBe(0);
  });

  it('keeps the most recently used sessions when full', async () => {
    const { cache, loads } = setup({ a: alice, b: bob, c: carolAsAlice }, { maxEntries: 2 });
    await cache.find('a');
    await cache.find('b');
    await cache.find('a'); // a is now the most recent
    await cache.find('c'); // evicts b
    expect(cache.size).toBe(2);
    await cache.find('a');
    await cache.find('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('uses but does not keep a session loaded while an invalidation arrived', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { cache, loads } = setup(
      {},
      {
        async load(raw) {
          loads.push(raw);
          if (loads.length === 1) await gate;
          return alice;
        },
      },
    );
    const pending = cache.find('a');
    cache.invalidateToken(1); // revoked while the row was being read
    release();
    expect(await pending).toBe(alice);
    expect(cache.size).toBe(0);
    await cache.find('a');
    expect(loads).toEqual(['a', 'a']);
  });

  it('goes to the database every time while disabled', async () => {
    const { cache, loads } = setup({ a: alice });
    await cache.find('a');
    cache.setEnabled(false);
    expect(cache.size).toBe(0);
    await cache.find('a');
    await cache.find('a');
    expect(loads).toEqual(['a', 'a', 'a']);
    cache.setEnabled(true);
    await cache.find('a');
    await cache.find('a');
    expect(loads).toHaveLength(4);
  });
});
