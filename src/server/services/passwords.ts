import { hash, verify, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which type stripping cannot inline.
  algorithm: 2 as Options['algorithm'],
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * An unknown e-mail costs the same hash verification as a
 * wrong password, so timing does not tell which accounts exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * Registration and reset refuse the ~49,000 most common passwords of
 * zxcvbn-ts's maintained list, compared case-insensitively.
 */
let common: Set<string> | undefined;
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'Questa password è tra le più comuni: scegline una più difficile da indovinare.';
