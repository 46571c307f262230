import { describe, expect, it } from 'vitest';
import { pageCount, ZPageQuery } from './paging.ts';

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('reads limit and offset from a query string and refuses nonsense', () => {
    expect(ZPageQuery.parse({ limit: '10', offset: '20' })).toEqual({ limit: 10, offset: 20 });
    expect(ZPageQuery.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(ZPageQuery.safeParse({ limit: '-1' }).success).toBe(false);
    expect(ZPageQuery.safeParse({ offset: 'abc' }).success).toBe(false);
  });
});
