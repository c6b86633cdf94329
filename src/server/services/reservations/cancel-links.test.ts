import { describe, expect, it } from 'vitest';
import { cancelToken, readCancelToken } from './cancel-links.ts';

describe('cancel links', () => {
  const key = 'k'.repeat(43);
  const claim = { id: 42, startsAt: Date.parse('2026-01-14T19:00:00Z') };

  it('name the booking and its start, and read back only under the same key', () => {
    const token = cancelToken(key, claim);
    expect(token).toMatch(/^42\.1768417200\.[\w-]{43}$/);
    expect(readCancelToken(key, token)).toEqual(claim);
    expect(readCancelToken('another key', token)).toBeNull();
  });

  it('refuse any change to the id, the start or the signature, and what is not a token', () => {
    const token = cancelToken(key, claim);
    const [id, start, signature] = token.split('.') as [string, string, string];
    for (const bad of [
      `43.${start}.${signature}`,
      `${id}.${Number(start) + 1}.${signature}`,
      `${id}.${start}.${signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
      `${id}.${start}`,
      `0.${start}.${signature}`,
      '',
      `${token}.`,
    ]) {
      expect(readCancelToken(key, bad), bad).toBeNull();
    }
  });
});
