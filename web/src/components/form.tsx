import { Alert } from '@mantine/core';
import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { applyFriendlyValidationMessages } from '@portal/shared/validation-messages';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../lib/api-client.ts';

/*
 * The one form pattern of the app:
 *
 *   const form = useSchemaForm(ZSomething, { email: '' });         // the shared zod schema: the API's own rule
 *   const save = useMutation({ mutationFn, onError: (e) => setServerErrors(form, e) });
 *   <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
 *     <TextInput label="Email" {...form.getInputProps('email')} />   // a visible label: tests find inputs by it
 *     <FormAlert error={save.error} />                               // or notifyError(errorMessage(e)) (part 1 §8)
 *
 * Mantine's `schemaResolver` takes any Standard Schema, which zod 4 schemas are, so no adapter is needed.
 * The server's field errors (`ApiError.fieldErrors`, keyed by the same snake_case names) land under the
 * inputs, so a rule only the server can check (an e-mail already taken) reads like any other.
 *
 * What every form gets from here, without writing it: an input the schema requires and that starts
 * empty carries the required mark; a failed submit (in the browser or from the server) moves the
 * focus to the first field in error; messages are plain sentences (shared/validation-messages.ts).
 */

// Zod's own texts become plain sentences in the browser as on the server.
applyFriendlyValidationMessages();

type AnySchema = z.ZodType;

/** The object schema behind a refined, piped or defaulted one, if there is one. */
function objectShape(schema: AnySchema): Record<string, AnySchema> | null {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current === 'object' && current !== null && 'shape' in current) {
      return (current as { shape: Record<string, AnySchema> }).shape;
    }
    const def = (current as { _zod?: { def?: { in?: unknown; innerType?: unknown } } })._zod?.def;
    current = def?.in ?? def?.innerType;
  }
  return null;
}

/** A field the user must fill: the schema refuses it empty in every way a form sends emptiness. */
function isRequiredField(field: AnySchema): boolean {
  return [undefined, null, ''].every((empty) => !field.safeParse(empty).success);
}

/** The fields that get the required mark: required by the schema and empty when the form opens. */
export function requiredFields(schema: AnySchema, initialValues: Record<string, unknown>): Set<string> {
  const shape = objectShape(schema);
  const required = new Set<string>();
  if (!shape) return required;
  for (const [name, field] of Object.entries(shape)) {
    const initial = initialValues[name];
    const startsEmpty = initial === '' || initial === null || initial === undefined;
    if (startsEmpty && isRequiredField(field)) required.add(name);
  }
  return required;
}

/** Focuses the first input in error, in the order the page shows them. */
export function focusFirstError(errors: FormErrors, within: ParentNode = document): void {
  const paths = new Set(Object.keys(errors).filter((path) => errors[path]));
  if (!paths.size) return;
  for (const node of within.querySelectorAll<HTMLElement>('[data-path]')) {
    if (paths.has(node.dataset.path ?? '')) {
      node.focus();
      return;
    }
  }
}

export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: z.ZodType<unknown, Values>,
  initialValues: Values,
): UseFormReturnType<Values> {
  const required = requiredFields(schema, initialValues);
  const form = useForm<Values>({
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    // The required mark where the schema requires a value (a page may still set withAsterisk itself).
    // aria-required tells screen readers what the asterisk shows (not `required`: that would make
    // the browser check the field before the schema's message could be shown).
    enhanceGetInputProps: ({ field }) =>
      required.has(String(field)) ? { withAsterisk: true, 'aria-required': true } : {},
  });
  const onSubmit: UseFormReturnType<Values>['onSubmit'] = (handleSubmit, handleValidationFailure) =>
    form.onSubmit(handleSubmit, (errors, values, event) => {
      focusFirstError(errors, (event?.currentTarget as HTMLFormElement | undefined) ?? document);
      handleValidationFailure?.(errors, values, event);
    });
  return { ...form, onSubmit };
}

/** The server's field errors under their inputs, and the focus on the first of them. */
export function setServerErrors<Values>(form: UseFormReturnType<Values>, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  form.setErrors(error.fieldErrors);
  // After React has rendered the errors (the inputs are there already; this only waits a frame).
  requestAnimationFrame(() => focusFirstError(error.fieldErrors));
}

/** The failure of a form's call, shown above its button: what went wrong, in the server's words. */
export function FormAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
