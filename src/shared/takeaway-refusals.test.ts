import { describe, expect, it } from 'vitest';
import {
  nextTimeOf,
  slotFullDescription,
  unavailableDescription,
  unavailableIds,
} from './takeaway-refusals.ts';

describe("takeaway refusals' descriptions, as the server writes and the pages read them", () => {
  it('a full slot offers the next time that fits, whichever time was asked for', () => {
    expect(nextTimeOf(slotFullDescription('19:30', '20:15'))).toBe('20:15');
    expect(nextTimeOf(slotFullDescription('This pickup time', '21:00'))).toBe('21:00');
    // Only the time offered, never the one asked for.
    expect(nextTimeOf(slotFullDescription('19:30', null))).toBeNull();
  });

  it('a sold-out refusal names the dishes by id', () => {
    expect(unavailableIds(unavailableDescription([13, 22]))).toEqual([13, 22]);
    expect(unavailableIds(unavailableDescription([7]))).toEqual([7]);
  });
});
