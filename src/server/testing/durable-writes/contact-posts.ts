import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  acknowledged,
  json,
  send,
  unique,
  type Attempt,
  type Findings,
  type Target,
  type WriteKind,
} from '../durability-writes.ts';
import type { Guests } from './guests.ts';

/**
 * Contact posts (`POST /api/contact`), each signed with its token as the
 * sender's last name. Every acknowledged post is stored under the id its
 * 202 named, with its outbox mail (one transaction).
 */
export class ContactPosts implements WriteKind {
  readonly name = 'posts';
  readonly label = 'contact posts';
  readonly weight: number;
  readonly attempts: Attempt[] = [];
  readonly refusalCodes = [];
  readonly #guests: Guests;

  constructor(weight: number, guests: Guests) {
    this.weight = weight;
    this.#guests = guests;
  }

  async send(target: Target): Promise<Attempt> {
    const attempt: Attempt = {
      cycle: target.cycle,
      key: `dur-c${target.cycle}-p${this.attempts.length}-${unique(target.random)}`,
      detail: undefined,
    };
    this.attempts.push(attempt);
    await send(attempt, `${target.url}/api/contact`, {
      method: 'POST',
      headers: json(undefined, target.nextClient()),
      body: JSON.stringify({
        firstName: 'Durability',
        lastName: attempt.key,
        email: this.#guests.next(attempt.key).email,
        message: `Messaggio di prova ${attempt.key}: un tavolo per due, grazie.`,
        privacy: true,
      }),
    });
    return attempt;
  }

  async verify(db: Kysely<Database>, _cycle: number, findings: Findings) {
    const messages = await db
      .selectFrom('contact_messages')
      .leftJoin('outbox', 'outbox.id', 'contact_messages.outbox_id')
      .select([
        'contact_messages.id',
        'contact_messages.last_name',
        'outbox.id as outboxId',
        'outbox.subject',
      ])
      .execute();
    const stored = new Map<string, number[]>();
    for (const row of messages)
      stored.set(row.last_name, [...(stored.get(row.last_name) ?? []), row.id]);
    for (const attempt of this.attempts.filter(acknowledged)) {
      const ids = stored.get(attempt.key) ?? [];
      if (ids.length === 0) {
        findings.note(
          findings.lost,
          attempt.key,
          `acknowledged contact post ${attempt.key} (cycle ${attempt.cycle}) is not stored`,
        );
      } else if (ids.length > 1 || ids[0] !== attempt.id) {
        findings.note(
          findings.lost,
          attempt.key,
          `contact post ${attempt.key} was answered id ${attempt.id}, stored as ${ids.join(', ')}`,
        );
      }
    }
    const sent = new Set(this.attempts.map((attempt) => attempt.key));
    for (const row of messages) {
      if (!sent.has(row.last_name)) {
        findings.note(
          findings.lost,
          row.last_name,
          `a contact message nobody sent: ${row.last_name}`,
        );
      } else if (row.outboxId === null || !row.subject?.includes(row.last_name)) {
        findings.note(
          findings.half,
          row.last_name,
          `contact message ${row.id} (${row.last_name}) has no outbox mail`,
        );
      }
    }
  }
}
