import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { ReceivedMail } from './smtp.ts';

/*
 * Every outbox mail delivered exactly once (durability.ts), whatever write
 * queued it: the SMTP peer's copies are matched to outbox rows by the
 * Message-ID the outbox gives each row (`<outbox-ID.…>`, src/server/mail/outbox.ts),
 * kept across attempts. The one allowed exception is SMTP's crash window:
 * a kill after the peer accepted a mail but before the outbox marked it
 * sent makes the next process send it again, with the same Message-ID
 * (docs/decisions/004-outbox-delivers-at-least-once.md).
 */

export interface OutboxRow {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

export interface Duplicate {
  outboxId: number;
  /** The mail's kind (`contact`, `reservation-received`…). */
  mailKind: string;
  copies: number;
  messageIds: string[];
  attempts: number | null;
  /**
   * The cycles whose kill first found the mail delivered (once more) but still
   * pending in the outbox: each such kill allows one more copy.
   */
  unmarkedAtKill: number[];
  /**
   * `crash-window`: the same Message-ID again, after a kill between the SMTP
   * peer's acceptance and the outbox's "sent" mark. `unexplained`: anything else.
   */
  kind: 'crash-window' | 'unexplained';
}

const OUTBOX_ID = /^<outbox-(\d+)\./;

export class MailLedger {
  readonly #received: readonly ReceivedMail[];
  /** Per outbox id, kills that found it delivered but still pending: copies delivered by then → the first such cycle. */
  readonly #unmarkedAtKill = new Map<number, Map<number, number>>();

  constructor(received: readonly ReceivedMail[]) {
    this.#received = received;
  }

  /** The SMTP peer's copies so far, by outbox id (NaN: a mail no outbox row sent). */
  deliveries(): Map<number, ReceivedMail[]> {
    const byId = new Map<number, ReceivedMail[]>();
    for (const mail of this.#received) {
      const id = Number(OUTBOX_ID.exec(mail.header('message-id') ?? '')?.[1] ?? Number.NaN);
      byId.set(id, [...(byId.get(id) ?? []), mail]);
    }
    return byId;
  }

  /** After a kill: the mails delivered but not yet marked sent, which the next process sends again. */
  async noteAfterKill(db: Kysely<Database>, cycle: number) {
    const pending = await db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    const delivered = this.deliveries();
    for (const { id } of pending) {
      const copies = delivered.get(id)?.length ?? 0;
      if (copies === 0) continue;
      const episodes = this.#unmarkedAtKill.get(id) ?? new Map<number, number>();
      if (!episodes.has(copies)) episodes.set(copies, cycle);
      this.#unmarkedAtKill.set(id, episodes);
    }
  }

  /**
   * After the drain: each outbox row delivered once; a second copy with the
   * same Message-ID that a kill caught delivered but unmarked is a
   * crash-window duplicate (a warning), any other is a problem.
   */
  check(
    outbox: readonly OutboxRow[],
    problem: (text: string) => void,
    warn: (text: string) => void,
  ) {
    const delivered = this.deliveries();
    const duplicates: Duplicate[] = [];
    let missing = 0;
    for (const row of outbox) {
      const copies = delivered.get(row.id) ?? [];
      if (copies.length === 0) {
        missing += 1;
        problem(`outbox mail #${row.id} (${row.kind}) was never delivered`);
      }
      if (copies.length < 2) continue;
      const unmarkedAtKill = [...(this.#unmarkedAtKill.get(row.id)?.values() ?? [])];
      const messageIds = copies.map((copy) => copy.header('message-id') ?? '?');
      const crashWindow =
        new Set(messageIds).size === 1 && copies.length <= 1 + unmarkedAtKill.length;
      const duplicate: Duplicate = {
        outboxId: row.id,
        mailKind: row.kind,
        copies: copies.length,
        messageIds,
        attempts: row.attempts,
        unmarkedAtKill,
        kind: crashWindow ? 'crash-window' : 'unexplained',
      };
      duplicates.push(duplicate);
      (crashWindow ? warn : problem)(describeDuplicate(duplicate));
    }
    const known = new Set(outbox.map((row) => row.id));
    for (const [id, copies] of delivered) {
      if (!known.has(id))
        problem(`${copies.length} mails for outbox #${id}, which is no stored mail`);
    }
    return { duplicates, missing };
  }
}

export function describeDuplicate(duplicate: Duplicate): string {
  const caught = duplicate.unmarkedAtKill.length
    ? `; the kills of cycles ${duplicate.unmarkedAtKill.join(', ')} found it delivered but still pending`
    : '; no kill found it delivered but unmarked';
  return `outbox mail #${duplicate.outboxId} (${duplicate.mailKind}, ${duplicate.attempts} attempts) was delivered ${duplicate.copies} times, Message-IDs ${duplicate.messageIds.join(' ')}${caught}`;
}
