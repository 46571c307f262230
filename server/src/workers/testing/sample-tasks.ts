import { threadId } from 'node:worker_threads';

/** Tasks for cpu-pool.test.ts: loaded on the pool's threads only. */

export class SampleTaskError extends Error {
  constructor(message = 'A sample task failed.') {
    super(message);
    this.name = 'SampleTaskError';
  }
}

/** Its input back, with the thread it ran on. */
export async function echo(input: { text: string; bytes: Uint8Array; at: Date }) {
  return { ...input, threadId };
}

export async function fail(input: { known: boolean }): Promise<never> {
  if (input.known) throw new SampleTaskError('The known one.');
  throw new RangeError('An unknown one.');
}

/** Holds its thread for `ms` milliseconds, as a PDF render would. */
export async function spin(input: { ms: number }): Promise<number> {
  const until = performance.now() + input.ms;
  while (performance.now() < until) {
    // busy
  }
  return threadId;
}

/** Keeps allocating until its thread's heap limit ends it. */
export async function exhaustHeap(): Promise<never> {
  const kept: number[][] = [];
  for (;;) kept.push(new Array(100_000).fill(kept.length));
}
