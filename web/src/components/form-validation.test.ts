import { ZAccountSignUp } from '@portal/shared/sign-up';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changedPaths, errorsAfterChange, requiredFields, schemaErrors } from './form-validation.ts';

const signUpValues = (subscription: number) => ({
  first_name: 'Nova',
  last_name: '',
  email: '',
  password: '',
  subscription,
  address1: '',
  address2: '',
  city: '',
  state_desc: '',
  country_desc: '',
  zip_code: '',
  company: '',
  phone_number: '',
  website: '',
});

describe('requiredFields: the required mark comes from the schema that validates', () => {
  it('marks a required field that starts filled, and not an optional one', () => {
    const schema = z.object({ name: z.string().trim().min(1), note: z.string().optional() });
    expect(requiredFields(schema, { name: 'Already there', note: '' })).toEqual(new Set(['name']));
  });

  it("follows a refinement's rules for the form's context (part 2 §5: sign-up by account type)", () => {
    const address = ['address1', 'city', 'state_desc', 'country_desc'];
    const always = ['first_name', 'last_name', 'email', 'password', 'subscription'];
    // HC staff: the address, no company, no postal code (it may be blank where it does not apply).
    expect(requiredFields(ZAccountSignUp, signUpValues(9))).toEqual(new Set([...always, ...address]));
    // HC: company and clinic phone as well; RHC: the postal code too.
    expect(requiredFields(ZAccountSignUp, signUpValues(4))).toEqual(
      new Set([...always, ...address, 'company', 'phone_number']),
    );
    expect(requiredFields(ZAccountSignUp, signUpValues(5))).toEqual(
      new Set([...always, ...address, 'company', 'phone_number', 'zip_code']),
    );
    // A sales rep: only the person.
    expect(requiredFields(ZAccountSignUp, signUpValues(3))).toEqual(new Set(always));
  });

  it('a partial schema (an edit form) still marks what it refuses blank; a blank-able field is not marked', () => {
    const schema = z
      .object({
        first_name: z.string().min(1),
        zip_code: z.string().max(20),
        label_date: z.string().nullable(),
      })
      .partial();
    expect(requiredFields(schema, { first_name: 'Ada', zip_code: '', label_date: null })).toEqual(
      new Set(['first_name']),
    );
  });

  it('looks into nested objects and rows, by the dotted path the inputs use', () => {
    const schema = z.object({
      center: z.object({ name: z.string().min(1), email: z.email() }),
      doctor: z.object({ phone: z.string().optional() }),
      links: z.array(z.object({ name: z.string().min(1), note: z.string() })),
      tags: z.array(z.string()),
      sections: z.array(z.string()).min(1),
    });
    const values = {
      center: { name: 'Clinic', email: '' },
      doctor: { phone: '' },
      links: [{ name: '', note: '' }],
      tags: [],
      sections: ['/dashboard'],
    };
    expect(requiredFields(schema, values)).toEqual(
      new Set(['center.name', 'center.email', 'links.0.name', 'sections']),
    );
  });
});

describe('errorsAfterChange: a field in error is checked again as it changes', () => {
  const schema = z
    .object({
      email: z.email('Enter a valid e-mail address'),
      password: z.string().min(8, 'At least 8 characters'),
      confirm: z.string(),
    })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
  const change = (
    errors: Record<string, string>,
    previous: Record<string, unknown>,
    values: Record<string, unknown>,
    checked: string[] = [],
  ) =>
    errorsAfterChange({
      errors,
      before: schemaErrors(schema, previous),
      after: schemaErrors(schema, values),
      changed: changedPaths(previous, values),
      isChecked: (path) => checked.includes(path),
    });

  it('clears the error of a field once it is fixed, and keeps it while it is still wrong', () => {
    const wrong = { email: 'nova@', password: 'long-enough', confirm: 'long-enough' };
    const errors = { email: 'Enter a valid e-mail address' };
    expect(change(errors, wrong, { ...wrong, email: 'nova@example' })).toEqual(errors);
    expect(change(errors, wrong, { ...wrong, email: 'nova@example.com' })).toEqual({});
  });

  it('shows the verdict on a checked field (left once, or after a submit) as it changes', () => {
    const ok = { email: 'nova@example.com', password: 'long-enough', confirm: 'long-enough' };
    const typed = { ...ok, email: 'nova' };
    expect(change({}, ok, typed, ['email'])).toEqual({ email: 'Enter a valid e-mail address' });
    // A field not yet left is not judged while the person is typing.
    expect(change({}, ok, typed)).toEqual({});
  });

  it("a confirmation's error clears when the other field now matches; a server's error elsewhere stays", () => {
    const previous = { email: 'taken@example.com', password: 'long-enough', confirm: 'long-enougX' };
    const errors = { confirm: 'Passwords do not match', email: 'This e-mail address is already in use' };
    expect(change(errors, previous, { ...previous, password: 'long-enougX' })).toEqual({
      email: 'This e-mail address is already in use',
    });
  });

  it("a server's error on the changed field gives way to the schema's verdict", () => {
    const previous = { email: 'taken@example.com', password: 'long-enough', confirm: 'long-enough' };
    const errors = { email: 'This e-mail address is already in use' };
    expect(change(errors, previous, { ...previous, email: 'free@example.com' })).toEqual({});
    expect(change(errors, previous, { ...previous, email: 'free@' })).toEqual({
      email: 'Enter a valid e-mail address',
    });
  });
});

describe('changedPaths', () => {
  it('names the leaves that differ, nested ones by their dotted path', () => {
    expect(
      changedPaths({ a: '1', b: { c: '2', d: '3' }, e: [1] }, { a: '1', b: { c: '2', d: '4' }, e: [1, 2] }),
    ).toEqual(['b.d', 'e']);
  });
});
