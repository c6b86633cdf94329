import fc from 'fast-check';
import { STAFF_PASSWORD } from '../app.ts';
import {
  colleagueToken,
  expiredToken,
  revokedToken,
  STAFF_EMAIL,
  staffToken,
} from './app-under-test.ts';

// Authorization headers: the staff tokens, valid and every way of wrong.

const BAD_AUTH_VARIANTS = [
  'revoked',
  'expired',
  'other-scheme',
  'no-space',
  'double-space',
  'truncated',
  'extended',
  'twice',
  'basic',
] as const;
/** `colleague`: a valid token of a staff (not owner) account, for owner-only routes. */
export type AuthCase =
  'valid' | 'colleague' | 'absent' | (typeof BAD_AUTH_VARIANTS)[number] | { header: string };

const badAuthorizationHeaders = fc.oneof(
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Token abc', 'Bearer null', 'Bearer [object Object]'),
  // Well-formed, but no such session.
  fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/).map((token) => `Bearer ${token}`),
  // Oversized.
  fc.integer({ min: 201, max: 20_000 }).map((length) => `Bearer ${'A'.repeat(length)}`),
  fc.string({ unit: 'grapheme', maxLength: 60 }).map((text) => `Bearer ${text}`),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }),
);

export const authCases: fc.Arbitrary<AuthCase> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('valid' as const) },
  { weight: 1, arbitrary: fc.constant('absent' as const) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_AUTH_VARIANTS) },
  { weight: 2, arbitrary: badAuthorizationHeaders.map((header) => ({ header })) },
);

/** Owner-only routes: the owner's token, a colleague's (403), or any wrong one (401). */
export const ownerAuthCases: fc.Arbitrary<AuthCase> = fc.oneof(
  { weight: 5, arbitrary: authCases },
  { weight: 1, arbitrary: fc.constant('colleague' as const) },
);

export function authorizationHeader(auth: AuthCase, token = staffToken): Record<string, string> {
  if (typeof auth === 'object') return { authorization: auth.header };
  const value = {
    valid: `Bearer ${token}`,
    colleague: `Bearer ${colleagueToken}`,
    absent: undefined,
    revoked: `Bearer ${revokedToken}`,
    expired: `Bearer ${expiredToken}`,
    'other-scheme': `Token ${token}`,
    'no-space': `Bearer${token}`,
    'double-space': `Bearer  ${token}`,
    truncated: `Bearer ${token.slice(0, -1)}`,
    extended: `Bearer ${token}A`,
    twice: `Bearer ${token}, Bearer ${token}`,
    basic: `Basic ${Buffer.from(`${STAFF_EMAIL}:${STAFF_PASSWORD}`).toString('base64')}`,
  }[auth];
  return value === undefined ? {} : { authorization: value };
}
