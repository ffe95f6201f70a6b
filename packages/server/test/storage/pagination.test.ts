import { describe, expect, it } from 'vitest';
import { toLimitOffset } from '../../src/storage/pagination.js';
import { pageMeta } from '../../src/views/list-meta.js';

describe('pagination', () => {
  it('turns page and pageSize into limit and offset', () => {
    expect(toLimitOffset({ page: 1, pageSize: 20 })).toEqual({ limit: 20, offset: 0 });
    expect(toLimitOffset({ page: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(toLimitOffset({ page: 2, pageSize: 100 })).toEqual({ limit: 100, offset: 100 });
  });

  it.each([
    // total, page, pageSize, totalPages, hasNextPage
    [0, 1, 20, 0, false],
    [0, 2, 20, 0, false],
    [1, 1, 20, 1, false],
    [20, 1, 20, 1, false],
    [21, 1, 20, 2, true],
    [21, 2, 20, 2, false],
    [40, 1, 20, 2, true],
    [40, 2, 20, 2, false],
    [41, 3, 20, 3, false],
    [41, 5, 20, 3, false],
    [250, 2, 100, 3, true],
    [5, 1, 1, 5, true],
    [5, 5, 1, 5, false],
  ])('total %i, page %i of size %i: %i pages, next %s', (total, page, pageSize, totalPages, hasNextPage) => {
    expect(pageMeta(total, { page, pageSize })).toEqual({ page, pageSize, total, totalPages, hasNextPage });
  });

  it('refuses impossible requests rather than guessing', () => {
    expect(() => toLimitOffset({ page: 0, pageSize: 20 })).toThrow(RangeError);
    expect(() => toLimitOffset({ page: 1, pageSize: 0 })).toThrow(RangeError);
    expect(() => toLimitOffset({ page: 1.5, pageSize: 20 })).toThrow(RangeError);
    expect(() => pageMeta(-1, { page: 1, pageSize: 20 })).toThrow(RangeError);
  });
});
