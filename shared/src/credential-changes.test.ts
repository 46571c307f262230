import { describe, expect, it } from 'vitest';
import { isLoginEmailChange } from './credential-changes.ts';

describe('isLoginEmailChange', () => {
  it('ignores case and surrounding spaces, as the server stores e-mails lower-cased', () => {
    expect(isLoginEmailChange('Pat@Example.test ', 'pat@example.test')).toBe(false);
    expect(isLoginEmailChange(undefined, 'pat@example.test')).toBe(false);
    expect(isLoginEmailChange('pat2@example.test', 'pat@example.test')).toBe(true);
  });
});
