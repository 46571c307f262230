import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { CPU_POOL_BUSY_MESSAGE, CpuPool, cpuTask } from './cpu-pool.ts';
import {
  type echo,
  type exhaustHeap,
  type fail,
  SampleTaskError,
  type spin,
} from './testing/sample-tasks.ts';

const SAMPLES = new URL('./testing/sample-tasks.ts', import.meta.url);
const ECHO = cpuTask<typeof echo>(SAMPLES, 'echo');
const FAIL = cpuTask<typeof fail>(SAMPLES, 'fail', [SampleTaskError]);
const SPIN = cpuTask<typeof spin>(SAMPLES, 'spin');
const EXHAUST_HEAP = cpuTask<typeof exhaustHeap>(SAMPLES, 'exhaustHeap');

const pools: CpuPool[] = [];
function newPool(options: ConstructorParameters<typeof CpuPool>[0] = {}) {
  const pool = new CpuPool(options);
  pools.push(pool);
  return pool;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('CpuPool', () => {
  it('starts no thread before the first task, then runs tasks on another thread with plain data', async () => {
    const pool = newPool();
    expect(await pool.threadCount()).toBe(0);
    const at = new Date('2026-03-01T10:00:00Z');
    const result = await pool.run(ECHO, { text: 'héllo', bytes: new Uint8Array([1, 2, 3]), at });
    expect(result).toEqual({
      text: 'héllo',
      bytes: new Uint8Array([1, 2, 3]),
      at,
      threadId: expect.any(Number),
    });
    expect(result.threadId).not.toBe(threadId);
    expect(await pool.threadCount()).toBe(1);
  });

  it('rebuilds the errors a task names, and reports others with their message', async () => {
    const pool = newPool();
    const known = await pool.run(FAIL, { known: true }).catch((error) => error);
    expect(known).toBeInstanceOf(SampleTaskError);
    expect(known.message).toBe('The known one.');
    const unknown = await pool.run(FAIL, { known: false }).catch((error) => error);
    expect(unknown).toBeInstanceOf(Error);
    expect(unknown).not.toBeInstanceOf(SampleTaskError);
    expect(unknown.message).toBe('fail failed on a worker thread: An unknown one.');
    expect(unknown.stack).toContain('RangeError');
  });

  it('keeps the event loop free while a task holds its thread', async () => {
    const pool = newPool();
    await pool.run(SPIN, { ms: 1 });
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    await pool.run(SPIN, { ms: 600 });
    delay.disable();
    // The same spin on this thread would stall the loop for 600 ms.
    expect(delay.max / 1e6).toBeLessThan(300);
  });

  it('refuses a task with a 503 when its threads and queue are full, unless it asks to wait', async () => {
    const pool = newPool({ maxThreads: 1, maxQueue: 1 });
    const running = [pool.run(SPIN, { ms: 300 }), pool.run(SPIN, { ms: 1 })];
    const refused = await pool.run(SPIN, { ms: 1 }).catch((error) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, message: CPU_POOL_BUSY_MESSAGE });
    const waited = pool.run(SPIN, { ms: 1 }, { whenBusy: 'wait' });
    await expect(Promise.all([...running, waited])).resolves.toHaveLength(3);
    expect(pool.inFlight).toBe(0);
    // Room again: a task is taken.
    await expect(pool.run(SPIN, { ms: 1 })).resolves.toEqual(expect.any(Number));
  });

  it('ends a thread whose task runs out of heap, not the process, and goes on', async () => {
    const pool = newPool({ maxHeapMb: 32 });
    await expect(pool.run(EXHAUST_HEAP, undefined)).rejects.toMatchObject({
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    await expect(pool.run(SPIN, { ms: 1 })).resolves.toEqual(expect.any(Number));
  });

  it('ends an idle thread after its timeout and says so', async () => {
    const pool = newPool({ idleTimeoutMs: 50 });
    let exits = 0;
    pool.onThreadExit(() => {
      exits += 1;
    });
    await pool.run(SPIN, { ms: 1 });
    expect(await pool.threadCount()).toBe(1);
    for (let i = 0; i < 100 && exits === 0; i++) await sleep(20);
    expect(exits).toBe(1);
    expect(await pool.threadCount()).toBe(0);
  });

  it('closes after the tasks handed over, and opens again for the next task', async () => {
    const pool = newPool();
    const running = pool.run(SPIN, { ms: 200 });
    await pool.close();
    await expect(running).resolves.toEqual(expect.any(Number));
    expect(await pool.threadCount()).toBe(0);
    await expect(pool.run(SPIN, { ms: 1 })).resolves.toEqual(expect.any(Number));
    expect(await pool.threadCount()).toBe(1);
  });
});
