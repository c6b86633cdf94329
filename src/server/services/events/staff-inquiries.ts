import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inquiryReplyMail } from '../../mail/event-mails.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { toLang, type TargetLang } from '../../../shared/languages.ts';
import {
  EVENT_KIND_LABELS,
  EVENT_SERVICE_LABELS,
  type EventInquiry,
  type EventKind,
  type EventService,
  type EventStatus,
  type InquiryPatch,
  type InquiryReplyBody,
} from '../../../shared/schemas/events.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';
import { decideUnderLock } from '../capacity.ts';
import { bumpBookingsVersion, HOLD_ALL, lockBookings } from '../reservations/index.ts';
import { nowIso } from '../tokens.ts';
import { withThreads } from './inquiry-rows.ts';

type Actor = NonNullable<AuditActor>;

/** A staff change that did not happen: an unknown request, or a hold on one not confirmed. */
export type InquiryRefusal =
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'hold-not-confirmed' }
  | { ok: false; reason: 'unknown-area' }
  | { ok: false; reason: 'translation-unavailable' };

type Changed = { ok: true; inquiry: EventInquiry };

/** Italian for the audit log, which the owner reads. */
const STATUS_IT: Record<EventStatus, string> = {
  new: 'nuova',
  talking: 'in trattativa',
  confirmed: 'confermata',
  lost: 'persa',
};

/**
 * A translation machine: one Italian text in a guest's language, null when
 * none is configured (services/translation/text-translations.ts `translateNow`).
 */
export type TranslateNow = (italian: string, target: TargetLang) => Promise<string | null>;

/**
 * Staff's side of event requests (the back office's "Eventi"): the list,
 * a request's status and the covers it holds, and replies in the guest's
 * language with the Italian below.
 */
export class StaffInquiries {
  readonly #db: Kysely<Database>;
  readonly #translate: TranslateNow;
  readonly #now: () => number;
  readonly #onMail: () => void;
  readonly #onBookingsChanged: () => void;
  readonly #onTranslationFailed: (error: unknown) => void;

  constructor(options: {
    db: Kysely<Database>;
    translate: TranslateNow;
    now: () => number;
    /** After a reply committed: the outbox sends its mail now. */
    onMail: () => void;
    /** After a change of held covers committed: this instance's next booking sees it. */
    onBookingsChanged: () => void;
    /** A machine translation that failed (the reply is refused with 503; this says why). */
    onTranslationFailed: (error: unknown) => void;
  }) {
    this.#db = options.db;
    this.#translate = options.translate;
    this.#now = options.now;
    this.#onMail = options.onMail;
    this.#onBookingsChanged = options.onBookingsChanged;
    this.#onTranslationFailed = options.onTranslationFailed;
  }

  /** Every request, or those in `status`, newest first. */
  async list(status?: EventStatus): Promise<EventInquiry[]> {
    let query = this.#db
      .selectFrom('event_inquiries')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (status) query = query.where('status', '=', status);
    return withThreads(this.#db, await query.execute());
  }

  /**
   * A request's status and hold (schemas/events.ts `inquiryPatch` says the
   * rules). Held covers are table capacity: the change takes the bookings'
   * lock, so a booking racing a confirmation is decided either wholly
   * before it or wholly after, and counts the bookings' version up, so
   * every instance's guests see the covers taken at once.
   */
  async update(id: number, patch: InquiryPatch, actor: Actor): Promise<Changed | InquiryRefusal> {
    const at = nowIso(this.#now());
    let holdChanged = false;
    const outcome = await decideUnderLock<InquiryRefusal['reason'], Changed>(this.#db, {
      lock: lockBookings,
      decide: async (trx) => {
        const row = await trx
          .selectFrom('event_inquiries')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'not-found' };
        const status = patch.status ?? row.status;
        if (patch.holdCovers !== undefined && status !== 'confirmed') {
          return { ok: false, reason: 'hold-not-confirmed' };
        }
        const area =
          patch.holdArea === undefined || patch.holdArea === null
            ? null
            : await trx
                .selectFrom('floor_areas')
                .select(['id', 'name'])
                .where('id', '=', patch.holdArea)
                .executeTakeFirst();
        if (area === undefined) return { ok: false, reason: 'unknown-area' };
        const holdArea = patch.holdArea === undefined ? row.hold_area : (area?.id ?? null);
        const hold = heldAfter(row, status, patch.holdCovers);
        const wasHeld = row.status === 'confirmed' ? row.hold_covers : null;
        holdChanged = hold !== wasHeld || (hold !== null && holdArea !== row.hold_area);
        await trx
          .updateTable('event_inquiries')
          .set({ status, hold_covers: hold, hold_area: holdArea, updated_at: at })
          .where('id', '=', id)
          .execute();
        if (holdChanged) await bumpBookingsVersion(trx);
        const where =
          patch.holdArea === undefined
            ? ''
            : area
              ? ` nell'area ${area.name}`
              : ' in qualunque area';
        const held =
          hold === null
            ? ''
            : `, ${hold === HOLD_ALL ? 'tutto il locale' : `${hold} coperti`} tenuti${where}`;
        await recordAudit(
          trx,
          actor,
          {
            action: 'event.update',
            target: `event:${id}`,
            summary: `${inquiryNamed(row)}: ${STATUS_IT[status]}${held}.`,
          },
          at,
        );
        const [inquiry] = await withThreads(trx, [
          { ...row, status, hold_covers: hold, hold_area: holdArea },
        ]);
        return { ok: true, inquiry: inquiry! };
      },
    });
    if (outcome.ok && holdChanged) this.#onBookingsChanged();
    return outcome;
  }

  /** The translation the guest would receive of `text` (the text itself for a guest in Italian). */
  async preview(
    id: number,
    text: string,
  ): Promise<{ ok: true; translation: string } | InquiryRefusal> {
    const row = await this.#read(id);
    if (!row) return { ok: false, reason: 'not-found' };
    const translation = await this.#translationFor(row.lang, text);
    if (translation === undefined) return { ok: false, reason: 'translation-unavailable' };
    return { ok: true, translation: translation ?? text };
  }

  /**
   * Staff's reply: kept in the thread and mailed to the guest in their
   * language (staff's corrected translation, else the machine's), with the
   * Italian below. Nothing is sent or kept when no translation can be made.
   * A reply to a new request puts it "in trattativa".
   */
  async reply(id: number, body: InquiryReplyBody, actor: Actor): Promise<Changed | InquiryRefusal> {
    const row = await this.#read(id);
    if (!row) return { ok: false, reason: 'not-found' };
    const translation =
      body.translation !== undefined && toLang(row.lang) !== 'it'
        ? body.translation
        : await this.#translationFor(row.lang, body.text);
    if (translation === undefined) return { ok: false, reason: 'translation-unavailable' };
    const at = nowIso(this.#now());
    // The translation may take seconds: a colleague may confirm the request, or a guest's
    // erasure remove it, meanwhile. Only a request still new is moved to talking, and the
    // answer is read afresh, so a reply never undoes their change.
    const inquiry = await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('event_inquiries')
        .set({ status: 'talking' })
        .where('id', '=', id)
        .where('status', '=', 'new')
        .execute();
      const current = await trx
        .updateTable('event_inquiries')
        .set({ updated_at: at })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!current) return null;
      await trx
        .insertInto('event_messages')
        .values({ inquiry_id: id, at, from: 'staff', text: body.text, translation })
        .execute();
      const restaurant = await readRestaurantFacts(trx);
      await enqueueMail(
        trx,
        inquiryReplyMail(current, { text: body.text, translation }, { restaurant }),
      );
      await recordAudit(
        trx,
        actor,
        {
          action: 'event.reply',
          target: `event:${id}`,
          summary: `${inquiryNamed(current)}: risposta inviata al cliente.`,
        },
        at,
      );
      const [answer] = await withThreads(trx, [current]);
      return answer!;
    });
    if (!inquiry) return { ok: false, reason: 'not-found' };
    this.#onMail();
    return { ok: true, inquiry };
  }

  #read(id: number) {
    return this.#db
      .selectFrom('event_inquiries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * `text` in the guest's language: null for a guest who reads Italian (or
   * whose language is unknown), undefined when the machine cannot make it.
   */
  async #translationFor(lang: string, text: string): Promise<string | null | undefined> {
    const target = toLang(lang);
    if (!target || target === 'it') return null;
    try {
      return (await this.#translate(text, target)) ?? undefined;
    } catch (error) {
      this.#onTranslationFailed(error);
      return undefined;
    }
  }
}

/** What a request holds once its status is `status`: only a confirmed event holds covers. */
function heldAfter(
  row: { status: EventStatus; hold_covers: number | null; adults: number; children: number },
  status: EventStatus,
  asked: InquiryPatch['holdCovers'],
): number | null {
  if (status !== 'confirmed') return null;
  if (asked !== undefined) return asked === 'all' ? HOLD_ALL : asked;
  // Confirming asks the guests' number by default; a confirmed event keeps its hold.
  return row.status === 'confirmed' ? row.hold_covers : row.adults + row.children;
}

/** How the audit log names a request: its number, kind, day and service, never the guest. */
export function inquiryNamed(row: {
  id: number;
  kind: EventKind;
  date: string;
  service: EventService;
}) {
  const [year, month, day] = row.date.split('-');
  return `Richiesta di evento n. ${row.id} (${EVENT_KIND_LABELS[row.kind].toLowerCase()}, ${day}/${month}/${year}, ${EVENT_SERVICE_LABELS[row.service]})`;
}
