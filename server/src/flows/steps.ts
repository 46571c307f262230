/**
 * The runner of flows (docs/architecture.md). A flow is a use case that spans modules, written as a
 * short list of named steps; a step that leaves something behind (a row, a file, a charge) says how
 * to take it back. When a step fails, the steps completed before it are undone newest first and the
 * error is rethrown: the shape of Medusa's workflows without the framework (nothing is persisted or
 * retried, a flow lives within one request).
 */

export type Step<In, Out> = {
  readonly name: string;
  run(input: In): Promise<Out>;
  /** Takes back what `run` left behind; absent for a step that leaves nothing (a read, a check). */
  undo?(output: Out, input: In): Promise<void>;
};

export function step<In, Out>(
  name: string,
  run: (input: In) => Promise<Out>,
  undo?: (output: Out, input: In) => Promise<void>,
): Step<In, Out> {
  return { name, run, undo };
}

/** Where undos and steps after the commit report their failures (the app's logger). */
export type FlowLog = { error(obj: unknown, msg: string): void };

export type RunStep = {
  /** Runs a step; should a later one fail, this one's undo runs. */
  <In, Out>(step: Step<In, Out>, input: In): Promise<Out>;
  /**
   * Runs a step past the flow's point of no return (its record committed): nothing done before is
   * undone any more, and a failure of this step is logged, not thrown, since the record stands.
   */
  afterCommit<In>(step: Step<In, unknown>, input: In): Promise<void>;
};

/**
 * Runs `flow`, which calls its steps in order through `run`. On an error every completed step's undo
 * runs, newest first; an undo that fails is logged and the others still run; the error is rethrown.
 */
export async function runFlow<T>(log: FlowLog, flow: (run: RunStep) => Promise<T>): Promise<T> {
  const undos: { name: string; undo: () => Promise<void> }[] = [];
  let committed = false;

  const run = async <In, Out>(current: Step<In, Out>, input: In): Promise<Out> => {
    if (committed) throw new Error(`Step "${current.name}" comes after the commit: run it with afterCommit`);
    const output = await current.run(input);
    const { undo } = current;
    if (undo) undos.push({ name: current.name, undo: () => undo(output, input) });
    return output;
  };
  const afterCommit = async <In>(current: Step<In, unknown>, input: In): Promise<void> => {
    committed = true;
    undos.length = 0;
    try {
      await current.run(input);
    } catch (error) {
      log.error({ err: error, step: current.name }, 'a step after the commit failed');
    }
  };

  try {
    return await flow(Object.assign(run, { afterCommit }));
  } catch (error) {
    for (const done of undos.reverse()) {
      try {
        await done.undo();
      } catch (undoError) {
        log.error({ err: undoError, step: done.name }, 'undoing a step failed');
      }
    }
    throw error;
  }
}
