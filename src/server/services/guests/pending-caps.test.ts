import { describe, expect, it } from 'vitest';
import { pendingCoversLimit, pendingCoversOf } from './pending-caps.ts';

describe('covers one guest holds pending', () => {
  it('is twice the largest online party', () => {
    expect(pendingCoversLimit({ maxPartyOnline: 8 })).toBe(16);
    expect(pendingCoversLimit({ maxPartyOnline: 1 })).toBe(2);
  });

  it("counts the e-mail's covers and the phone's covers, each on its own", () => {
    const pending = [
      { party: 4, email: 'Jonas@Example.de', phone: '+49 170 1234567' },
      { party: 3, email: 'jonas@example.de', phone: '+39 333 0000000' },
      { party: 2, email: 'weber@example.com', phone: '+49 170 123 45 67' },
      { party: 5, email: '', phone: '+39 333 9999999' },
      { party: 1, email: 'jonas+tisch@example.de', phone: '0049 170 1234567' },
    ];
    expect(pendingCoversOf(pending, { email: 'JONAS@example.DE', phone: '+491701234567' })).toEqual(
      { byEmail: 8, byPhone: 7 },
    );
    // (The +tag's mailbox and the 00 for + counted too.) A booking without an
    // e-mail (staff's) is never the guest's by e-mail.
    expect(pendingCoversOf(pending, { email: '', phone: '+39 333 1111111' })).toEqual({
      byEmail: 0,
      byPhone: 0,
    });
  });
});
