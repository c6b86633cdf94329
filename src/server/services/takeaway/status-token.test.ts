import { describe, expect, it } from 'vitest';
import { cancelToken } from '../guests/guest-links.ts';
import { orderStatusToken, readOrderStatusToken } from './status-token.ts';

const KEY = 'a-key-every-instance-shares';

describe('order status tokens', () => {
  it('name their order, and only with the key that signed them', () => {
    const token = orderStatusToken(KEY, 42);
    expect(readOrderStatusToken(KEY, token)).toBe(42);
    expect(readOrderStatusToken('another-key', token)).toBeNull();
    expect(readOrderStatusToken(KEY, token.replace(/^42\./, '43.'))).toBeNull();
    expect(readOrderStatusToken(KEY, `${token}x`)).toBeNull();
    expect(readOrderStatusToken(KEY, '')).toBeNull();
  });

  it('are never a cancel link of a booking, nor one of those an order token', () => {
    const cancel = cancelToken(KEY, { id: 42, startsAt: 0 });
    expect(readOrderStatusToken(KEY, cancel)).toBeNull();
    const [id, , signature] = cancel.split('.');
    expect(readOrderStatusToken(KEY, `${id}.${signature}`)).toBeNull();
  });
});
