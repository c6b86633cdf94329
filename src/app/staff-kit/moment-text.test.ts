import { describe, expect, it } from 'vitest';
import { momentText } from './format.ts';

describe('momentText', () => {
  // 00:30 in Rome on Sunday 15 March 2026 (UTC+1): the evening before is "ieri".
  const now = new Date('2026-03-14T23:30:00Z');

  it('says today, yesterday or the day, by the calendar in Rome, with the time there', () => {
    expect(momentText('2026-03-14T23:10:00Z', now)).toBe('oggi alle 00:10');
    expect(momentText('2026-03-14T22:50:00Z', now)).toBe('ieri alle 23:50');
    expect(momentText('2026-03-13T22:50:00Z', now)).toBe('venerdì 13 marzo alle 23:50');
  });

  it('counts yesterday by the calendar on the day the clocks go forward', () => {
    // 00:30 on Monday 30 March 2026 in Rome (UTC+2), after a 23-hour Sunday.
    const monday = new Date('2026-03-29T22:30:00Z');
    expect(momentText('2026-03-28T23:30:00Z', monday)).toBe('ieri alle 00:30');
  });
});
