import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { deliverDueMail } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/** Background sender: polls the outbox, and wakes at once when a mail is queued. */
export class MailWorker {
  readonly #db: Db;
  readonly #transport: MailTransport;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(db: Db, transport: MailTransport, from: string, log: FastifyBaseLogger) {
    this.#db = db;
    this.#transport = transport;
    this.#from = from;
    this.#log = log;
  }

  start(intervalMs = 5000): void {
    this.#timer = setInterval(() => void this.drain(), intervalMs);
    this.#timer.unref();
  }

  /** Sends everything due now; concurrent calls share one pass. */
  drain(): Promise<void> {
    this.#running ??= deliverDueMail(this.#db, this.#transport, this.#from)
      .then(() => undefined)
      .catch((error) => this.#log.warn({ err: error }, 'mail delivery pass failed'))
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /** Called after a change that queued mail has committed. */
  wake(): void {
    setImmediate(() => void this.drain());
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
    this.#transport.close();
  }
}
