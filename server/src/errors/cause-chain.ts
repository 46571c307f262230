/**
 * An error and its causes, outermost first (drizzle, flydrive and the AWS SDK wrap the error that
 * says what happened), at most `max` of them.
 */
export function causeChain(error: unknown, max = 5): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < max; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}
