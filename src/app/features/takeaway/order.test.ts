import { describe, expect, it } from 'vitest';
import {
  basketLines,
  readBasket,
  refusedDishes,
  slotItems,
  takeawaySections,
  totalCents,
} from './order.ts';
import { MENU } from './test-utils.tsx';

describe('the takeaway page without its looks', () => {
  it('reads a basket from an address, leaving out what is not a quantity', () => {
    const params = new URLSearchParams(
      'q-11-0=2&q-21-1=1&q-12-0=&q-12-1=0&q-13-0=51&q-x-0=2&q-14-9=1&date=2026-12-05',
    );
    expect(readBasket(params.entries())).toEqual({ '11-0': 2, '21-1': 1 });
  });

  it('counts the total in cents and the load per dish, sizes together', () => {
    const sections = takeawaySections(MENU);
    const lines = basketLines({ '21-0': 2, '21-1': 1, '11-0': 3, '13-0': 1 }, sections);
    expect(totalCents(lines)).toBe(3 * 850 + 2 * 150 + 250);
    expect(slotItems(lines)).toBe('11*3,21*3');
  });

  it("names a refusal's dishes by their menu names", () => {
    expect(refusedDishes([13, 22], MENU)).toEqual(['Tonno', 'Draught beer']);
  });
});
