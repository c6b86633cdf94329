import { describe, expect, it } from 'vitest';
import { addressKey } from './staff-auth.ts';

// What the per-address limits and lockouts count as one client (docs/security.md
// items 4, 32, 38 and 41): the one rule every limiter keys by.
describe('addressKey', () => {
  it('keeps an IPv4 address as it is, and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    // However the mapped address is written: in hex, in full, zero-padded.
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('0000:0000:0000:0000:0000:FFFF:CB00:7107')).toBe('203.0.113.7');
  });

  it('groups an IPv6 address by its /56, however it is written', () => {
    const key = '2001:0db8:0007:0800::/56';
    for (const ip of [
      '2001:db8:7:800::1',
      '2001:db8:7:8ff:ffff:ffff:ffff:ffff',
      '2001:DB8:7:8AB::',
      '2001:0db8:0007:0801:0000:0000:0000:0001',
      '2001:db8:7:8ff::1%eth0',
      '2001:db8:7:8ff::192.0.2.1',
    ]) {
      expect(addressKey(ip), ip).toBe(key);
    }
    // The next /56, and one further up, are other clients.
    expect(addressKey('2001:db8:7:900::1')).toBe('2001:0db8:0007:0900::/56');
    expect(addressKey('2001:db8:8:800::1')).toBe('2001:0db8:0008:0800::/56');
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/56');
  });
});
