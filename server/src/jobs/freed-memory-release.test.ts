import { describe, expect, test } from 'vitest';
import { FreedMemoryRelease, loadMallocTrim, QUIET_MS } from './freed-memory-release.ts';

function releaseWithClock(options: { busy?: () => boolean } = {}) {
  const clock = { now: 1_000_000 };
  const trims: number[] = [];
  const release = new FreedMemoryRelease({
    trim: async () => {
      trims.push(clock.now);
      return true;
    },
    isBusy: options.busy ?? (() => false),
    log: { debug: () => {}, warn: () => {} },
    now: () => clock.now,
  });
  return { clock, trims, release };
}

describe('freed memory is handed back when the process is quiet', () => {
  test('once after start-up, when the quiet period has passed, and not again without new work', async () => {
    const { clock, trims, release } = releaseWithClock();
    expect(await release.releaseIfQuiet()).toBe(false); // just started: not quiet yet
    clock.now += QUIET_MS;
    expect(await release.releaseIfQuiet()).toBe(true);
    clock.now += QUIET_MS * 10;
    expect(await release.releaseIfQuiet()).toBe(false); // nothing was freed since
    expect(trims).toHaveLength(1);
  });

  test('requests put it off until they stop, and start a new spell after a trim', async () => {
    const { clock, trims, release } = releaseWithClock();
    clock.now += QUIET_MS;
    await release.releaseIfQuiet();
    clock.now += 60_000;
    release.noteActivity();
    clock.now += QUIET_MS - 1;
    expect(await release.releaseIfQuiet()).toBe(false);
    release.noteActivity();
    clock.now += QUIET_MS - 1;
    expect(await release.releaseIfQuiet()).toBe(false);
    clock.now += 1;
    expect(await release.releaseIfQuiet()).toBe(true);
    expect(trims).toHaveLength(2);
  });

  test('start-up work counts as work: no trim while it runs, and the quiet period starts when it ends', async () => {
    let busy = true;
    const { clock, trims, release } = releaseWithClock({ busy: () => busy });
    clock.now += QUIET_MS * 3;
    expect(await release.releaseIfQuiet()).toBe(false);
    busy = false;
    expect(await release.releaseIfQuiet()).toBe(false);
    clock.now += QUIET_MS;
    expect(await release.releaseIfQuiet()).toBe(true);
    expect(trims).toEqual([clock.now]);
  });
});

test('a failing trim is logged, not thrown (the timer does not await it)', async () => {
  const warnings: unknown[] = [];
  const release = new FreedMemoryRelease({
    trim: async () => {
      throw new Error('no allocator');
    },
    isBusy: () => false,
    log: { debug: () => {}, warn: (...args: unknown[]) => void warnings.push(args) },
    quietMs: 0,
  });
  expect(await release.releaseIfQuiet()).toBe(true);
  expect(warnings).toHaveLength(1);
});

// glibc is the allocator on the Linux machines the portal runs on (the Docker image is Debian).
const onGlibc = Boolean(
  (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime,
);

test.runIf(onGlibc)('glibc’s malloc_trim is found and called', async () => {
  const mallocTrim = await loadMallocTrim();
  expect(mallocTrim).toBeTypeOf('function');
  expect([0, 1]).toContain(mallocTrim?.(0));
});
