import { describe, expect, it } from 'vitest';
import {
  commonPasswordCount,
  hashPassword,
  isCommonPassword,
  passwordWork,
  PasswordWorkBusy,
} from './passwords.ts';

// docs/security.md item 38: password hashing cannot be made to pile up. At most 4
// argon2 computations run at once and 64 wait; more are refused at once
// (the error handler answers them 503 with Retry-After).
describe('argon2 work', () => {
  it('runs 4 at once, queues 64, refuses the rest at once, then finishes the accepted ones', async () => {
    const calls = Array.from({ length: 4 + 64 + 5 }, (_, i) => hashPassword(`password-${i}-long`));
    expect(passwordWork()).toMatchObject({ running: 4, waiting: 64 });
    const results = await Promise.allSettled(calls);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const result of refused) expect(result.reason).toBeInstanceOf(PasswordWorkBusy);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(68);
    expect(passwordWork()).toMatchObject({ running: 0, waiting: 0 });
  }, 60_000);
});

// docs/security.md item 2: registration and reset refuse at least the 10,000 most
// common passwords; counted on the very list `isCommonPassword` reads.
describe('common passwords', () => {
  it('refuses at least 10,000 of them, whatever their case', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const password of ['123456', 'password', 'qwerty123456', 'Iloveyou', 'PASSWORD1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('onde-del-mare-azzurro')).toBe(false);
  });
});
