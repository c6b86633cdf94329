import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PendingOf } from '../../../shared/schemas/guest.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { decideUnderLock } from '../capacity.ts';
import { nowIso } from '../tokens.ts';
import { isGuestsRow, isGuestsRowSql, type GuestTable } from './guest-match.ts';

/**
 * What bookings, takeaway orders and event requests share once a guest's
 * requests wait for staff (docs/security.md item 41): staff declining all
 * of one guest's, or one address's, at once (how much one guest may hold:
 * pending-caps.ts). Each family (services/reservations/status.ts,
 * services/takeaway/pending-orders.ts, services/events/pending-inquiries.ts)
 * says which of its rows wait and how one is declined; the rest is here.
 */

const MINUTE_MS = 60 * 1000;

/** How far back declining by address reaches (`pendingWhere`). */
export const ADDRESS_BURST_MS = 48 * 60 * MINUTE_MS;

/**
 * The client key `addressOf` names: the address its row came from, null for
 * a row without one (staff's), undefined when no row has that id.
 */
export async function addressNamed(
  db: Kysely<Database>,
  table: GuestTable,
  id: number,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom(table)
    .select('client_key')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? row.client_key : undefined;
}

/**
 * The rows `pendingOfGuest` reads before it picks `guest`'s: from one
 * client address (`clientKey`, read by `addressNamed`), or, for an e-mail or
 * a phone, the guest's as the caps read one guest (`isGuestsRowSql`:
 * without a +tag, 00 for +).
 * One address may be many households (a carrier's shared IPv4, a /56): only
 * a burst of requests from it is taken, never what it asked days ago.
 */
export const pendingWhere =
  (guest: PendingOf, clientKey: string | null, now: number) =>
  (eb: ExpressionBuilder<Database, GuestTable>) =>
    'addressOf' in guest
      ? eb.and([
          eb('client_key', '=', clientKey),
          eb('created_at', '>', nowIso(now - ADDRESS_BURST_MS)),
        ])
      : isGuestsRowSql(guest);

/**
 * The pending rows of `guest`, as `find` reads them with `pendingWhere`,
 * an e-mail's or a phone's as the caps count them (`isGuestsRow`); null
 * when `addressOf` names no row, none when it names one without an address.
 */
export async function pendingOfGuest<Row extends { email: string; phone: string }>(
  db: Kysely<Database>,
  table: GuestTable,
  guest: PendingOf,
  find: (where: ReturnType<typeof pendingWhere>) => Promise<Row[]>,
  now: number,
): Promise<Row[] | null> {
  let clientKey: string | null = null;
  if ('addressOf' in guest) {
    const named = await addressNamed(db, table, guest.addressOf);
    if (named === undefined) return null;
    if (named === null) return [];
    clientKey = named;
  }
  const rows = await find(pendingWhere(guest, clientKey, now));
  return 'addressOf' in guest ? rows : rows.filter(isGuestsRow(guest));
}

/** How the audit log says which requests went together: never the guest's e-mail or phone. */
const together = (guest: PendingOf) =>
  'email' in guest
    ? 'della stessa email'
    : 'phone' in guest
      ? 'dello stesso telefono'
      : 'dello stesso indirizzo';

/** One family's part in declining all of one guest's pending requests. */
export interface PendingFamily<Row extends { id: number; email: string; phone: string }> {
  /** Taken first in the transaction (the capacity's lock, when declining frees capacity). */
  lock?: (trx: Kysely<Database>) => Promise<unknown>;
  /** The guest's pending rows, soonest first (`pendingOfGuest`); null for an unknown `addressOf`. */
  pending: (trx: Kysely<Database>, guest: PendingOf) => Promise<Row[] | null>;
  /** Declines one row if it is still pending: the row as it is now, else undefined. */
  decline: (
    trx: Kysely<Database>,
    row: Row,
    message: string | undefined,
  ) => Promise<Row | undefined>;
  /** Its audit entry: the action, the target, and the row named by its number ("Ordine n. 4 (…) rifiutato"). */
  audited: (row: Row) => { action: string; target: string; declined: string; all: string };
  /** After at least one row was declined, in the transaction (a version to count up). */
  afterDeclined?: (trx: Kysely<Database>) => Promise<void>;
  /** Queues the one mail to one guest listing all of theirs declined (rows of one e-mail). */
  mail: (trx: Kysely<Database>, rows: Row[], message: string | undefined) => Promise<void>;
}

/**
 * Declines every pending request of one e-mail, phone or client address at
 * once, in one transaction (after the family's lock, if any): each audited
 * by its number, and one mail to each guest (by e-mail, any case) listing
 * theirs, never one per request. The number declined, or null when
 * `addressOf` names no row; declining nothing writes nothing.
 */
export async function declineAllPending<Row extends { id: number; email: string; phone: string }>(
  db: Kysely<Database>,
  family: PendingFamily<Row>,
  request: { guest: PendingOf; message: string | undefined; actor: NonNullable<AuditActor> },
): Promise<number | null> {
  const { guest, message, actor } = request;
  // Decided as capacity is (capacity.ts): nothing to decline rolls back, the lock's write too.
  const outcome = await decideUnderLock<'not-found' | 'none', { ok: true; declined: number }>(db, {
    lock: async (trx) => family.lock?.(trx),
    decide: async (trx) => {
      const pending = await family.pending(trx, guest);
      if (pending === null) return { ok: false, reason: 'not-found' };
      const done: Row[] = [];
      for (const row of pending) {
        const updated = await family.decline(trx, row, message);
        if (!updated) continue;
        const entry = family.audited(updated);
        await recordAudit(trx, actor, {
          action: entry.action,
          target: entry.target,
          summary: `${entry.declined} con ${entry.all} in attesa ${together(guest)}${
            message ? ', con un messaggio al cliente' : ''
          }.`,
        });
        done.push(updated);
      }
      if (done.length === 0) return { ok: false, reason: 'none' };
      await family.afterDeclined?.(trx);
      const byGuest = new Map<string, Row[]>();
      for (const row of done.filter((each) => each.email !== '')) {
        const key = row.email.toLowerCase();
        byGuest.set(key, [...(byGuest.get(key) ?? []), row]);
      }
      for (const rows of byGuest.values()) await family.mail(trx, rows, message);
      return { ok: true, declined: done.length };
    },
  });
  if (outcome.ok) return outcome.declined;
  return outcome.reason === 'not-found' ? null : 0;
}

/**
 * One family's pending requests of one guest, for staff: how many, and all
 * declined at once (`declineAllPending`). The family (takeaway/pending-orders.ts,
 * events/pending-inquiries.ts) says which of its rows wait (`find`) and how
 * they are declined at one moment (`family`).
 */
export class PendingOfGuests<Row extends { id: number; email: string; phone: string }> {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #table: GuestTable;
  readonly #find: (db: Kysely<Database>, where: ReturnType<typeof pendingWhere>) => Promise<Row[]>;
  readonly #family: (at: string) => Omit<PendingFamily<Row>, 'pending'>;

  constructor(options: {
    db: Kysely<Database>;
    now: () => number;
    table: GuestTable;
    /** The family's pending rows that `where` (`pendingWhere`) takes, soonest first. */
    find: (db: Kysely<Database>, where: ReturnType<typeof pendingWhere>) => Promise<Row[]>;
    /** The rest of its `PendingFamily`, for a decline made at `at`. */
    family: (at: string) => Omit<PendingFamily<Row>, 'pending'>;
  }) {
    this.#db = options.db;
    this.#now = options.now;
    this.#table = options.table;
    this.#find = options.find;
    this.#family = options.family;
  }

  /** How many pending rows `guest` has; null when `addressOf` names no row. */
  async count(guest: PendingOf): Promise<number | null> {
    return (await this.#pendingOf(this.#db, guest))?.length ?? null;
  }

  /** Declines all of `guest`'s pending rows (`declineAllPending`): how many, or null. */
  decline(
    guest: PendingOf,
    message: string | undefined,
    actor: NonNullable<AuditActor>,
  ): Promise<number | null> {
    return declineAllPending<Row>(
      this.#db,
      {
        ...this.#family(nowIso(this.#now())),
        pending: (trx, of) => this.#pendingOf(trx, of),
      },
      { guest, message, actor },
    );
  }

  #pendingOf(db: Kysely<Database>, guest: PendingOf): Promise<Row[] | null> {
    return pendingOfGuest(db, this.#table, guest, (where) => this.#find(db, where), this.#now());
  }
}
