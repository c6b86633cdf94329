import {
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from '../db/database.ts';
import { giveTurn, Turn } from './turn.ts';

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
 * 3. `decide`, under the lock, on rows read after the lock was taken (by
 *    itself, or once for its turn: `Turn`): a refusal, or the writes and
 *    what they made.
 *
 * A refusal from `decide` rolls the transaction back instead of committing
 * it. A commit of the lock's write is not free even when it changes no
 * value: PostgreSQL makes a new version of the row and flushes its log to
 * disk before answering, one fsync per refusal, while the next request waits
 * for the lock. Rolled back, the database is left exactly as it was.
 *
 * With `together`, steps 2 and 3 are shared: the decisions on the same
 * `lock` function waiting at the same moment take one turn of the lock, in
 * one transaction, each writing in a savepoint (`decideTogether`, below),
 * and what one of them read, the next may take from their `Turn` rather
 * than read again.
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
    decide: (trx: Kysely<Database>, turn: Turn) => Promise<Done | Refused>;
    /**
     * Decided together with the other decisions on the same lock that wait
     * at the same moment, in one transaction (`decideTogether`): for the
     * guests' bookings and orders, which come in bursts.
     */
    together?: boolean;
  },
): Promise<Done | Refused> {
  const early = await steps.refuseEarly?.();
  if (early) return early;
  if (steps.together) return decideTogether(db, steps.lock, steps.decide);
  try {
    return await db.transaction().execute(async (trx) => {
      await steps.lock(trx);
      const outcome = await steps.decide(trx, new Turn());
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

/** At most this many decisions share one transaction: the first of them waits for all. */
const MOST_TOGETHER = 32;

interface WaitingDecision {
  decide: (trx: Kysely<Database>, turn: Turn) => Promise<{ ok: boolean }>;
  resolve: (outcome: never) => void;
  reject: (error: unknown) => void;
}

/** The decisions waiting, per database and per lock. */
const waiting = new WeakMap<
  Kysely<Database>,
  Map<(trx: Kysely<Database>) => Promise<unknown>, { queue: WaitingDecision[]; running: boolean }>
>();

/**
 * Whether decisions taken together on `db` are waiting or under way (a
 * burst of bookings or orders): the mail and push senders wait for them
 * (domains/core.ts).
 */
export function decisionsUnderWay(db: Kysely<Database>): boolean {
  for (const group of waiting.get(db)?.values() ?? []) {
    if (group.running || group.queue.length > 0) return true;
  }
  return false;
}

/**
 * Group commit: the decisions on one lock that arrive together are taken in
 * one transaction, under one turn of the lock, in the order they came,
 * each writing in a savepoint of its own (taken by `Turn.writing` before its
 * first write). Each one reads the rows as the ones before it in the
 * transaction left them, so the capacity is counted exactly as when they
 * take turns one transaction each; a refusal writes nothing (one after a
 * write is rolled back to its savepoint), a failure is rolled back to its
 * savepoint, and a transaction where every decision was refused is rolled
 * back whole (nothing committed, as `decideUnderLock`'s refusals). Every
 * outcome is answered only once the transaction has committed: an accepted
 * booking or order is on disk when the guest reads it. A commit that fails
 * fails every decision of the transaction; so does a decision that fails
 * before its savepoint (only reads come before it), since its failed
 * statement may have broken the whole transaction: the decisions waiting
 * after it take a new one.
 *
 * Each commit is flushed to disk (dialect.ts); one transaction per decision
 * made 200 racing orders 200 flushes, taken in turn while the other guests
 * waited (docs/performance.md, "200-request bursts").
 */
function decideTogether<Outcome extends { ok: boolean }>(
  db: Kysely<Database>,
  lock: (trx: Kysely<Database>) => Promise<unknown>,
  decide: (trx: Kysely<Database>, turn: Turn) => Promise<Outcome>,
): Promise<Outcome> {
  let byLock = waiting.get(db);
  if (!byLock) {
    byLock = new Map();
    waiting.set(db, byLock);
  }
  let group = byLock.get(lock);
  if (!group) {
    group = { queue: [], running: false };
    byLock.set(lock, group);
  }
  const { queue } = group;
  return new Promise<Outcome>((resolve, reject) => {
    queue.push({ decide, resolve: resolve as (outcome: never) => void, reject });
    if (!group.running) {
      group.running = true;
      // After this turn of the event loop: the decisions of the requests read in it come too.
      setImmediate(() => {
        void runTogether(db, lock, queue).finally(() => {
          group.running = false;
        });
      });
    }
  });
}

/** Takes the waiting decisions, a transaction at a time, until none waits. */
async function runTogether(
  db: Kysely<Database>,
  lock: (trx: Kysely<Database>) => Promise<unknown>,
  queue: WaitingDecision[],
): Promise<void> {
  while (queue.length > 0) {
    const taken: { decision: WaitingDecision; outcome?: { ok: boolean }; error?: unknown }[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        await lock(trx);
        const turn = new Turn(() => sql`savepoint decision`.execute(trx));
        const guarded = trx.withPlugin(new WritesAfterSavepoint(turn));
        giveTurn(guarded, turn);
        // Decisions that come while this transaction runs (PostgreSQL: each
        // statement waits on the network) join it, up to MOST_TOGETHER.
        while (queue.length > 0 && taken.length < MOST_TOGETHER) {
          const decision = queue.shift()!;
          const entry: (typeof taken)[number] = { decision };
          taken.push(entry);
          turn.nextDecision();
          try {
            entry.outcome = await decision.decide(guarded, turn);
          } catch (error) {
            entry.error = error;
          }
          turn.decided(entry.outcome?.ok === true);
          // A decision that wrote did so in its savepoint (`Turn.writing`);
          // one that did not has nothing to undo. Not released: the next
          // decision's savepoint, of the same name, is taken inside it (at
          // most MOST_TOGETHER deep), and the commit ends them all, a round
          // trip fewer per decision. So a rollback goes only to a savepoint
          // this decision took: the name would reach an earlier decision's.
          if (turn.hasSavepoint && !entry.outcome?.ok) {
            await sql`rollback to savepoint decision`.execute(trx);
          }
          // A refusal before writing left what the turn keeps as it was; a
          // failure, or a refusal after a write, may not have.
          if (!entry.outcome || (!entry.outcome.ok && turn.isWriting)) turn.forget();
          // A failure no savepoint of its own holds may have broken the
          // transaction (PostgreSQL aborts it at a failed statement, SQLite
          // rolls it back at some), and what the turn put off must not be
          // written outside it: the turn fails whole; those waiting take
          // the next one.
          if (!entry.outcome && !turn.hasSavepoint) throw entry.error;
        }
        // Thrown out of the transaction, which Kysely then rolls back.
        if (!taken.some((entry) => entry.outcome?.ok)) throw new NothingAccepted();
        await turn.writePutOff(trx);
      });
    } catch (error) {
      if (!(error instanceof NothingAccepted)) {
        for (const entry of taken) entry.decision.reject(error);
        continue;
      }
    }
    for (const { decision, outcome, error } of taken) {
      if (outcome) decision.resolve(outcome as never);
      else decision.reject(error);
    }
  }
}

/** Carries "every decision was refused" out of the transaction, so that it is rolled back. */
class NothingAccepted extends Error {}

/**
 * Refuses a decision's write made before `Turn.writing`, which would be
 * outside its savepoint: a refusal or failure after it could not be rolled
 * back alone. It sees the query builder's writes; a write in raw SQL (none
 * in a decision) passes unseen.
 */
class WritesAfterSavepoint implements KyselyPlugin {
  readonly #turn: Turn;

  constructor(turn: Turn) {
    this.#turn = turn;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(node.kind) && !this.#turn.isWriting) {
      throw new Error('a decision wrote before awaiting turn.writing() (capacity.ts)');
    }
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

const WRITES = new Set<RootOperationNode['kind']>([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
]);
