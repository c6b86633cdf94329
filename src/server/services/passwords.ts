import { hash, verify, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { WorkBusy, workSlots } from './work-slots.ts';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which type stripping cannot inline.
  algorithm: 2 as Options['algorithm'],
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

/**
 * Each argon2 computation takes 19 MiB and tens of milliseconds of a core.
 * At most ARGON2_CONCURRENCY run at once and at most ARGON2_QUEUE wait; past
 * that a request is refused at once (503) instead of piling up memory and
 * latency for everyone: a flood of logins from many addresses cannot take
 * the server down.
 */
const ARGON2_CONCURRENCY = 4;
const ARGON2_QUEUE = 64;

export class PasswordWorkBusy extends WorkBusy {
  constructor() {
    super('Il server è molto occupato: riprova tra qualche secondo.');
  }
}

const passwordSlots = workSlots({
  concurrency: ARGON2_CONCURRENCY,
  queue: ARGON2_QUEUE,
  busy: () => new PasswordWorkBusy(),
});
const withPasswordSlot = passwordSlots.run;

const done = { hashes: 0, verifications: 0 };
/** How many password computations run and wait now, and how many started so far (for tests). */
export const passwordWork = () => {
  const { running, waiting } = passwordSlots.state();
  return { running, waiting, ...done };
};

export function hashPassword(password: string): Promise<string> {
  done.hashes += 1;
  return withPasswordSlot(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  done.verifications += 1;
  return withPasswordSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash never logs anyone in
    }
  });
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
const commonPasswords = () =>
  (common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())));

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords `isCommonPassword` refuses (docs/security.md item 2 asks for at least 10,000). */
export const commonPasswordCount = () => commonPasswords().size;

export const COMMON_PASSWORD_MESSAGE =
  'Questa password è tra le più comuni: scegline una più difficile da indovinare.';
