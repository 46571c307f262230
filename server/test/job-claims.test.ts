import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobClaims } from '../src/db/schema/platform.ts';
import { claimJobRun, PeriodicJob, releaseJobRun } from '../src/jobs/periodic-job.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** Periodic jobs claim each run in the database, so several processes run it once (decision 025). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const claimOf = async (name: string) =>
  (await t.db.select().from(jobClaims).where(eq(jobClaims.name, name)))[0];

describe('job claims', () => {
  it('give a due run to one process; the next is due after the interval, and not while leased', async () => {
    expect(await claimJobRun(t.db, 'purge', 60_000, 'a')).toBe(true);
    expect(await claimJobRun(t.db, 'purge', 60_000, 'b')).toBe(false);
    await releaseJobRun(t.db, 'purge', 'a');
    expect(await claimJobRun(t.db, 'purge', 60_000, 'b')).toBe(false); // not due yet

    await t.db
      .update(jobClaims)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobClaims.name, 'purge'));
    expect(await claimJobRun(t.db, 'purge', 60_000, 'b')).toBe(true);
    // Due again but still leased by b (b died mid-run): nobody else runs it until the lease ends.
    await t.db
      .update(jobClaims)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobClaims.name, 'purge'));
    expect(await claimJobRun(t.db, 'purge', 60_000, 'a')).toBe(false);
    await t.db
      .update(jobClaims)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobClaims.name, 'purge'));
    expect(await claimJobRun(t.db, 'purge', 60_000, 'a')).toBe(true);
    expect(await claimOf('purge')).toMatchObject({ runs: 3, lastRunBy: 'a', claimedBy: 'a' });
  });

  it('a release by another process leaves the claim alone', async () => {
    expect(await claimJobRun(t.db, 'reminders', 60_000, 'a')).toBe(true);
    await releaseJobRun(t.db, 'reminders', 'b');
    expect((await claimOf('reminders')).claimedBy).toBe('a');
  });

  it('two jobs of one name started together run once, and release the claim when stopped', async () => {
    let runs = 0;
    const task = async () => {
      runs++;
      return runs;
    };
    const first = new PeriodicJob('together', t.db, task, t.app.log);
    const second = new PeriodicJob('together', t.db, task, t.app.log);
    first.start(60_000);
    second.start(60_000);
    await first.stop();
    await second.stop();
    expect(runs).toBe(1);
    const claim = await claimOf('together');
    expect(claim).toMatchObject({ runs: 1, claimedBy: null, leaseUntil: null });
    expect(claim.lastFinishedAt).not.toBeNull();
  });
});
