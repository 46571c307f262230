import { hashToken } from './tokens.ts';

/** What a cached session stops being valid with: its own token or a parent token, its users. */
export type SessionDependencies = {
  tokenIds: readonly (number | null | undefined)[];
  userIds: readonly (number | null | undefined)[];
};

export type SessionCacheOptions<T> = {
  /** Reads the live session behind a raw token from the database; null when there is none. */
  load(rawToken: string): Promise<T | null>;
  dependsOn(session: T): SessionDependencies;
  /** When the session ends by itself (expiry); a cached copy is never served past it. */
  endsAt?(session: T): Date;
  maxEntries?: number;
  /** A safety net only: invalidation, not age, is what normally removes an entry. */
  ttlMs?: number;
  now?(): number;
};

type Entry<T> = { session: T; until: number; dependencies: string[] };

/**
 * Live sessions kept in process, keyed by the token's hash, least recently used evicted first.
 * It does not know what a session holds: `dependsOn` names the token and user ids whose change
 * must drop it, and whoever learns of such a change calls `invalidateToken` / `invalidateUser`
 * (session-invalidation.ts, fed by PostgreSQL NOTIFY). Misses are not cached, so a flood of
 * unknown tokens cannot push real sessions out.
 */
export class SessionCache<T> {
  readonly #options: Required<Omit<SessionCacheOptions<T>, 'endsAt'>> &
    Pick<SessionCacheOptions<T>, 'endsAt'>;
  /** Map order is recency order: the first key is the least recently used. */
  readonly #entries = new Map<string, Entry<T>>();
  readonly #keysByDependency = new Map<string, Set<string>>();
  /** Bumped by every invalidation, so a load that raced with one is used once but not kept. */
  #generation = 0;
  #enabled = true;
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(options: SessionCacheOptions<T>) {
    this.#options = { maxEntries: 10_000, ttlMs: 60_000, now: Date.now, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  async find(rawToken: string): Promise<T | null> {
    const key = hashToken(rawToken);
    const entry = this.#entries.get(key);
    if (entry) {
      if (entry.until > this.#options.now()) {
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        this.stats.hits++;
        return entry.session;
      }
      this.#remove(key);
    }
    this.stats.misses++;
    const generation = this.#generation;
    const session = await this.#options.load(rawToken);
    if (session && this.#enabled && generation === this.#generation) this.#store(key, session);
    return session;
  }

  invalidateToken(tokenId: number): void {
    this.#invalidate(`token:${tokenId}`);
  }

  invalidateUser(userId: number): void {
    this.#invalidate(`user:${userId}`);
  }

  clear(): void {
    this.#generation++;
    this.stats.invalidations++;
    this.#entries.clear();
    this.#keysByDependency.clear();
  }

  /** Off while invalidations cannot be received: every lookup then goes to the database. */
  setEnabled(enabled: boolean): void {
    this.#enabled = enabled;
    if (!enabled) this.clear();
  }

  #invalidate(dependency: string): void {
    this.#generation++;
    this.stats.invalidations++;
    for (const key of this.#keysByDependency.get(dependency) ?? []) this.#remove(key);
  }

  #store(key: string, session: T): void {
    const now = this.#options.now();
    const endsAt = this.#options.endsAt?.(session).getTime() ?? Number.POSITIVE_INFINITY;
    const until = Math.min(now + this.#options.ttlMs, endsAt);
    if (until <= now) return;
    const { tokenIds, userIds } = this.#options.dependsOn(session);
    const dependencies = [
      ...tokenIds.filter((id) => id != null).map((id) => `token:${id}`),
      ...userIds.filter((id) => id != null).map((id) => `user:${id}`),
    ];
    this.#remove(key);
    this.#entries.set(key, { session, until, dependencies });
    for (const dependency of dependencies) {
      const keys = this.#keysByDependency.get(dependency) ?? new Set<string>();
      keys.add(key);
      this.#keysByDependency.set(dependency, keys);
    }
    while (this.#entries.size > this.#options.maxEntries) {
      this.#remove(this.#entries.keys().next().value as string);
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const dependency of entry.dependencies) {
      const keys = this.#keysByDependency.get(dependency);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByDependency.delete(dependency);
    }
  }
}
