import { describe, expect, it } from 'vitest';
import { guestIdentity } from './guest-records.ts';

// Who a guest is (CONTRACT.md part four, "Guests"): one record per e-mail,
// case-folded and without its +tag, or, without an e-mail, per phone's digits.
describe('guestIdentity', () => {
  it('folds an e-mail: its case and its +tag make no other guest', () => {
    const anna = guestIdentity({ email: 'anna@example.com', phone: '' });
    expect(anna).toBe('e:anna@example.com');
    for (const email of [
      'Anna@Example.com',
      'ANNA@EXAMPLE.COM',
      'anna+x@example.com',
      ' Anna+Tavoli@example.com ',
    ]) {
      expect(guestIdentity({ email, phone: '' }), email).toBe(anna);
    }
    expect(guestIdentity({ email: 'annab@example.com', phone: '' })).not.toBe(anna);
  });

  it('prefers the e-mail to the phone', () => {
    expect(guestIdentity({ email: 'anna@example.com', phone: '+39 333 1234567' })).toBe(
      'e:anna@example.com',
    );
  });

  it('reads a phone by its digits, however spelt, 00 as +', () => {
    const phone = guestIdentity({ email: '', phone: '+39 333 123 4567' });
    expect(phone).toBe('p:393331234567');
    for (const spelling of [
      '0039 3331234567',
      '+39 (333) 123-4567',
      '+39.333.123.4567',
      '+393331234567',
    ]) {
      expect(guestIdentity({ email: '', phone: spelling }), spelling).toBe(phone);
    }
    expect(guestIdentity({ email: '', phone: '333 1234567' })).toBe('p:3331234567');
  });

  it('is null for a row with neither', () => {
    expect(guestIdentity({ email: '', phone: '' })).toBeNull();
    expect(guestIdentity({ email: '  ', phone: ' ' })).toBeNull();
  });
});
