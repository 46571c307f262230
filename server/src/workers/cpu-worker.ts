/**
 * The entry of the CPU pool's threads (cpu-pool.ts): runs the named export of a module on one input
 * and answers plain data. An error crosses back as its name and message (a structured clone would
 * keep neither an Error subclass nor its name), so the pool can rebuild the errors callers tell apart.
 */

export type CpuTaskMessage = { module: string; name: string; input: unknown };

export type CpuTaskOutcome =
  | { ok: true; value: unknown }
  | { ok: false; error: { name: string; message: string; stack: string | undefined } };

export default async function runCpuTask({ module, name, input }: CpuTaskMessage): Promise<CpuTaskOutcome> {
  try {
    const run: unknown = (await import(module))[name];
    if (typeof run !== 'function') throw new TypeError(`${module} has no function ${name}`);
    return { ok: true, value: await run(input) };
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    return { ok: false, error: { name: error.name, message: error.message, stack: error.stack } };
  }
}
