import { describe, expect, it } from 'vitest';
import { slotFullDescription, unavailableDescription } from './takeaway-refusals.ts';

describe("takeaway refusals' descriptions, as the server writes them (their data travels in `details`)", () => {
  it('a full slot names the next time that fits, or says there is none', () => {
    expect(slotFullDescription('19:30', '20:15')).toBe(
      '19:30 is full: the first later time that fits this order is 20:15.',
    );
    expect(slotFullDescription('This pickup time', null)).toBe(
      'This pickup time is full, and no later time on this day fits this order.',
    );
  });

  it('a sold-out refusal names the dishes by id', () => {
    expect(unavailableDescription([13, 22])).toBe(
      'These dishes cannot be ordered now (sold out or not for takeaway): 13, 22.',
    );
  });
});
