import { z } from 'zod';

/**
 * Clear sentences for zod's own messages ("Invalid input: expected string, received undefined"),
 * which users saw under fields and in API errors. A message a schema sets itself ("Phone number
 * must contain digits only") wins over these; these replace only zod's defaults.
 */

type Issue = z.core.$ZodRawIssue;

const TYPE_HINTS: Record<string, string> = {
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  string: 'Enter text.',
  boolean: 'Choose yes or no.',
  array: 'Choose from the list.',
  date: 'Enter a valid date.',
  object: 'This value is not valid.',
};

const FORMAT_HINTS: Record<string, string> = {
  email: 'Enter a valid e-mail address.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  datetime: 'Enter a valid date and time.',
  time: 'Enter a valid time.',
  url: 'Enter a valid web address.',
  uuid: 'This identifier is not valid.',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The sentence for one issue; zod's `origin` tells a string's length from a number's size. */
export function friendlyIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      if (issue.expected === 'number' && typeof issue.input === 'number') return 'Enter a number.';
      return TYPE_HINTS[issue.expected] ?? 'This value is not valid.';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? 'This field is required.' : `Use at least ${plural(min, 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Choose at least ${min === 1 ? 'one' : min}.`;
      return issue.inclusive === false ? `Must be more than ${min}.` : `Must be at least ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Use at most ${plural(max, 'character')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max}.`;
      return issue.inclusive === false ? `Must be less than ${max}.` : `Must be at most ${max}.`;
    }
    case 'invalid_format':
      return FORMAT_HINTS[issue.format] ?? 'This value has the wrong format.';
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${String(issue.values[0])}.`
        : `Choose one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}.`;
    default:
      return 'This value is not valid.';
  }
}

/** Makes every schema without its own message use the sentences above (server and web call it once). */
export function applyFriendlyValidationMessages(): void {
  z.config({ customError: (issue) => friendlyIssueMessage(issue) });
}

/** "first_name" → "First name", for the one-line summary of a rejected request. */
export function fieldLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? path;
  const words = last.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Input';
}
