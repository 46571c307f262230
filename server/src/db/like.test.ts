import { describe, expect, it } from 'vitest';
import { likePattern } from './like.ts';

describe('likePattern', () => {
  it('wraps the term and escapes LIKE wildcards', () => {
    expect(likePattern('smith')).toBe('%smith%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
