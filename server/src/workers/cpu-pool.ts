import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { AppError } from '../errors/app-error.ts';
import type { CpuTaskMessage, CpuTaskOutcome } from './cpu-worker.ts';

/**
 * A bounded pool of worker threads for the CPU work of requests (PDF render, stamp and seal, image
 * decode; docs/decisions/029), so no request waits on another's: the event loop only hands work over
 * and takes the result back. Lazy (no thread before the first task; a thread idle for a while ends),
 * bounded (threads, waiting tasks, each thread's heap) and closed with the app.
 */

/** An error class a task's callers tell apart: rebuilt on this side from its name and message. */
export type RebuildableError = { readonly name: string; new (message: string): Error };

/**
 * Work the pool runs: the named export of a module, a function of one input to one result. Both
 * cross threads by structured clone, so they are plain data (strings, numbers, Dates, Uint8Arrays,
 * plain objects and arrays); a Buffer arrives as a Uint8Array.
 */
export type CpuTask<Input, Output> = {
  readonly module: string;
  readonly name: string;
  readonly errors: readonly RebuildableError[];
  /** Only carries the types. */
  readonly signature?: (input: Input) => Output;
};

/**
 * Names a task: `cpuTask<typeof renderThing>(new URL('./render-thing.ts', import.meta.url),
 * 'renderThing', [ThingError])`. The module is loaded on the worker thread only (a type-only import
 * keeps it off the event loop's thread).
 */
export function cpuTask<F extends (input: never) => unknown>(
  module: URL,
  name: string,
  errors: readonly RebuildableError[] = [],
): CpuTask<Parameters<F>[0], Awaited<ReturnType<F>>> {
  return { module: module.href, name, errors };
}

export const CPU_POOL_BUSY_MESSAGE = 'The portal is busy making documents. Please try again in a moment.';

export type CpuPoolOptions = {
  /** Threads at most: all cores but the event loop's, at least one. */
  maxThreads?: number;
  /** Tasks that may wait for a thread; more are refused with a 503 (unless they ask to wait). */
  maxQueue?: number;
  /** A thread with nothing to do ends after this long. */
  idleTimeoutMs?: number;
  /** Heap limit of each thread: a task that runs away ends its thread (its request fails), not the process. */
  maxHeapMb?: number;
  /** The pool's own errors (a thread that failed outside any task). */
  onError?: (error: Error) => void;
};

const WORKER_ENTRY = new URL('./cpu-worker.ts', import.meta.url).href;

/** One opening of the pool: its threads, and the tasks handed to them (close waits for those). */
type Opening = { piscina: Promise<Piscina>; tasks: Set<Promise<unknown>> };

export class CpuPool {
  readonly maxThreads: number;
  readonly maxQueue: number;
  readonly #idleTimeoutMs: number;
  readonly #maxHeapMb: number;
  readonly #onError: (error: Error) => void;
  readonly #threadExitListeners: (() => void)[] = [];
  #opening: Opening | undefined;
  #inFlight = 0;

  constructor(options: CpuPoolOptions = {}) {
    this.maxThreads = options.maxThreads ?? Math.max(1, availableParallelism() - 1);
    this.maxQueue = options.maxQueue ?? 8 * this.maxThreads;
    this.#idleTimeoutMs = options.idleTimeoutMs ?? 10_000;
    this.#maxHeapMb = options.maxHeapMb ?? 512;
    this.#onError = options.onError ?? ((error) => process.emitWarning(error));
  }

  /** Tasks running or waiting. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Threads alive now (0 before the first task, after an idle while, and after close). */
  async threadCount(): Promise<number> {
    const piscina = await this.#opening?.piscina.catch(() => undefined);
    return piscina?.threads.length ?? 0;
  }

  /** Called after a thread ended (idle, or closed): its memory is free to hand back to the system. */
  onThreadExit(listener: () => void): void {
    this.#threadExitListeners.push(listener);
  }

  /**
   * Runs `task` on a pool thread. When every thread is busy and the queue is full, a task is refused
   * with a 503 at once, unless `whenBusy: 'wait'` (work that must not fail for load, such as the
   * receipt of a card already charged).
   */
  async run<Input, Output>(
    task: CpuTask<Input, Output>,
    input: Input,
    options: { whenBusy?: 'refuse' | 'wait' } = {},
  ): Promise<Output> {
    if ((options.whenBusy ?? 'refuse') === 'refuse' && this.#inFlight >= this.maxThreads + this.maxQueue) {
      throw new AppError(503, CPU_POOL_BUSY_MESSAGE, { code: 'busy' });
    }
    const message: CpuTaskMessage = { module: task.module, name: task.name, input };
    const opening = this.#open();
    const running: Promise<CpuTaskOutcome> = opening.piscina.then((piscina) => piscina.run(message));
    this.#inFlight += 1;
    opening.tasks.add(running);
    try {
      const outcome = await running;
      if (outcome.ok) return outcome.value as Output;
      throw rebuiltError(task, outcome.error);
    } finally {
      this.#inFlight -= 1;
      opening.tasks.delete(running);
    }
  }

  /**
   * Ends the threads once the tasks handed to them are done (the app's close; the start-up's demo
   * documents). A later task opens the pool again.
   */
  async close(): Promise<void> {
    const opening = this.#opening;
    this.#opening = undefined;
    if (!opening) return;
    await Promise.allSettled([...opening.tasks]);
    const piscina = await opening.piscina.catch(() => undefined);
    await piscina?.close();
  }

  #open(): Opening {
    if (this.#opening) return this.#opening;
    const piscina = import('piscina').then(({ Piscina }) => {
      const pool = new Piscina({
        filename: WORKER_ENTRY,
        minThreads: 0,
        maxThreads: this.maxThreads,
        idleTimeout: this.#idleTimeoutMs,
        // Admission is counted above (some tasks may wait beyond it).
        maxQueue: Number.POSITIVE_INFINITY,
        // Tasks are whole async functions: a thread waits on its port like any Node thread.
        atomics: 'disabled',
        resourceLimits: { maxOldGenerationSizeMb: this.#maxHeapMb },
      });
      pool.on('error', this.#onError);
      pool.on('workerDestroy', () => {
        for (const listener of this.#threadExitListeners) listener();
      });
      return pool;
    });
    const opening: Opening = { piscina, tasks: new Set() };
    this.#opening = opening;
    // A pool that failed to open is opened again by the next task.
    piscina.catch(() => {
      if (this.#opening === opening) this.#opening = undefined;
    });
    return opening;
  }
}

function rebuiltError(
  task: Pick<CpuTask<never, unknown>, 'name' | 'errors'>,
  thrown: { name: string; message: string; stack?: string },
) {
  const Known = task.errors.find((errorClass) => errorClass.name === thrown.name);
  if (Known) return new Known(thrown.message);
  const error = new Error(`${task.name} failed on a worker thread: ${thrown.message}`);
  if (thrown.stack) error.stack = `${error.stack}\nOn the worker thread: ${thrown.stack}`;
  return error;
}

/** The process's pool: every app of the process uses it and closes it with itself (app.ts). */
export const cpuPool = new CpuPool();
