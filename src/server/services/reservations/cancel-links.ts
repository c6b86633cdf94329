import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * A guest's cancel link carries a token that names a booking and its start,
 * signed with a key every instance shares (table `server_secrets`): any mail
 * can carry it, no secret is stored beside the booking, and the server
 * recognises it without a lookup table. It stops working once the booking's
 * time has come, and when staff move the booking (the start no longer matches).
 *
 * Form: `<id>.<start in epoch seconds>.<HMAC-SHA256, base64url>`.
 */

export interface CancelClaim {
  id: number;
  /** The booking's start (ms) when the link was made. */
  startsAt: number;
}

const TOKEN = /^([1-9]\d{0,14})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const signature = (key: string, id: number, startSeconds: number) =>
  createHmac('sha256', key).update(`reservation-cancel:${id}.${startSeconds}`).digest('base64url');

export function cancelToken(key: string, claim: CancelClaim): string {
  const startSeconds = Math.floor(claim.startsAt / 1000);
  return `${claim.id}.${startSeconds}.${signature(key, claim.id, startSeconds)}`;
}

/** The claim of a well-formed token signed with `key`, or null. */
export function readCancelToken(key: string, token: string): CancelClaim | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const startSeconds = Number(match[2]);
  const expected = Buffer.from(signature(key, id, startSeconds));
  const given = Buffer.from(match[3]!);
  if (!timingSafeEqual(expected, given)) return null;
  return { id, startsAt: startSeconds * 1000 };
}

/** The key that signs cancel links, read once from `server_secrets` (a migration made it; it never changes). */
export class CancelLinkKey {
  #value: string | undefined;

  /**
   * The key, read through `db` (inside a transaction, its own: SQLite's one
   * connection is the transaction's until it ends). Only the value read is
   * kept, never a read under way: a read started on another handle would
   * wait behind the transaction asking for it.
   */
  async read(db: Kysely<Database>): Promise<string> {
    if (this.#value !== undefined) return this.#value;
    const { value } = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'cancel-links')
      .executeTakeFirstOrThrow();
    this.#value = value;
    return value;
  }
}
