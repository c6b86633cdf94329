import { describe, expect, it } from 'vitest';
import { mealServiceOf } from './meal-service.ts';

describe('mealServiceOf', () => {
  it('tells lunch from dinner by the slot’s time in Rome', () => {
    expect(mealServiceOf('12:00')).toBe('lunch');
    expect(mealServiceOf('16:45')).toBe('lunch');
    expect(mealServiceOf('17:00')).toBe('dinner');
    expect(mealServiceOf('22:30')).toBe('dinner');
  });

  it('counts a slot past midnight as the evening’s dinner', () => {
    expect(mealServiceOf('00:15')).toBe('dinner');
    expect(mealServiceOf('04:59')).toBe('dinner');
    expect(mealServiceOf('05:00')).toBe('lunch');
  });
});
