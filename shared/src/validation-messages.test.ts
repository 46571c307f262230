import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyFriendlyValidationMessages, fieldLabel } from './validation-messages.ts';

applyFriendlyValidationMessages();

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]?.message;
};

describe('friendly validation messages', () => {
  it('says a missing field is required, not "expected string, received undefined"', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('This field is required.');
    expect(messageOf(z.string().min(1), '')).toBe('This field is required.');
  });

  it('names what is wrong with a value in plain words', () => {
    expect(messageOf(z.number(), 'abc')).toBe('Enter a number.');
    expect(messageOf(z.email(), 'not-mail')).toBe('Enter a valid e-mail address.');
    expect(messageOf(z.iso.date(), '2026-13-40')).toBe('Enter a valid date (YYYY-MM-DD).');
    expect(messageOf(z.string().max(3), 'abcd')).toBe('Use at most 3 characters.');
    expect(messageOf(z.number().min(0), -1)).toBe('Must be at least 0.');
    expect(messageOf(z.enum(['added', 'shipped']), 'lost')).toBe('Choose one of: added, shipped.');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe('Unknown field: extra.');
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.string().min(1, 'Email is required'), '')).toBe('Email is required');
  });

  it('turns a field path into a label', () => {
    expect(fieldLabel('first_name')).toBe('First name');
    expect(fieldLabel('credit_card.card_number')).toBe('Card number');
    expect(fieldLabel('patients.0')).toBe('Patients');
  });
});
