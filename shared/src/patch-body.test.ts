import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zPatchOf } from './patch-body.ts';

describe('zPatchOf', () => {
  const form = z.object({
    city: z.string().min(1),
    zip_code: z.string().default(''),
    tags: z.array(z.string()).default([]),
  });

  it('leaves out what the body leaves out, defaults included', () => {
    expect(form.partial().parse({ city: 'Austin' })).toEqual({ city: 'Austin', zip_code: '', tags: [] });
    expect(zPatchOf(form).parse({ city: 'Austin' })).toEqual({ city: 'Austin' });
  });

  it('still checks the fields it names', () => {
    expect(zPatchOf(form).safeParse({ city: '' }).success).toBe(false);
    expect(zPatchOf(form).parse({ zip_code: '73301' })).toEqual({ zip_code: '73301' });
  });
});
