import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './csv.ts';

describe('a report CSV cell (docs/security.md item 58)', () => {
  it('that begins like a formula is written behind an apostrophe', () => {
    for (const text of ['=1+1', '+39 333', '-5', '@SUM(A1)', '\tcella', '\rcella', '=']) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
  });

  it('is left as it is otherwise', () => {
    for (const text of ['Margherita', '12.50', '0', '', ' =1', "'già", '2026-11-01', 'a=b']) {
      expect(neutraliseFormula(text)).toBe(text);
    }
  });
});
