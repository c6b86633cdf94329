import type { ReservationBody } from '../../../shared/schemas/reservations.ts';
import {
  hitLimit,
  type AddressLimit,
  type LimitCounters,
  type RateLimited,
} from '../address-limits.ts';
import { screenGuest } from '../guests/guest-limits.ts';
import type { BookingRefusal, Booking } from './booking.ts';
import type { GuestAttendance } from './attend.ts';
import type { GuestCancellation } from './cancel.ts';
import type { Row } from './rows.ts';

const HOUR_MS = 60 * 60 * 1000;
const BOOKING_LIMITED = 'Too many booking requests: please try again later.';

/**
 * An online booking is counted three times, each on its own budget
 * (docs/security.md item 41, docs/decisions/011): per client address (IPv6:
 * its /56), and per e-mail and per phone, which also bounds the mails one
 * typed address is sent. A family books a few tables; a robot needs hundreds
 * to fill the horizon.
 */
export const RESERVATION_ADDRESS_LIMIT: AddressLimit = {
  name: 'reservation-ip',
  limit: 10,
  windowMs: HOUR_MS,
  description: BOOKING_LIMITED,
};
export const RESERVATION_EMAIL_LIMIT: AddressLimit = {
  name: 'reservation-email',
  limit: 8,
  windowMs: 24 * HOUR_MS,
  description: BOOKING_LIMITED,
};
export const RESERVATION_PHONE_LIMIT: AddressLimit = {
  ...RESERVATION_EMAIL_LIMIT,
  name: 'reservation-phone',
};

const RESERVATION_LIMITS = {
  address: RESERVATION_ADDRESS_LIMIT,
  email: RESERVATION_EMAIL_LIMIT,
  phone: RESERVATION_PHONE_LIMIT,
};

/** 20 presses of a cancel link's button per hour per client address: a guest presses once or twice. */
const CANCEL_ADDRESS_LIMIT: AddressLimit = {
  name: 'reservation-cancel-ip',
  limit: 20,
  windowMs: HOUR_MS,
  description: 'Too many requests: please try again later.',
};

/** The same for the reminder's "I'll be there" button, on a budget of its own. */
const ATTEND_ADDRESS_LIMIT: AddressLimit = {
  ...CANCEL_ADDRESS_LIMIT,
  name: 'reservation-attend-ip',
};

export type GuestBookingOutcome =
  | { ok: true; id: number; status: 'pending' | 'confirmed' }
  | { ok: false; code: BookingRefusal }
  | RateLimited;

/**
 * What a guest does on the site, as the API and the pages' forms (without
 * JavaScript) both do it: book a table, and cancel one or confirm coming by
 * the mail's links, each counted against the limits of where it came from.
 */
export class GuestBooking {
  readonly #counters: LimitCounters;
  readonly #booking: Booking;
  readonly #cancellation: GuestCancellation;
  readonly #attendance: GuestAttendance;

  constructor(options: {
    counters: LimitCounters;
    booking: Booking;
    cancellation: GuestCancellation;
    attendance: GuestAttendance;
  }) {
    this.#counters = options.counters;
    this.#booking = options.booking;
    this.#cancellation = options.cancellation;
    this.#attendance = options.attendance;
  }

  /** A guest's booking, once `screenGuest` lets it through. */
  async book(clientAddress: string, body: ReservationBody): Promise<GuestBookingOutcome> {
    const screened = await screenGuest(this.#counters, RESERVATION_LIMITS, clientAddress, body);
    if (screened === 'robot') return { ok: true, id: 0, status: 'pending' };
    if (screened) return screened;
    const outcome = await this.#booking.book(body, clientAddress);
    if (!outcome.ok) return { ok: false, code: outcome.reason };
    return {
      ok: true,
      id: outcome.reservation.id,
      status: outcome.reservation.status === 'confirmed' ? 'confirmed' : 'pending',
    };
  }

  /**
   * The guest pressed a cancel link's button: counted against the address's
   * limit, then cancelled (`booking` null when the link does not work).
   */
  async cancel(
    token: string,
    clientAddress: string,
  ): Promise<{ ok: true; booking: Row | null } | RateLimited> {
    const limited = await hitLimit(this.#counters, CANCEL_ADDRESS_LIMIT, clientAddress);
    if (limited) return limited;
    return { ok: true, booking: await this.#cancellation.cancelByGuest(token) };
  }

  /**
   * The guest pressed the reminder's "I'll be there": counted against the
   * address's limit, then recorded (`booking` null when the link does not work).
   */
  async attend(
    token: string,
    clientAddress: string,
  ): Promise<{ ok: true; booking: Row | null } | RateLimited> {
    const limited = await hitLimit(this.#counters, ATTEND_ADDRESS_LIMIT, clientAddress);
    if (limited) return limited;
    return { ok: true, booking: await this.#attendance.attendByGuest(token) };
  }
}
