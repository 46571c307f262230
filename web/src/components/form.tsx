import { Alert } from '@mantine/core';
import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { applyFriendlyValidationMessages } from '@portal/shared/validation-messages';
import { type FocusEvent, type FormEvent, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { changedPaths, errorsAfterChange, requiredFields, schemaErrors, valueAt } from './form-validation.ts';

/*
 * The one form pattern of the app:
 *
 *   const form = useSchemaForm(ZSomething, { email: '' });         // the shared zod schema: the API's own rule
 *   const save = useMutation({ mutationFn, onError: (e) => setServerErrors(form, e) });
 *   <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
 *     <TextInput label="Email" {...form.getInputProps('email')} />   // a visible label: tests find inputs by it
 *     <FormAlert error={save.error} form={form} />                   // or notifyError(errorMessage(e)) (part 1 §8)
 *
 * Mantine's `schemaResolver` takes any Standard Schema, which zod 4 schemas are, so no adapter is needed.
 * The server's field errors (`ApiError.fieldErrors`, keyed by the same snake_case names) land under the
 * inputs, so a rule only the server can check (an e-mail already taken) reads like any other.
 *
 * What every form gets from here, without writing it: an input the schema refuses empty carries the
 * required mark (form-validation.ts: refinements, nested fields and filled ones included, so a page
 * never sets it by hand); a field is judged when the person leaves it after an edit, and from then
 * on (or after a submit) as it changes, so an error clears as soon as the field is fixed; a failed
 * submit (in the browser or from the server) moves the focus to the first field in error; a dialog's
 * own form inside this one never submits it; messages are plain sentences
 * (shared/validation-messages.ts). `<FormAlert form={form}>` goes away once the fields it was about
 * are fixed. A form that keeps its values in its own state gets the same from useShownErrors.
 */

// Zod's own texts become plain sentences in the browser as on the server.
applyFriendlyValidationMessages();

/** Whether an input's props (from getInputProps) carry the required mark. */
export function hasRequiredMark(props: object): boolean {
  return 'withAsterisk' in props && props.withAsterisk === true;
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

/*
 * A field is left for a button more often than not: its error, shown at once, would move the button
 * between the press and the release, and the click would be lost (the first Submit would do
 * nothing). So the blur of a press is judged once the press is over.
 */
let pressed = false;
if (typeof document !== 'undefined') {
  // Mouse events, which touch screens send too after the touch: the focus moves on mousedown.
  document.addEventListener('mousedown', () => (pressed = true), true);
  document.addEventListener('mouseup', () => (pressed = false), true);
}
function judgeAfterPress(judge: () => void): void {
  if (pressed) {
    // After the click that the release makes (dispatched right after mouseup).
    document.addEventListener('mouseup', () => setTimeout(judge), { once: true, capture: true });
  } else {
    judge();
  }
}

/** Which fields are judged as they change: every one after a submit, else those left after an edit. */
interface Judged {
  submitted: boolean;
  left: Set<string>;
  /** A field's value when it took the focus: leaving it changed means it was edited. */
  valueOnFocus: Map<string, unknown>;
}
const nothingJudged = (): Judged => ({ submitted: false, left: new Set(), valueOnFocus: new Map() });

export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: z.ZodType<unknown, Values>,
  initialValues: Values,
): UseFormReturnType<Values> {
  const judged = useRef<Judged>(nothingJudged());
  const required = useRef<Set<string>>(new Set());

  /** After a value changed (through an input or setFieldValue): the errors the change lifts or brings. */
  const judgeChange = (form: UseFormReturnType<Values>, previous: Values, errors: FormErrors) => {
    const values = form.getValues();
    const changed = changedPaths(previous, values);
    if (!changed.length) return;
    const next = errorsAfterChange({
      errors,
      before: schemaErrors(schema, previous),
      after: schemaErrors(schema, values),
      changed,
      isChecked: (path) => judged.current.submitted || judged.current.left.has(path),
    });
    form.setErrors(next as FormErrors);
  };

  const form = useForm<Values>({
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ field, inputProps, options, form: inner }) => {
      const path = String(field);
      const toggle = options.type === 'checkbox' || options.type === 'radio';
      // Mantine merges what this returns into `inputProps` itself: keep its own handlers first.
      const { onChange, onFocus, onBlur } = inputProps;
      return {
        // The required mark where the schema requires a value. aria-required tells screen readers
        // what the asterisk shows (not `required`: that would make the browser check the field
        // before the schema's message could be shown).
        ...(!toggle && required.current.has(path) ? { withAsterisk: true, 'aria-required': true } : {}),
        onChange: (...args: unknown[]) => {
          const previous = inner.getValues();
          const errors = inner.errors;
          onChange(...args);
          judgeChange(inner, previous, errors);
        },
        ...(options.withFocus
          ? {
              onFocus: (...args: unknown[]) => {
                judged.current.valueOnFocus.set(path, valueAt(inner.getValues(), path));
                onFocus?.(...args);
              },
              onBlur: (...args: unknown[]) => {
                onBlur?.(...args);
                const { valueOnFocus, left } = judged.current;
                if (!valueOnFocus.has(path)) return;
                const edited = !Object.is(valueOnFocus.get(path), valueAt(inner.getValues(), path));
                valueOnFocus.delete(path);
                // Tabbing through an empty field says nothing yet; leaving an edited one is judged.
                if (edited) {
                  left.add(path);
                  judgeAfterPress(() => inner.validateField(path));
                }
              },
            }
          : {}),
      };
    },
  });
  // From the values as they are: a rule that depends on another field follows it.
  required.current = useMemo(() => requiredFields(schema, form.values), [schema, form.values]);

  const setFieldValue: UseFormReturnType<Values>['setFieldValue'] = (path, value, options) => {
    const previous = form.getValues();
    const errors = form.errors;
    form.setFieldValue(path, value, options);
    judgeChange(form, previous, errors);
  };
  const onSubmit: UseFormReturnType<Values>['onSubmit'] = (handleSubmit, handleValidationFailure) => {
    const submit = form.onSubmit(handleSubmit, (errors, values, event) => {
      focusFirstError(errors, (event?.currentTarget as HTMLFormElement | undefined) ?? document);
      handleValidationFailure?.(errors, values, event);
    });
    return (event) => {
      // A dialog is not inside this form in the page, but React passes its form's submit on through
      // the portal (the HC sign-up's signing dialog): that submit is the dialog's, not this form's.
      if (event && event.target !== event.currentTarget) return;
      judged.current.submitted = true;
      submit(event);
    };
  };
  const reset = () => {
    judged.current = nothingJudged();
    form.reset();
  };
  return { ...form, setFieldValue, onSubmit, reset };
}

/**
 * The same judging for a form that keeps its values in its own state (the checkout and the card
 * form, made of shared parts): the page finds every error from the values at each render, keyed by
 * its input's `data-path` ('card.cvc'), and shows those `shown` keeps: a field's once it was left
 * after an edit, every one after a submit. So an error clears as soon as its field is fixed, and a
 * summary made of the shown errors goes with them.
 */
export function useShownErrors() {
  const [submitted, setSubmitted] = useState(false);
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const edited = useRef(new Set<string>());
  const pathOf = (target: EventTarget) => (target instanceof HTMLElement ? target.dataset.path : undefined);
  return {
    /** For the <form>: the change and blur events of its inputs reach it. */
    formProps: {
      onChange: (event: FormEvent<HTMLFormElement>) => {
        const path = pathOf(event.target);
        if (path) edited.current.add(path);
      },
      onBlur: (event: FocusEvent<HTMLFormElement>) => {
        const path = pathOf(event.target);
        if (path && edited.current.has(path) && !left.has(path))
          judgeAfterPress(() => setLeft((current) => new Set(current).add(path)));
      },
    },
    shown(errors: Record<string, string | undefined>): Record<string, string | undefined> {
      return Object.fromEntries(
        Object.entries(errors).filter(([path, message]) => message && (submitted || left.has(path))),
      );
    },
    /** After a save that empties the form: nothing is judged until it is edited or submitted again. */
    reset() {
      setSubmitted(false);
      setLeft(new Set());
      edited.current.clear();
    },
    /** A submit: every error shows from now on, the first takes the focus; true when there is none. */
    submit(errors: Record<string, string | undefined>, form: HTMLFormElement): boolean {
      setSubmitted(true);
      focusFirstError(errors, form);
      return !Object.values(errors).some(Boolean);
    },
  };
}

/** The server's field errors under their inputs, and the focus on the first of them. */
export function setServerErrors<Values>(form: UseFormReturnType<Values>, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  form.setErrors(error.fieldErrors);
  // After React has rendered the errors (the inputs are there already; this only waits a frame).
  requestAnimationFrame(() => focusFirstError(error.fieldErrors));
}

/**
 * The failure of a form's call, shown above its button: what went wrong, in the server's words. With
 * `form`, a refusal that only named fields (which show their own errors) goes once none is in error.
 */
export function FormAlert({ error, form }: { error: unknown; form?: { errors: FormErrors } }) {
  if (!error) return null;
  const aboutFieldsOnly = error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;
  if (form && aboutFieldsOnly && !Object.values(form.errors).some(Boolean)) return null;
  return (
    <Alert color="red" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
