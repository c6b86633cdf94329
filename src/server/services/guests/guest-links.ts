import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The links a guest is mailed (a booking's cancel link, the reminder's
 * "I'll be there", a takeaway order's status page) carry a token signed with one key every instance shares
 * (table `server_secrets`, row `guest-links`): any mail can carry it, no
 * secret is stored beside the booking or the order, and the server
 * recognises it without a lookup table. Each kind of link signs under a
 * purpose of its own (`linkSignature`), so that no token is ever read as
 * another kind's.
 */

/** The HMAC-SHA256 (base64url, 43 characters) of `purpose:payload` under `key`. */
export const linkSignature = (key: string, purpose: string, payload: string) =>
  createHmac('sha256', key).update(`${purpose}:${payload}`).digest('base64url');

/** Whether `given` is `expected`, compared in constant time. */
export const sameSignature = (expected: string, given: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * A booking's links (its cancel link, the reminder's "I'll be there") name
 * the booking and its start. They stop working once the booking's time has
 * come, and when staff move the booking (the start no longer matches). Each
 * signs under its own purpose, so a cancel token never confirms, nor an
 * attend token cancels.
 *
 * Form: `<id>.<start in epoch seconds>.<HMAC-SHA256, base64url>`.
 */
export interface BookingClaim {
  id: number;
  /** The booking's start (ms) when the link was made. */
  startsAt: number;
}

/** What a booking's link is for, each its own signing purpose. */
export const BOOKING_LINK_PURPOSES = {
  cancel: 'reservation-cancel',
  attend: 'reservation-attend',
} as const;
export type BookingLinkKind = keyof typeof BOOKING_LINK_PURPOSES;

const BOOKING_TOKEN = /^([1-9]\d{0,14})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const bookingSignature = (key: string, kind: BookingLinkKind, id: number, startSeconds: number) =>
  linkSignature(key, BOOKING_LINK_PURPOSES[kind], `${id}.${startSeconds}`);

/** The token of a booking's `kind` of link. */
export function bookingToken(key: string, kind: BookingLinkKind, claim: BookingClaim): string {
  const startSeconds = Math.floor(claim.startsAt / 1000);
  return `${claim.id}.${startSeconds}.${bookingSignature(key, kind, claim.id, startSeconds)}`;
}

/** The claim of a well-formed token of `kind` signed with `key`, or null. */
export function readBookingToken(
  key: string,
  kind: BookingLinkKind,
  token: string,
): BookingClaim | null {
  const match = BOOKING_TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const startSeconds = Number(match[2]);
  if (!sameSignature(bookingSignature(key, kind, id, startSeconds), match[3]!)) return null;
  return { id, startsAt: startSeconds * 1000 };
}

export const cancelToken = (key: string, claim: BookingClaim) => bookingToken(key, 'cancel', claim);

/** The claim of a well-formed cancel token signed with `key`, or null. */
export const readCancelToken = (key: string, token: string) =>
  readBookingToken(key, 'cancel', token);

/**
 * The key that signs guest links, read once from `server_secrets` (migration
 * 012 made it for cancel links, 027 named it for every guest link; it never
 * changes).
 */
export class GuestLinkKey {
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
      .where('name', '=', 'guest-links')
      .executeTakeFirstOrThrow();
    this.#value = value;
    return value;
  }
}

/**
 * A review mail's stop link names the guest's record by its opaque key
 * (never the e-mail) and never expires (docs/security.md): a guest may
 * press it a year later and must still be heard.
 *
 * Form: `<guest key>.<HMAC-SHA256, base64url>`.
 */
const REVIEW_STOP_TOKEN = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

export const reviewStopToken = (key: string, guestKey: string) =>
  `${guestKey}.${linkSignature(key, 'review-stop', guestKey)}`;

/** The guest key of a well-formed stop token signed with `key`, or null. */
export function readReviewStopToken(key: string, token: string): string | null {
  const match = REVIEW_STOP_TOKEN.exec(token);
  if (!match) return null;
  return sameSignature(linkSignature(key, 'review-stop', match[1]!), match[2]!) ? match[1]! : null;
}
