import { describe, expect, it } from 'vitest';
import { containsPattern } from './like.ts';

describe('containsPattern', () => {
  it('wraps the lower-cased term and escapes LIKE wildcards', () => {
    expect(containsPattern('Smith')).toBe('%smith%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
