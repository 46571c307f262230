import type { FastifyBaseLogger } from 'fastify';

/**
 * A task this process runs at start and then on a timer (purges, reminders). Overlapping calls share
 * one run; a failure is logged and the next run tries again; stop() waits for a run under way.
 */
export class PeriodicJob<T> {
  readonly #name: string;
  readonly #task: (now?: Date) => Promise<T>;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<T | undefined> | undefined;

  constructor(name: string, task: (now?: Date) => Promise<T>, log: FastifyBaseLogger) {
    this.#name = name;
    this.#task = task;
    this.#log = log;
  }

  start(intervalMs: number): void {
    void this.run();
    this.#timer = setInterval(() => void this.run(), intervalMs);
    this.#timer.unref();
  }

  /** One run (at `now`, for tests that move the clock); concurrent calls share it. */
  run(now?: Date): Promise<T | undefined> {
    this.#running ??= this.#task(now)
      .catch((error) => {
        this.#log.warn({ err: error }, `${this.#name} failed`);
        return undefined;
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
