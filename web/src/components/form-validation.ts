import type { z } from 'zod';

/*
 * The rules behind the form pattern (form.tsx), kept apart from React so that they can be tested
 * alone: which inputs carry the required mark, and what a change does to the errors shown.
 * Paths are the dotted ones Mantine's inputs and errors use ('center.email').
 */

type Values = Record<string, unknown>;
export type FieldErrors = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
/** Nested values the inputs reach into: objects, and lists of objects (rows such as an asset's links). */
const isContainer = (value: unknown): value is Values | Values[] =>
  isPlainObject(value) || (Array.isArray(value) && value.length > 0 && value.every(isPlainObject));

/** The leaves of a form's values (a list of plain values, a file or a date is one value). */
function leafPaths(values: Values | Values[], prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) =>
    isContainer(value) ? leafPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

export function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (isContainer(node) ? (node as Values)[key] : undefined), values);
}

function withValueAt<T extends Values | Values[]>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const copy = (Array.isArray(values) ? [...values] : { ...values }) as Values;
  const inner = copy[key];
  copy[key] = rest.length === 0 ? value : withValueAt(isContainer(inner) ? inner : {}, rest.join('.'), value);
  return copy as T;
}

/** The schema's first message for each path it refuses, as Mantine's schema resolver keys them. */
export function schemaErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  let result: ReturnType<z.ZodType['safeParse']>;
  try {
    result = schema.safeParse(values);
  } catch {
    // An asynchronous rule cannot answer here; the submit still runs every rule.
    return errors;
  }
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The fields that get the required mark: those the schema refuses empty, as inputs send emptiness
 * ('' from a text box, null from a cleared picker, [] from a multi-select), with the rest of the
 * form as it is. So a field
 * required by a refinement (the sign-up's address for the account types that need it), a nested
 * one, or one that starts filled is marked, and one that may be left blank is not.
 */
export function requiredFields(schema: z.ZodType, values: Values): Set<string> {
  const required = new Set<string>();
  for (const path of leafPaths(values)) {
    const empties = Array.isArray(valueAt(values, path)) ? [[]] : ['', null];
    const refusedEmpty = empties.every(
      (empty) => schemaErrors(schema, withValueAt(values, path, empty))[path] !== undefined,
    );
    if (refusedEmpty) required.add(path);
  }
  return required;
}

/** The leaves whose value differs between two versions of a form's values. */
export function changedPaths(previous: Values, next: Values): string[] {
  const paths = new Set([...leafPaths(previous), ...leafPaths(next)]);
  return [...paths].filter((path) => !Object.is(valueAt(previous, path), valueAt(next, path)));
}

/**
 * The errors to show after the values changed. A changed field that is in error, or checked (left
 * once after an edit, or after a submit), shows the schema's verdict on its new value: its error
 * clears once it is fixed. Another field's error that came from the schema is asked again (a
 * confirmation clears when the password it repeats is fixed); an error the server gave about a field
 * that did not change stays, since only the server can lift it.
 */
export function errorsAfterChange(input: {
  errors: FieldErrors;
  before: Record<string, string>;
  after: Record<string, string>;
  changed: string[];
  isChecked: (path: string) => boolean;
}): FieldErrors {
  const { errors, before, after, changed, isChecked } = input;
  const next: FieldErrors = { ...errors };
  const judge = (path: string) => {
    if (after[path] !== undefined) next[path] = after[path];
    else delete next[path];
  };
  for (const path of changed) if (errors[path] || isChecked(path)) judge(path);
  for (const [path, message] of Object.entries(errors)) {
    if (!changed.includes(path) && message && message === before[path]) judge(path);
  }
  return next;
}

/** A part's errors under its own name ('card' + {cvc} → {'card.cvc'}), as the page's inputs are named. */
export function errorsWithPrefix(
  prefix: string,
  errors: Record<string, string | undefined>,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [`${prefix}.${path}`, message]));
}

/** The errors of one part, by the part's own field names ({'card.cvc'} → 'card' → {cvc}). */
export function errorsUnder(
  prefix: string,
  errors: Record<string, string | undefined>,
): Record<string, string> {
  const start = `${prefix}.`;
  const under: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (message && path.startsWith(start)) under[path.slice(start.length)] = message;
  }
  return under;
}
