import pg from 'pg';
import type { Database } from './client.ts';

export type ChannelHandlers = {
  onMessage(payload: string): void;
  /** Listening (again): messages sent while not listening were lost. */
  onListening(): void;
  /** Not listening any more until onListening; reconnection is already under way. */
  onLost(error: unknown): void;
};

export type ChannelListener = {
  readonly listening: boolean;
  /** NOTIFY on the channel through the listening connection itself (barriers use this ordering). */
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * LISTEN on one channel. PGlite is one in-process connection whose notifications arrive with
 * the result of the query that committed them. On PostgreSQL it is one dedicated client outside
 * the pool (a pooled client would be handed to other queries), reconnecting with backoff.
 */
export async function listenOnChannel(
  database: Database,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  if (database.pglite) {
    const pglite = database.pglite;
    const unlisten = await pglite.listen(channel, handlers.onMessage);
    handlers.onListening();
    return {
      listening: true,
      notify: async (payload) => {
        await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      close: async () => {
        if (!pglite.closed) await unlisten();
      },
    };
  }
  if (!database.connectionString) throw new Error('Listening on PostgreSQL needs the connection string');
  const listener = new PostgresChannelListener(database.connectionString, channel, handlers);
  await listener.connect();
  return listener;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

class PostgresChannelListener implements ChannelListener {
  readonly #connectionString: string;
  readonly #channel: string;
  readonly #handlers: ChannelHandlers;
  #client: pg.Client | undefined;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(connectionString: string, channel: string, handlers: ChannelHandlers) {
    this.#connectionString = connectionString;
    this.#channel = channel;
    this.#handlers = handlers;
  }

  get listening(): boolean {
    return this.#client !== undefined;
  }

  /** One attempt; on failure the next is scheduled, so start-up does not fail for it. */
  async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#connectionString,
      application_name: 'portal-session-listener',
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel === this.#channel) this.#handlers.onMessage(message.payload ?? '');
    });
    client.on('error', (error) => this.#lose(client, error));
    client.on('end', () => this.#lose(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.#channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      this.#handlers.onLost(error);
      this.#scheduleReconnect();
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#retryMs = FIRST_RETRY_MS;
    this.#handlers.onListening();
  }

  async notify(payload: string): Promise<void> {
    if (!this.#client) throw new Error(`not listening on ${this.#channel}`);
    await this.#client.query('SELECT pg_notify($1, $2)', [this.#channel, payload]);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #lose(client: pg.Client, error: unknown): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => {});
    if (this.#closed) return;
    this.#handlers.onLost(error);
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed) return;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => void this.connect(), this.#retryMs);
    this.#retryTimer.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
  }
}
