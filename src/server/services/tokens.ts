import { createHash, randomBytes } from 'node:crypto';

/** Session and reset tokens: 256-bit random; only their SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const nowIso = (now = Date.now()) => new Date(now).toISOString();
