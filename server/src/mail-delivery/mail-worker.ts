import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { type AttachmentFiles, deliverDueMail, OUTBOX_BATCH } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/** Background sender: polls the outbox, and wakes at once when a mail is queued. */
export class MailWorker {
  readonly #db: Db;
  readonly #transport: MailTransport;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;
  readonly #files: AttachmentFiles | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #passAgain = false;
  readonly #composing = new Set<Promise<void>>();

  constructor(
    db: Db,
    transport: MailTransport,
    from: string,
    log: FastifyBaseLogger,
    files?: AttachmentFiles,
  ) {
    this.#db = db;
    this.#files = files;
    this.#transport = transport;
    this.#from = from;
    this.#log = log;
  }

  start(intervalMs = 5000): void {
    this.#timer = setInterval(() => void this.drain(), intervalMs);
    this.#timer.unref();
  }

  /**
   * Runs `compose` (which may queue mail) only after the current request has answered, so that how
   * long the answer takes never depends on it (a reset request must not tell whether the account
   * exists). `compose` says whether it queued a mail; drain() and stop() wait for it.
   */
  composeLater(compose: () => Promise<boolean>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(compose)
      .then(async (queued) => {
        if (queued) await this.#deliver();
      })
      .catch((error) => this.#log.error({ err: error }, 'composing a mail failed'))
      .finally(() => this.#composing.delete(task));
    this.#composing.add(task);
  }

  /** Sends everything due now, mail still being composed included; concurrent calls share one pass. */
  async drain(): Promise<void> {
    while (this.#composing.size) await Promise.all(this.#composing);
    return this.#deliver();
  }

  #deliver(): Promise<void> {
    // A pass under way may have read the due mails before this caller's mail was queued: it is asked
    // for one more pass, so that what was queued before this call has gone out when it resolves.
    if (this.#running) {
      this.#passAgain = true;
      return this.#running;
    }
    this.#running = this.#deliverUntilDone().catch((error) =>
      this.#log.warn({ err: error }, 'mail delivery pass failed'),
    );
    return this.#running;
  }

  /** Passes until one sends less than a full batch and none was asked for: a burst goes out now. */
  async #deliverUntilDone(): Promise<void> {
    try {
      let sent: number;
      do {
        this.#passAgain = false;
        sent = await deliverDueMail(this.#db, this.#transport, this.#from, this.#files);
      } while (sent === OUTBOX_BATCH || this.#passAgain);
    } finally {
      // In the same step as the decision to stop: a caller from here on starts a pass of its own
      // (cleared a few ticks later, a caller could join a pass that had already decided to end).
      this.#running = undefined;
    }
  }

  /** Called after a change that queued mail has committed. */
  wake(): void {
    setImmediate(() => void this.drain());
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    while (this.#composing.size) await Promise.all(this.#composing);
    await this.#running;
    this.#transport.close();
  }
}
