import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import { formatPrice } from '../../../shared/price.ts';
import { centsToAmount } from '../../../shared/money.ts';
import {
  GUEST_SEARCH_LIMIT,
  type GuestDetail,
  type GuestPatchBody,
  type GuestRecord,
} from '../../../shared/schemas/guest-records.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { nowIso } from '../tokens.ts';
import { cameCondition, guestSummaries, inTableMode } from './guest-records.ts';
import { readGuestTags, replaceGuestTags, unlistedTags } from './guest-tags.ts';

type Actor = NonNullable<AuditActor>;

/** A record as the directory reads it. */
interface GuestRow {
  id: number;
  key: string;
  name: string;
  email: string;
  phone: string;
  lang: string;
  review_asked_at: string | null;
  reviews_stopped_at: string | null;
}

/** What a patch of a record may answer: the record, or why not. */
export type GuestPatchOutcome =
  | { ok: true; guest: GuestDetail }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'invalid'; errors: Record<string, string[]> };

/**
 * `q` as a LIKE pattern's literal part: `%`, `_` and the escape character
 * itself stand for themselves (`escape '\'` in the query).
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Staff's guest directory (CONTRACT.md part four, "Guests"): search,
 * one guest with their history, their notes and tags. Counts are the
 * database's (grouped queries); notes and tags never reach the audit log
 * (docs/security.md, guest records).
 */
export class GuestDirectory {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #changedIn: (trx: Kysely<Database>) => Promise<void>;
  readonly #changed: () => void;

  constructor(options: {
    db: Kysely<Database>;
    now: () => number;
    /**
     * Counts a change of what the day views show of guests, in the
     * transaction that makes it (the bookings' and the orders' versions, so
     * that the evening plan's and the board's tags change on every instance).
     */
    changedIn: (trx: Kysely<Database>) => Promise<void>;
    /** After such a change committed: this instance's caches follow it. */
    changed: () => void;
  }) {
    this.#db = options.db;
    this.#now = options.now;
    this.#changedIn = options.changedIn;
    this.#changed = options.changed;
  }

  /**
   * Guests whose name or e-mail holds `q` (case-folded), or whose phone's
   * digits hold `q`'s when it has at least three; without `q`, those seen
   * most recently. At most GUEST_SEARCH_LIMIT, the most recently seen first.
   */
  async search(q: string | undefined): Promise<GuestRecord[]> {
    let query = this.#db
      .selectFrom('guests')
      .select(['id', 'key', 'name', 'email', 'phone', 'lang', 'review_asked_at'])
      .select('reviews_stopped_at');
    if (q !== undefined) {
      const text = `%${likeLiteral(q.toLowerCase())}%`;
      const digits = q.replace(/\D/g, '');
      // The phone is search_text's third line: name and e-mail hold no line break.
      const phone = digits.length >= 3 ? `%\n%\n%${digits}%` : null;
      query = query.where((eb) =>
        phone === null
          ? sql<SqlBool>`${eb.ref('search_text')} like ${text} escape '\\'`
          : eb.or([
              sql<SqlBool>`${eb.ref('search_text')} like ${text} escape '\\'`,
              sql<SqlBool>`${eb.ref('search_text')} like ${phone}`,
            ]),
      );
    }
    const rows = await query
      .orderBy('last_seen_on', 'desc')
      .orderBy('id', 'desc')
      .limit(GUEST_SEARCH_LIMIT)
      .execute();
    return this.#records(rows);
  }

  /** One guest with their bookings, orders and event requests, newest first; null for an unknown key. */
  async detail(key: string, db: Kysely<Database> = this.#db): Promise<GuestDetail | null> {
    const row = await db
      .selectFrom('guests')
      .select(['id', 'key', 'name', 'email', 'phone', 'lang', 'review_asked_at'])
      .select('reviews_stopped_at')
      .where('key', '=', key)
      .executeTakeFirst();
    if (row === undefined) return null;
    const [record] = await this.#records([row], db);
    return {
      ...record!,
      lang: row.lang,
      history: await history(db, row.id),
      reviewAskedAt: row.review_asked_at,
      reviewsStopped: row.reviews_stopped_at !== null,
    };
  }

  /** Staff's notes and tags of guest `key` (tags from the owner's list). */
  async patch(key: string, body: GuestPatchBody, actor: Actor): Promise<GuestPatchOutcome> {
    const outcome = await this.#db
      .transaction()
      .execute(async (trx): Promise<GuestPatchOutcome> => {
        const row = await trx
          .selectFrom('guests')
          .select(['id', 'notes', 'tags'])
          .where('key', '=', key)
          .executeTakeFirst();
        if (row === undefined) return { ok: false, reason: 'not-found' };
        const change: { notes?: string; tags?: string } = {};
        const changedParts: string[] = [];
        if (body.tags !== undefined) {
          const { tags, unlisted } = unlistedTags(await readGuestTags(trx), body.tags);
          if (unlisted.length > 0) {
            return {
              ok: false,
              reason: 'invalid',
              errors: {
                tags: unlisted.map(
                  (tag) => `Etichetta «${tag}»: non è nell'elenco delle etichette del titolare.`,
                ),
              },
            };
          }
          if (JSON.stringify(tags) !== row.tags) {
            change.tags = JSON.stringify(tags);
            changedParts.push('etichette');
          }
        }
        if (body.notes !== undefined && body.notes !== row.notes) {
          change.notes = body.notes;
          changedParts.push('note');
        }
        if (changedParts.length > 0) {
          await trx
            .updateTable('guests')
            .set({ ...change, updated_at: nowIso(this.#now()) })
            .where('id', '=', row.id)
            .execute();
          // The summary says what changed, never the notes' text nor the tags (health data).
          await recordAudit(trx, actor, {
            action: 'guest.update',
            target: `guest:${key}`,
            summary: `Ospite: ${changedParts.join(' ed ')} modificate.`,
          });
          await this.#changedIn(trx);
        }
        return { ok: true, guest: (await this.detail(key, trx))! };
      });
    if (outcome.ok) this.#changed();
    return outcome;
  }

  /** The owner's tags, in order. */
  tags(): Promise<string[]> {
    return readGuestTags(this.#db);
  }

  /** The owner's new list of tags (PUT /api/guests/tags): a tag taken off leaves every guest. */
  async setTags(tags: readonly string[], actor: Actor): Promise<string[]> {
    const guestsChanged = await this.#db.transaction().execute(async (trx) => {
      const changed = await replaceGuestTags(trx, tags, actor, this.#now());
      if (changed) await this.#changedIn(trx);
      return changed;
    });
    if (guestsChanged) this.#changed();
    return this.tags();
  }

  /** Records with their counts (guestSummaries) and the day of their last visit. */
  async #records(
    rows: readonly GuestRow[],
    db: Kysely<Database> = this.#db,
  ): Promise<GuestRecord[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const nowMs = this.#now();
    const tableMode = await inTableMode(db);
    const [summaries, visits] = await Promise.all([
      guestSummaries(db, ids, nowMs, tableMode),
      lastVisits(db, ids, nowMs, tableMode),
    ]);
    return rows.map((row) => ({
      ...summaries.get(row.id)!,
      name: row.name,
      email: row.email,
      phone: row.phone,
      lastVisit: visits.get(row.id) ?? null,
    }));
  }
}

/** Each of `ids`' newest day they came (cameCondition), grouped by the database. */
async function lastVisits(
  db: Kysely<Database>,
  ids: readonly number[],
  nowMs: number,
  tableMode: boolean,
): Promise<Map<number, string>> {
  const came = cameCondition(tableMode, nowIso(nowMs));
  const rows = await db
    .selectFrom('reservations')
    .select((eb) => ['guest_id', eb.fn.max('date').as('last_visit')])
    .where('guest_id', 'in', ids)
    .where(came)
    .groupBy('guest_id')
    .execute();
  return new Map(rows.map((row) => [row.guest_id!, row.last_visit]));
}

/** "4 persone", "1 persona". */
const people = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A guest's bookings, orders and event requests, newest first (day, then time). */
async function history(db: Kysely<Database>, guestId: number): Promise<GuestDetail['history']> {
  const [bookings, orders, events] = await Promise.all([
    db
      .selectFrom('reservations')
      .select(['id', 'date', 'time', 'status', 'party'])
      .where('guest_id', '=', guestId)
      .execute(),
    db
      .selectFrom('takeaway_orders')
      .select(['id', 'date', 'time', 'status', 'total_cents'])
      .where('guest_id', '=', guestId)
      .execute(),
    db
      .selectFrom('event_inquiries')
      .select(['id', 'date', 'status', 'adults', 'children'])
      .where('guest_id', '=', guestId)
      .execute(),
  ]);
  const entries: GuestDetail['history'] = [
    ...bookings.map((row) => ({
      kind: 'booking' as const,
      id: row.id,
      date: row.date,
      time: row.time,
      status: row.status,
      detail: people(row.party, 'persona', 'persone'),
    })),
    ...orders.map((row) => ({
      kind: 'order' as const,
      id: row.id,
      date: row.date,
      time: row.time,
      status: row.status,
      detail: formatPrice(centsToAmount(row.total_cents)),
    })),
    ...events.map((row) => ({
      kind: 'event' as const,
      id: row.id,
      date: row.date,
      time: null,
      status: row.status,
      detail: people(row.adults + row.children, 'ospite', 'ospiti'),
    })),
  ];
  // Newest first; a request without a time after the day's timed rows; then the newest id.
  return entries.sort(
    (a, b) =>
      b.date.localeCompare(a.date) || (b.time ?? '').localeCompare(a.time ?? '') || b.id - a.id,
  );
}
