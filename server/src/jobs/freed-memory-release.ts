import type { FastifyBaseLogger } from 'fastify';

/** Quiet this long after work (requests, start-up) before freed memory is handed back. */
export const QUIET_MS = 5_000;

/** Returns freed heap pages to the operating system; false where there is nothing to call. */
export type TrimHeap = () => Promise<boolean>;

let mallocTrim: Promise<((pad: number) => number) | undefined> | undefined;

/**
 * glibc's `malloc_trim(0)` through koffi, loaded on the first call (not on the start's path);
 * false where glibc is not the allocator (macOS, musl). Why at all: glibc keeps what a thread frees
 * in that thread's arena. V8 compiles PGlite's WebAssembly with TurboFan on a background thread,
 * and the tens of MB its compilations free during start-up and bursts of queries stay resident
 * for good (idle RSS after `npm start` 323 → 264 MB with the trim).
 */
export const trimGlibcHeap: TrimHeap = async () => {
  mallocTrim ??= loadMallocTrim();
  const trim = await mallocTrim;
  return trim ? trim(0) === 1 : false;
};

/** `malloc_trim` itself; exported for its test. */
export async function loadMallocTrim(): Promise<((pad: number) => number) | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const { default: koffi } = await import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  } catch {
    return undefined;
  }
}

type Options = {
  trim: TrimHeap;
  /** True while work runs that the server does not count as requests (start-up work). */
  isBusy: () => boolean;
  log: Pick<FastifyBaseLogger, 'debug' | 'warn'>;
  quietMs?: number;
  now?: () => number;
};

/**
 * Hands freed memory back once the process has been quiet for `quietMs` after work: at most once
 * per quiet spell, never while requests come in (a trim takes a few milliseconds and the pages
 * would be taken again at once). The first spell after start-up counts as following work.
 */
export class FreedMemoryRelease {
  readonly #options: Required<Options>;
  #lastActivityAt: number;
  #workSinceTrim = true;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: Options) {
    this.#options = { quietMs: QUIET_MS, now: Date.now, ...options };
    this.#lastActivityAt = this.#options.now();
  }

  /** A request came in (cheap: called for every one). */
  noteActivity(): void {
    this.#lastActivityAt = this.#options.now();
    this.#workSinceTrim = true;
  }

  /** Trims when due; returns whether it did. The timer calls it; tests call it directly. */
  async releaseIfQuiet(): Promise<boolean> {
    const { isBusy, now, quietMs, trim, log } = this.#options;
    if (!this.#workSinceTrim) return false;
    if (isBusy()) {
      this.#lastActivityAt = now();
      return false;
    }
    if (now() - this.#lastActivityAt < quietMs) return false;
    this.#workSinceTrim = false;
    const startedAt = performance.now();
    try {
      const released = await trim();
      log.debug(
        { released, ms: Math.round(performance.now() - startedAt) },
        'returned freed memory to the OS',
      );
    } catch (error) {
      // The timer does not await this: a failure thrown on would end the process.
      log.warn({ err: error }, 'returning freed memory to the OS failed');
    }
    return true;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.releaseIfQuiet(), this.#options.quietMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
