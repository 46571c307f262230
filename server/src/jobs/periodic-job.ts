import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobClaims } from '../db/schema/platform.ts';
import { PROCESS_ID } from './process-id.ts';

/** A run is leased this long: a process that dies mid-run frees the job for another after it. */
const LEASE_SECONDS = 600;

/**
 * Claims the job's run due now for this process: one upsert whose WHERE is re-checked under the row
 * lock, so of several processes ticking at once exactly one gets the row back. The next run is due
 * after 90% of the interval, so the claimant's own next tick is never a few milliseconds early.
 */
export async function claimJobRun(db: Db, name: string, intervalMs: number, owner = PROCESS_ID) {
  const nextRunAt = sql`now() + make_interval(secs => ${(intervalMs * 0.9) / 1000})`;
  const leaseUntil = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
  const claimed = await db
    .insert(jobClaims)
    .values({ name, nextRunAt, claimedBy: owner, leaseUntil, runs: 1, lastRunBy: owner })
    .onConflictDoUpdate({
      target: jobClaims.name,
      set: {
        nextRunAt,
        claimedBy: owner,
        leaseUntil,
        runs: sql`${jobClaims.runs} + 1`,
        lastRunBy: owner,
      },
      setWhere: sql`${jobClaims.nextRunAt} <= now() AND (${jobClaims.leaseUntil} IS NULL OR ${jobClaims.leaseUntil} <= now())`,
    })
    .returning({ name: jobClaims.name });
  return claimed.length === 1;
}

/** Ends this process's lease on the job (after a run, or at shutdown). */
export async function releaseJobRun(db: Db, name: string, owner = PROCESS_ID): Promise<void> {
  await db
    .update(jobClaims)
    .set({ claimedBy: null, leaseUntil: null, lastFinishedAt: sql`now()` })
    .where(and(eq(jobClaims.name, name), eq(jobClaims.claimedBy, owner)));
}

/**
 * A task run at start and then on a timer (purges, reminders). On the timer a run first claims the
 * job in the database, so with several processes each run happens in one of them; run() itself (tests
 * moving the clock) does not claim. Overlapping calls share one run; a failure is logged and the next
 * run tries again; stop() waits for a run under way and releases its claim.
 */
export class PeriodicJob<T> {
  readonly #name: string;
  readonly #db: Db;
  readonly #task: (now?: Date) => Promise<T>;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<T | undefined> | undefined;
  #tick: Promise<void> | undefined;

  constructor(name: string, db: Db, task: (now?: Date) => Promise<T>, log: FastifyBaseLogger) {
    this.#name = name;
    this.#db = db;
    this.#task = task;
    this.#log = log;
  }

  start(intervalMs: number): void {
    const tick = () => {
      this.#tick ??= this.#runIfClaimed(intervalMs).finally(() => {
        this.#tick = undefined;
      });
    };
    tick();
    this.#timer = setInterval(tick, intervalMs);
    this.#timer.unref();
  }

  async #runIfClaimed(intervalMs: number): Promise<void> {
    try {
      if (!(await claimJobRun(this.#db, this.#name, intervalMs))) return;
    } catch (error) {
      this.#log.warn({ err: error }, `${this.#name}: claiming the run failed`);
      return;
    }
    await this.run();
    await releaseJobRun(this.#db, this.#name).catch((error) =>
      this.#log.warn({ err: error }, `${this.#name}: releasing the claim failed`),
    );
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
    await this.#tick;
    await this.#running;
    // A run that was claimed releases its lease in #runIfClaimed; a claim left by a run cut short
    // (the database went away) is freed here, or by its lease's end.
    await releaseJobRun(this.#db, this.#name).catch(() => undefined);
  }
}
