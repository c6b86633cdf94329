import type { Kysely, Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, OutboxTable } from '../db/database.ts';
import { skipLockedRows, type SqlDialect } from '../db/dialect.ts';
import { nowIso } from '../services/tokens.ts';
import { escapeHtml } from './layout.ts';
import { storedSecretLinks, withSecretLinks, type OutgoingMail } from './message.ts';
import type { MailTransport } from './transports.ts';
import { PollingLoop } from '../polling-loop.ts';
import { writeAtTurnEnd } from '../services/turn.ts';

/**
 * The outbox, the only way a mail leaves: stored first, in the caller's
 * transaction, then sent by a worker with retries (a request never waits
 * on SMTP).
 */

/**
 * Adds a mail to the outbox, inside the caller's transaction when given one;
 * a booking's or an order's, with its turn's others just before its commit
 * (turn.ts `writeAtTurnEnd`).
 */
export function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<void> {
  return writeAtTurnEnd(db, insertMails, mail);
}

/** Adds mails to the outbox in one statement: their ids, in the order given. */
export async function insertMails(
  db: Kysely<Database>,
  mails: readonly OutgoingMail[],
): Promise<number[]> {
  const now = nowIso();
  const rows = await db
    .insertInto('outbox')
    .values(
      mails.map((mail) => ({
        kind: mail.kind,
        recipient: mail.to,
        reply_to: mail.replyTo ?? null,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        secret_link: mail.secretLink ? storedSecretLinks(mail.secretLink) : null,
        secret_expires_at: mail.secretLink?.expiresAt ?? null,
        calendar_method: mail.calendar?.method ?? null,
        calendar_ics: mail.calendar?.ics ?? null,
        personal: mail.personal ? 1 : 0,
        status: 'pending' as const,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  // Neither engine promises RETURNING's order; the ids were taken in the values' order.
  return rows.map((row) => row.id).toSorted((a, b) => a - b);
}

/** Retries for 48 hours, each wait doubling from 5 s up to 10 minutes. */
export const GIVE_UP_AFTER_MS = 48 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 10 * 60 * 1000;
/**
 * While one worker sends a mail, others leave it alone for this long: longer
 * than a send can take with the transport's timeouts, short enough that a
 * mail whose worker died is tried again soon.
 */
const LEASE_MS = 2 * 60 * 1000;

/** The wait before attempt `attempts + 1`, with jitter (half to full). */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.5 + random() * 0.5));
}

/**
 * Sends what the outbox holds. Each due mail is first claimed by one atomic
 * statement that pushes its next attempt LEASE_MS away (so no other worker,
 * in this process or another instance, takes it meanwhile), then sent, then
 * marked sent; a failure schedules the next attempt. A restart resumes where
 * the table says. Each mail keeps one Message-ID across attempts, so a resend
 * after a crash between "sent" and "marked" can be recognised as the same.
 * Why this is one mail per success on SQLite and PostgreSQL alike:
 * docs/decisions/002-multiple-instances.md.
 */
export class OutboxWorker {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;
  readonly #transport: MailTransport;
  readonly #from: string;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  /** Sends by itself once started, until stopped (`drain()` still sends, until `stop()`). */
  readonly #loop: PollingLoop;
  #closing = false;

  constructor(options: {
    db: Kysely<Database>;
    /** Which database `db` is: PostgreSQL claims with `for update skip locked`. */
    dialect: SqlDialect;
    transport: MailTransport;
    from: string;
    log: FastifyBaseLogger;
    pollMs?: number;
    /** While this holds, a poll falling due is passed over (polling-loop.ts). */
    skipPollWhile?: () => boolean;
    /** The current instant (ms); tests move it instead of waiting. */
    now?: () => number;
  }) {
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#transport = options.transport;
    this.#from = options.from;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#loop = new PollingLoop({
      drain: () => this.drain(),
      pollMs: options.pollMs ?? 2_000,
      onError: (error) => this.#log.error({ err: error }, 'outbox drain failed'),
      ...(options.skipPollWhile ? { skipPollWhile: options.skipPollWhile } : {}),
    });
  }

  start(): void {
    this.#closing = false;
    this.#loop.start();
  }

  /** Look at the outbox now (after an enqueue), not at the next poll. */
  kick(): void {
    this.#loop.kick();
  }

  async stop(): Promise<void> {
    this.#closing = true;
    await this.#loop.stop();
    this.#transport.close?.();
  }

  /** Sends every mail that is due now; returns how many were sent. */
  async drain(): Promise<number> {
    await this.#dropExpiredLinks();
    let sent = 0;
    while (!this.#closing) {
      const row = await this.#claim();
      if (!row) return sent;
      if (await this.#send(row)) sent += 1;
    }
    return sent;
  }

  /**
   * Claims the oldest due mail, or returns undefined when none is due. One
   * statement: it changes the row only if it is still pending and due when
   * the write happens, and returns the row only to the worker that changed
   * it (SQLite: one writer at a time; PostgreSQL: the row lock, and the
   * re-check of the outer conditions on the row another worker just
   * committed; `skip locked` makes a second worker pass over a row being
   * claimed instead of waiting for it).
   */
  async #claim(): Promise<Selectable<OutboxTable> | undefined> {
    const now = nowIso(this.#now());
    return (
      this.#db
        .updateTable('outbox')
        .set((eb) => ({
          next_attempt_at: nowIso(this.#now() + LEASE_MS),
          attempts: eb('attempts', '+', 1),
        }))
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        // `=` and not `in`: PostgreSQL evaluates an uncorrelated scalar subquery
        // once, whereas `in (…)` may be re-run for each outer row, each run
        // locking and returning the next row (every due mail claimed at once).
        .where((eb) =>
          eb(
            'id',
            '=',
            skipLockedRows(
              eb
                .selectFrom('outbox')
                .select('id')
                .where('status', '=', 'pending')
                .where('next_attempt_at', '<=', now)
                .orderBy('id')
                .limit(1),
              this.#dialect,
            ),
          ),
        )
        .returningAll()
        .executeTakeFirst()
    );
  }

  /**
   * A mail whose link expired before it could be sent is not sent (the link
   * would not work): it fails, keeping what a failed mail keeps.
   */
  async #dropExpiredLinks(): Promise<void> {
    for (const personal of [0, 1] as const) {
      await this.#db
        .updateTable('outbox')
        .set({
          status: 'failed',
          last_error: 'link expired before it was sent',
          ...leftPending(personal === 1),
        })
        .where('status', '=', 'pending')
        .where('personal', '=', personal)
        .where('secret_expires_at', '<=', nowIso(this.#now()))
        .execute();
    }
  }

  /** Sends a claimed mail (its `attempts` already counts this one). */
  async #send(row: Selectable<OutboxTable>): Promise<boolean> {
    const attempts = row.attempts;
    const link = row.secret_link;
    try {
      await this.#transport.send({
        kind: row.kind,
        to: row.recipient,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        subject: row.subject,
        text: link ? withSecretLinks(row.text_body, link) : row.text_body,
        html: link ? withSecretLinks(row.html_body, link, escapeHtml) : row.html_body,
        from: this.#from,
        messageId: `<outbox-${row.id}.${Date.parse(row.created_at)}@${this.#from.split('@')[1] ?? 'localhost'}>`,
        id: row.id,
        ...(row.calendar_method && row.calendar_ics
          ? { calendar: { method: row.calendar_method, ics: row.calendar_ics } }
          : {}),
      });
    } catch (error) {
      const now = this.#now();
      const givesUp = now >= giveUpAt(row);
      // By code: the server's answer may quote the recipient (item 43).
      const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
      this.#log.warn({ mailId: row.id, attempts, code, responseCode }, 'e-mail not sent yet');
      await this.#db
        .updateTable('outbox')
        .set({
          status: givesUp ? 'failed' : 'pending',
          next_attempt_at: nowIso(now + retryDelayMs(attempts)),
          last_error: sendFailure(error),
          ...(givesUp ? leftPending(row.personal === 1) : {}),
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    await this.#markSent(row.id, row.personal === 1);
    return true;
  }

  /**
   * Records a send the server accepted, deleting the mail's link (and a
   * personal mail's bodies and invitation: the guest has them). Retried
   * rather than rescheduled: a reschedule would send the mail again. Should
   * every try fail, the claim's lease runs out and the mail goes again, the
   * same window as a crash right after the send (ADR 004).
   */
  async #markSent(id: number, personal: boolean): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.#db
          .updateTable('outbox')
          .set({
            status: 'sent',
            sent_at: nowIso(this.#now()),
            last_error: null,
            ...leftPending(personal),
          })
          .where('id', '=', id)
          .execute();
        return;
      } catch (error) {
        if (attempt >= MARK_SENT_ATTEMPTS) {
          this.#log.error({ mailId: id, err: error }, 'e-mail sent, but not recorded as sent');
          return;
        }
        this.#log.warn({ mailId: id, attempt, err: error }, 'recording a sent e-mail: retrying');
      }
    }
  }
}

/**
 * What a mail keeps once it leaves `pending` (sent, given up, link expired):
 * never its link, which would still work for days (an invitation's for 7),
 * nor a personal mail's bodies and invitation (docs/security.md, items 34 and 42).
 */
function leftPending(personal: boolean) {
  return {
    secret_link: null,
    ...(personal ? { text_body: '', html_body: '', calendar_ics: null } : {}),
  };
}

/** nodemailer's error codes, each with a fixed reason. */
const SEND_FAILURE_REASONS: Record<string, string> = {
  EENVELOPE: 'recipient or sender refused',
  EMESSAGE: 'message refused',
  ECONNECTION: 'could not connect',
  ESOCKET: 'connection failed',
  ETIMEDOUT: 'timed out',
  EDNS: 'server name not found',
  EAUTH: 'authentication failed',
  ETLS: 'TLS failed',
  EPROTOCOL: 'protocol error',
};

/**
 * What `last_error` keeps of a failed send: the server's reply code and the
 * mailer's error code, with a fixed reason ("550 EENVELOPE: recipient or
 * sender refused"). Never the server's own words: they commonly quote the
 * recipient ("550 <guest@…>: no such user"), a guest's address that the row
 * would keep and the inbox show (docs/security.md item 42).
 */
export function sendFailure(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const known = typeof code === 'string' && Object.hasOwn(SEND_FAILURE_REASONS, code);
  const reply =
    typeof responseCode === 'number' && Number.isInteger(responseCode) ? `${responseCode} ` : '';
  return known ? `${reply}${code}: ${SEND_FAILURE_REASONS[code]}` : `${reply}send failed`;
}

/** A mail is retried for 48 hours, and never past its link's expiry (it would not work). */
function giveUpAt(row: Selectable<OutboxTable>): number {
  const retried = Date.parse(row.created_at) + GIVE_UP_AFTER_MS;
  return row.secret_expires_at ? Math.min(retried, Date.parse(row.secret_expires_at)) : retried;
}

/** How many times a sent mail's "sent" record is tried before the lease decides. */
const MARK_SENT_ATTEMPTS = 5;
