import { describe, expect, it } from 'vitest';
import { buildPager, clampPage, pageOf } from './pager.js';

const labels = (model: ReturnType<typeof buildPager>) =>
  model.items.map((item) => (item.kind === 'page' ? (item.current ? `[${item.page}]` : String(item.page)) : '…'));

describe('buildPager', () => {
  it('shows every page when there are at most 7', () => {
    expect(labels(buildPager({ totalItems: 70, itemsPerPage: 10, currentPage: 3 }))).toEqual([
      '1',
      '2',
      '[3]',
      '4',
      '5',
      '6',
      '7',
    ]);
  });
  it('uses ellipses and never more than 7 links', () => {
    // 20 pages, page 10: 1 … 9 [10] 11 … 20
    const middle = buildPager({ totalItems: 200, itemsPerPage: 10, currentPage: 10 });
    expect(labels(middle)).toEqual(['1', '…', '9', '[10]', '11', '…', '20']);
    const start = buildPager({ totalItems: 200, itemsPerPage: 10, currentPage: 1 });
    expect(labels(start)).toEqual(['[1]', '2', '3', '4', '5', '…', '20']);
    const end = buildPager({ totalItems: 200, itemsPerPage: 10, currentPage: 20 });
    expect(labels(end)).toEqual(['1', '…', '16', '17', '18', '19', '[20]']);
    for (let p = 1; p <= 20; p++) {
      const model = buildPager({ totalItems: 200, itemsPerPage: 10, currentPage: p });
      expect(model.items.length).toBeLessThanOrEqual(7);
      expect(model.items.filter((i) => i.kind === 'page' && i.current)).toHaveLength(1);
    }
  });
  it('corrects out-of-bounds pages', () => {
    expect(buildPager({ totalItems: 25, itemsPerPage: 10, currentPage: 9 }).currentPage).toBe(3);
    expect(buildPager({ totalItems: 25, itemsPerPage: 10, currentPage: -2 }).currentPage).toBe(1);
    expect(buildPager({ totalItems: 0, itemsPerPage: 10, currentPage: 4 })).toMatchObject({
      currentPage: 1,
      totalPages: 1,
      hasNext: false,
      hasPrevious: false,
    });
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
  it('gives the index range of the page', () => {
    const model = buildPager({ totalItems: 25, itemsPerPage: 10, currentPage: 3 });
    expect([model.startIndex, model.endIndex]).toEqual([20, 25]);
    expect(
      pageOf(
        Array.from({ length: 25 }, (_, i) => i),
        model,
      ),
    ).toEqual([20, 21, 22, 23, 24]);
    expect(model.hasPrevious).toBe(true);
    expect(model.hasNext).toBe(false);
  });
  it('refuses a missing page size', () => {
    expect(() => buildPager({ totalItems: 5, itemsPerPage: 0, currentPage: 1 })).toThrow(RangeError);
  });
});
