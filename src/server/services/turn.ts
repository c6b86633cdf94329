import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * What the decisions taking one turn of the lock read once for all of them
 * (`once`):
 * - rows that only writers taking the same lock change (the takeaway
 *   settings), or that the decisions keep true in memory as they write them
 *   (a day's loads, with each order accepted): exact for the whole turn;
 * - rows written without the lock (the menu, the restaurant's facts): the
 *   turn's decisions, a few milliseconds apart, all see them as at its first
 *   read, as they would have seen them had they come a moment sooner.
 * The bookings' and orders' decisions refuse before they write ("a
 * refusal costs no write") and change what is kept only after their writes;
 * one whose writes change rows kept by a key either keeps the value true
 * (takeaway's `holdLoad`) or calls `forget`. So a refusal before writing
 * leaves the turn as it was, and the next decision reads nothing again;
 * everything kept is forgotten when a decision fails, or refuses after
 * writing, since it may hold what that decision wrote. A burst's orders read a day's loads once per
 * transaction instead of once each, and the refusals of a full evening's
 * bookings read nothing (docs/performance.md, "One read per turn of the
 * lock", "Refusals read what the turn keeps").
 */
export class Turn {
  readonly #kept = new Map<string, Promise<unknown>>();
  /** Takes a savepoint for the decision under way; none when it has a transaction of its own. */
  readonly #takeSavepoint: (() => Promise<unknown>) | undefined;
  /** The savepoint of the decision under way, once it began writing. */
  #savepoint: Promise<void> | undefined;
  /** Whether that savepoint was taken: taking it may fail. */
  #savepointTaken = false;
  /** The rows the decision under way put off (`writeAtTurnEnd`), not yet kept. */
  #deciding: PutOff[] = [];
  /** The rows the turn's accepted decisions put off, in the order they came. */
  readonly #putOff: PutOff[] = [];

  /** `takeSavepoint`: the decisions share a transaction (capacity.ts `decideTogether`). */
  constructor(takeSavepoint?: () => Promise<unknown>) {
    this.#takeSavepoint = takeSavepoint;
  }

  /**
   * Awaited by a decision before its first write. Decided together with
   * others, it takes the decision's savepoint, so that a failure, or a
   * refusal after a write, is rolled back alone; a refusal before it costs
   * no statement (docs/performance.md, "Refusals read what the turn
   * keeps"). A write before it fails (capacity.ts
   * `WritesAfterSavepoint`).
   */
  writing(): Promise<void> {
    this.#savepoint ??= this.#takeSavepoint
      ? this.#takeSavepoint().then(() => {
          this.#savepointTaken = true;
        })
      : Promise.resolve();
    return this.#savepoint;
  }

  /** Whether the decision under way began writing (`writing`). */
  get isWriting(): boolean {
    return this.#savepoint !== undefined;
  }

  /** Whether the decision under way holds a savepoint of its own to roll back to. */
  get hasSavepoint(): boolean {
    return this.#savepointTaken;
  }

  /** The turn's next decision begins: it has written nothing yet. */
  nextDecision(): void {
    this.#savepoint = undefined;
    this.#savepointTaken = false;
    this.#deciding = [];
  }

  /** A row the decision under way puts off to the end of the turn (`writeAtTurnEnd`). */
  putOff<Row>(write: TurnEndWrite<Row>, row: Row): void {
    this.#deciding.push({ write: write as TurnEndWrite<unknown>, row });
  }

  /**
   * The decision under way ended: what it put off is written at the end of
   * the turn if it was accepted, and dropped with its rollback otherwise.
   */
  decided(accepted: boolean): void {
    if (accepted) this.#putOff.push(...this.#deciding);
    this.#deciding = [];
  }

  /**
   * Writes what the accepted decisions put off, just before the turn
   * commits: each kind of write once for its rows, `MOST_PUT_OFF` at a time.
   */
  async writePutOff(trx: Kysely<Database>): Promise<void> {
    const byWrite = new Map<TurnEndWrite<unknown>, unknown[]>();
    for (const { write, row } of this.#putOff) {
      const rows = byWrite.get(write) ?? [];
      rows.push(row);
      byWrite.set(write, rows);
    }
    this.#putOff.length = 0;
    for (const [write, rows] of byWrite) {
      for (let start = 0; start < rows.length; start += MOST_PUT_OFF) {
        await write(trx, rows.slice(start, start + MOST_PUT_OFF));
      }
    }
  }

  /** What `read` reads, read once per turn for `key`: each `key` always names one kind of value. */
  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let kept = this.#kept.get(key) as Promise<T> | undefined;
    if (!kept) {
      kept = read();
      this.#kept.set(key, kept);
    }
    return kept;
  }

  /** What is kept for `key`, if anything: a decision updates it after a write, never reads it then. */
  kept<T>(key: string): Promise<T> | undefined {
    return this.#kept.get(key) as Promise<T> | undefined;
  }

  /** A decision wrote what was kept, or failed: what was kept may not be true any more. */
  forget(): void {
    this.#kept.clear();
  }
}

/**
 * A write of many rows at the end of a turn (`writeAtTurnEnd`), in the
 * order given: as many statements for all of them (at most `MOST_PUT_OFF`)
 * as for one.
 */
export type TurnEndWrite<Row> = (db: Kysely<Database>, rows: readonly Row[]) => Promise<unknown>;

interface PutOff {
  write: TurnEndWrite<unknown>;
  row: unknown;
}

/** At most this many rows in one put-off write: well within both engines' parameter limits. */
const MOST_PUT_OFF = 100;

/** The turn whose decisions are given this transaction (`giveTurn`). */
const turnOfTransaction = new WeakMap<Kysely<Database>, Turn>();

/**
 * `turn`'s decisions are given `db`, their transaction (capacity.ts
 * `decideTogether`): what they write at the turn's end through it waits
 * for the end (`writeAtTurnEnd`).
 */
export function giveTurn(db: Kysely<Database>, turn: Turn): void {
  turnOfTransaction.set(db, turn);
}

/**
 * Writes `row` by `write`, in `db`'s transaction. When `db` is the
 * transaction of decisions taken together (capacity.ts `decideTogether`), the row waits
 * for the end of the turn: if its decision is accepted, it is written with
 * the other accepted decisions' rows of the same `write`, at once, just
 * before the commit; if not, it is dropped. Only for what no decision of
 * the turn reads: a mail in the outbox, a push message, an order's link to
 * its guest. A burst's orders each made those three round trips under the
 * lock (docs/performance.md, "Mails and push messages at the end of the
 * turn"). A failure there fails the turn's decisions, as a failed commit
 * does. Elsewhere, the row is written at once.
 */
export async function writeAtTurnEnd<Row>(
  db: Kysely<Database>,
  write: TurnEndWrite<Row>,
  row: Row,
): Promise<void> {
  const turn = turnOfTransaction.get(db);
  if (turn) turn.putOff(write, row);
  else await write(db, [row]);
}
