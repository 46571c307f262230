import { Alert } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
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
 */

export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: z.ZodType<unknown, Values>,
  initialValues: Values,
): UseFormReturnType<Values> {
  return useForm<Values>({ initialValues, validate: schemaResolver(schema, { sync: true }) });
}

export function setServerErrors<Values>(form: UseFormReturnType<Values>, error: unknown): void {
  if (error instanceof ApiError) form.setErrors(error.fieldErrors);
}

/** The failure of a form's call, shown above its button. */
export function FormAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert color="red">{errorMessage(error)}</Alert>;
}
