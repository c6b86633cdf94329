import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/** Why a request for capacity was refused: a value the caller answers with, never an error. */
export interface Refusal<Reason extends string> {
  ok: false;
  reason: Reason;
}

/**
 * How a request for limited capacity is decided: a table's covers today, and
 * takeaway's oven and kitchen places and an event's covers after them
 * (docs/decisions/011, "Never overbooked" and "A refusal costs no write").
 * However many requests race, on every instance, the capacity is never
 * exceeded, and a refusal commits nothing.
 *
 * 1. `refuseEarly`, before any transaction, from what this instance keeps in
 *    memory: a refusal, or null to go on. It may only refuse, never accept,
 *    since what it reads can be a moment old: another instance's change shows
 *    within the version's 250 ms, which is what the guest's page shows too.
 *    Most refusals of a busy evening end here, without touching the lock.
 * 2. `lock`, the transaction's first statement: a write to the one row that
 *    every decision on this capacity writes first. PostgreSQL holds that row's
 *    lock until the transaction ends, so decisions on every connection and
 *    every instance take turns; on SQLite a first statement that writes takes
 *    the database's write lock at once (a read upgraded later can fail busy).
 * 3. `decide`, under the lock, on rows read afresh: a refusal, or the writes
 *    and what they made.
 *
 * A refusal from `decide` rolls the transaction back instead of committing
 * it. A commit of the lock's write is not free even when it changes no
 * value: PostgreSQL makes a new version of the row and flushes its log to
 * disk before answering, one fsync per refusal, while the next request waits
 * for the lock. Rolled back, the database is left exactly as it was.
 */
export async function decideUnderLock<
  Reason extends string,
  Done extends { ok: true },
  /** A refusal that carries more than its reason (a description), kept whole. */
  Refused extends Refusal<Reason> = Refusal<Reason>,
>(
  db: Kysely<Database>,
  steps: {
    refuseEarly?: () => Promise<Refused | null>;
    lock: (trx: Kysely<Database>) => Promise<unknown>;
    decide: (trx: Kysely<Database>) => Promise<Done | Refused>;
  },
): Promise<Done | Refused> {
  const early = await steps.refuseEarly?.();
  if (early) return early;
  try {
    return await db.transaction().execute(async (trx) => {
      await steps.lock(trx);
      const outcome = await steps.decide(trx);
      // Thrown out of the transaction, which Kysely then rolls back.
      if (!outcome.ok) throw new RefusedUnderLock(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof RefusedUnderLock) return error.refusal as Refused;
    throw error;
  }
}

/** Carries a refusal out of its transaction, so that the transaction is rolled back. */
class RefusedUnderLock extends Error {
  readonly refusal: Refusal<string>;

  constructor(refusal: Refusal<string>) {
    super(`refused under the lock: ${refusal.reason}`);
    this.refusal = refusal;
  }
}
