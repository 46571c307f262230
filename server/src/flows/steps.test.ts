import { describe, expect, it } from 'vitest';
import { runFlow, step } from './steps.ts';

function recorder() {
  const events: string[] = [];
  const errors: { obj: unknown; msg: string }[] = [];
  const log = { error: (obj: unknown, msg: string) => errors.push({ obj, msg }) };
  const doing = (name: string, fail = false) =>
    step(
      name,
      async (input: number) => {
        events.push(`run ${name}`);
        if (fail) throw new Error(`${name} failed`);
        return input * 10;
      },
      async (output, input) => {
        events.push(`undo ${name} (${input} -> ${output})`);
      },
    );
  return { events, errors, log, doing };
}

describe('runFlow', () => {
  it('runs the steps in order and answers what the flow returns, undoing nothing', async () => {
    const { events, log, doing } = recorder();
    const answer = await runFlow(log, async (run) => {
      const a = await run(doing('a'), 1);
      const b = await run(doing('b'), a);
      return b + 1;
    });
    expect(answer).toBe(101);
    expect(events).toEqual(['run a', 'run b']);
  });

  it('on a failure undoes the completed steps newest first, with their input and output, and rethrows', async () => {
    const { events, log, doing } = recorder();
    const read = step('read', async () => events.push('run read'));
    await expect(
      runFlow(log, async (run) => {
        await run(doing('a'), 1);
        await run(read, undefined);
        await run(doing('b'), 2);
        await run(doing('c', true), 3);
      }),
    ).rejects.toThrow('c failed');
    expect(events).toEqual(['run a', 'run read', 'run b', 'run c', 'undo b (2 -> 20)', 'undo a (1 -> 10)']);
  });

  it('an undo that fails is logged and the others still run; the first error is the one thrown', async () => {
    const { events, errors, log, doing } = recorder();
    const stubborn = step(
      'stubborn',
      async () => 'kept',
      async () => {
        throw new Error('cannot undo');
      },
    );
    await expect(
      runFlow(log, async (run) => {
        await run(doing('a'), 1);
        await run(stubborn, undefined);
        await run(doing('b', true), 2);
      }),
    ).rejects.toThrow('b failed');
    expect(events).toEqual(['run a', 'run b', 'undo a (1 -> 10)']);
    expect(errors).toEqual([
      { obj: { err: new Error('cannot undo'), step: 'stubborn' }, msg: 'undoing a step failed' },
    ]);
  });

  it('after the commit nothing is undone: a failing step is logged, not thrown, and plain steps are refused', async () => {
    const { events, errors, log, doing } = recorder();
    const answer = await runFlow(log, async (run) => {
      await run(doing('record'), 1);
      await run.afterCommit(doing('receipt', true), 2);
      await run.afterCommit(doing('wake'), 3);
      return 'paid';
    });
    expect(answer).toBe('paid');
    expect(events).toEqual(['run record', 'run receipt', 'run wake']);
    expect(errors.map((e) => e.msg)).toEqual(['a step after the commit failed']);

    await expect(
      runFlow(log, async (run) => {
        await run(doing('record'), 1);
        await run.afterCommit(doing('wake'), 2);
        await run(doing('late'), 3);
      }),
    ).rejects.toThrow('Step "late" comes after the commit');
    expect(events.slice(3)).toEqual(['run record', 'run wake']);
  });
});
