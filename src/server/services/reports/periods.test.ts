import { describe, expect, it } from 'vitest';
import { periodOf, periodsOf, previousRange, weekdaysIn } from './periods.ts';

describe("the reports' calendar", () => {
  it('names a period by its first day, a week by its Monday', () => {
    expect(periodOf('2026-11-01', 'week')).toBe('2026-10-26');
    expect(periodOf('2026-11-02', 'week')).toBe('2026-11-02');
    expect(periodOf('2026-03-29', 'week')).toBe('2026-03-23');
    expect(periodOf('2026-02-28', 'month')).toBe('2026-02-01');
    expect(periodOf('2026-02-28', 'day')).toBe('2026-02-28');
  });

  it('lists every period of a range, across the DST changes and a year end', () => {
    expect(periodsOf('2026-03-27', '2026-03-31', 'day')).toEqual([
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ]);
    expect(periodsOf('2026-12-30', '2027-01-12', 'week')).toEqual([
      '2026-12-28',
      '2027-01-04',
      '2027-01-11',
    ]);
    expect(periodsOf('2026-11-15', '2027-02-01', 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
  });

  it('takes as many whole months before whole months, else as many days', () => {
    expect(previousRange('2026-03-01', '2026-03-31')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(previousRange('2026-02-01', '2026-02-28')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(previousRange('2026-01-01', '2026-12-31')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(previousRange('2026-03-01', '2026-03-30')).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
    });
    expect(previousRange('2026-11-02', '2026-11-08')).toEqual({
      from: '2026-10-26',
      to: '2026-11-01',
    });
    expect(previousRange('2026-11-05', '2026-11-05')).toEqual({
      from: '2026-11-04',
      to: '2026-11-04',
    });
  });

  it('counts the Mondays … Sundays of a range', () => {
    // November 2026 starts on a Sunday: five Sundays and five Mondays.
    expect(weekdaysIn('2026-11-01', '2026-11-30')).toEqual([0, 5, 4, 4, 4, 4, 4, 5]);
    expect(weekdaysIn('2026-11-04', '2026-11-04')).toEqual([0, 0, 0, 1, 0, 0, 0, 0]);
  });
});
