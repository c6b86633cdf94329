import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type {
  ReservationBody,
  ReservationSettingsBody,
  ReservationStatusBody,
  StaffReservationBody,
} from '../../../shared/schemas/reservations.ts';
import type { PendingOf } from '../../../shared/schemas/guest.ts';
import type { LimitCounters } from '../address-limits.ts';
import type { ContentChanges, ContentVersion } from '../content-version.ts';
import { Availability } from './availability.ts';
import { Booking } from './booking.ts';
import { CalendarFeed } from './calendar-feed.ts';
import { GuestAttendance } from './attend.ts';
import { GuestCancellation } from './cancel.ts';
import { GuestLinkKey } from '../guests/guest-links.ts';
import { DayView } from './day.ts';
import { GuestBooking } from './guest-booking.ts';
import { ReservationMailQueue } from './mail-queue.ts';
import { Reminders } from './reminders.ts';
import { MINUTE_MS, readBookingsVersion, type Actor } from './rows.ts';
import { ReservationSettingsStore } from './settings.ts';
import { StatusChanges } from './status.ts';
import { TableMemory } from './table-state.ts';
import { seatWalkIn } from './walk-in.ts';
import { assignUnassigned } from './assign.ts';
import type { DayPlan, WalkInBody } from '../../../shared/schemas/floor.ts';

/**
 * Table reservations (docs/decisions/011), the one service the routes and
 * pages use (`app.reservations`), made of one part per use case, each in
 * its own file of this folder:
 * - settings.ts: the owner's settings; calendar-feed.ts: the restaurant's
 *   calendar of confirmed bookings at its secret address;
 * - availability.ts: the open dates and a date's free slots, for a guest;
 * - booking.ts: taking a booking, never overbooked (capacity.ts);
 *   guest-booking.ts: a guest's booking and cancel, under their limits;
 * - day.ts: staff's view of a day; status.ts: staff's changes of status;
 * - cancel.ts and attend.ts: the guest's cancel and "I'll be there" links
 *   (booking-links.ts); reminders.ts: the day-before mails;
 * - mail-queue.ts: every mail of theirs, queued in the change's transaction;
 * - with a table in the floor plan (CONTRACT.md part four): seating.ts, the
 *   pure decisions; table-holds.ts and table-state.ts, what holds the tables
 *   (from the rows, or as kept); table-booking.ts, bookings and availability
 *   by tables; moves.ts, a move's tables; walk-in.ts; assign.ts, the switch.
 */
export class ReservationsService {
  readonly #settings: ReservationSettingsStore;
  readonly #calendarFeed: CalendarFeed;
  readonly #availability: Availability;
  readonly #booking: Booking;
  readonly #guest: GuestBooking;
  readonly #day: DayView;
  readonly #status: StatusChanges;
  readonly #cancellation: GuestCancellation;
  readonly #attendance: GuestAttendance;
  readonly #reminders: Reminders;
  readonly #tables: TableMemory;
  readonly #db: Kysely<Database>;
  readonly #schedule: () => Promise<Schedule>;
  readonly #now: () => number;
  readonly #changed: () => void;

  constructor(options: {
    db: Kysely<Database>;
    /** The database's engine: the caps look a guest up in its indexes (guests/guest-match.ts). */
    dialect: SqlDialect;
    content: ContentChanges;
    contentVersion: () => Promise<number | undefined>;
    /** The opening hours (read from their service, which keeps them per content version). */
    schedule: () => Promise<Schedule>;
    /** The bookings' version (`readBookingsVersion`, rows.ts), as each instance knows it. */
    bookingsVersion: ContentVersion;
    /** Where a guest's bookings and cancel presses are counted (address-limits.ts). */
    limits: LimitCounters;
    publicUrl: string;
    /** CONTACT_EMAIL: where the restaurant's notices go; the restaurant's e-mail when unset. */
    deliverTo?: string;
    now?: () => number;
    onMail?: () => void;
  }) {
    const { db, schedule, publicUrl } = options;
    const now = options.now ?? Date.now;
    const onMail = options.onMail ?? (() => {});
    /** After a committed change of the bookings: this instance's next read sees it; mail goes. */
    const changed = () => {
      options.bookingsVersion.expire();
      onMail();
    };
    const cancelKey = new GuestLinkKey();
    const mails = new ReservationMailQueue({
      publicUrl,
      deliverTo: options.deliverTo,
      now,
      cancelKey,
    });
    const settings = new ReservationSettingsStore({
      db,
      content: options.content,
      contentVersion: options.contentVersion,
      publicUrl,
      now,
    });
    const tables = new TableMemory({ db, bookingsVersion: options.bookingsVersion });
    this.#tables = tables;
    this.#db = db;
    this.#schedule = schedule;
    this.#now = now;
    this.#changed = changed;
    const availability = new Availability({
      db,
      settings,
      schedule,
      contentVersion: options.contentVersion,
      bookingsVersion: options.bookingsVersion,
      now,
      tables,
    });
    const booking = new Booking({
      db,
      dialect: options.dialect,
      schedule,
      settings,
      availability,
      mails,
      now,
      changed,
      tables,
    });
    const status = new StatusChanges({ db, mails, now, changed, schedule });
    const cancellation = new GuestCancellation({ db, key: cancelKey, status, mails, now, changed });
    this.#settings = settings;
    this.#calendarFeed = new CalendarFeed({ db, publicUrl, now });
    this.#availability = availability;
    this.#booking = booking;
    const attendance = new GuestAttendance({ db, key: cancelKey, now, changed });
    this.#guest = new GuestBooking({
      counters: options.limits,
      booking,
      cancellation,
      attendance,
    });
    this.#day = new DayView({ db, settings, availability, schedule, now });
    this.#status = status;
    this.#cancellation = cancellation;
    this.#attendance = attendance;
    this.#reminders = new Reminders({ db, mails, now, onMail });
  }

  // Settings and the calendar feed (settings.ts, calendar-feed.ts)

  settings() {
    return this.#settings.settings();
  }

  settingsForOwner() {
    return this.#settings.forOwner();
  }

  updateSettings(settings: ReservationSettingsBody, actor: Actor) {
    return this.#settings.update(settings, actor);
  }

  rotateCalendarFeed(actor: Actor) {
    return this.#settings.rotateCalendarFeed(actor);
  }

  calendarFeed(secret: string) {
    return this.#calendarFeed.at(secret);
  }

  // What a guest can book (availability.ts)

  calendar() {
    return this.#availability.calendar();
  }

  availability(date: string, party: number, area: number | null = null) {
    return this.#availability.availability(date, party, area);
  }

  // Booking (booking.ts, guest-booking.ts)

  /**
   * The booking rules alone, without the guest's limits and honeypot, for a
   * test that must see no write but the booking's: every route and page
   * books through `bookAsGuest` or `bookByStaff`.
   */
  bookWithoutGuestLimits(body: ReservationBody, clientKey: string) {
    return this.#booking.book(body, clientKey);
  }

  bookByStaff(body: StaffReservationBody, actor: Actor) {
    return this.#booking.bookByStaff(body, actor);
  }

  bookAsGuest(clientAddress: string, body: ReservationBody) {
    return this.#guest.book(clientAddress, body);
  }

  // Staff's day and changes (day.ts, status.ts)

  day(date: string) {
    return this.#day.bookings(date);
  }

  /**
   * The day plan and its tag; `notModified` when the tag is `ifNoneMatch`,
   * and then one row was read. The evening view asks every second on every
   * staff screen: the tag is the bookings' version, read afresh (every change
   * of a booking, its tables, the plan or an event's hold counts it up, on
   * every instance), and the minute, since a party running late holds its
   * tables a little longer as the clock moves.
   */
  async dayPlan(
    date: string,
    ifNoneMatch?: string,
  ): Promise<{ tag: string; notModified: true } | { tag: string; plan: DayPlan }> {
    const version = await readBookingsVersion(this.#db);
    const tag = `"plan-${version}-${date}-${Math.floor(this.#now() / MINUTE_MS)}"`;
    if (ifNoneMatch === tag) return { tag, notModified: true };
    return { tag, plan: await this.#day.plan(date) };
  }

  occupancy(date: string) {
    return this.#day.occupancy(date);
  }

  setStatus(id: number, change: ReservationStatusBody, actor: Actor) {
    return this.#status.setStatus(id, change, actor);
  }

  pendingCount(guest: PendingOf) {
    return this.#status.pendingCount(guest);
  }

  declinePending(guest: PendingOf, message: string | undefined, actor: Actor) {
    return this.#status.declinePending(guest, message, actor);
  }

  // Tables: the guest's area, walk-ins, the day plan, the switch (table-state.ts, walk-in.ts, assign.ts)

  /**
   * Why a guest may not ask for `area` (a sentence for the 400), or null:
   * the owner lets guests choose, and it is an online-bookable area of the plan.
   */
  async areaRefusal(area: number | undefined): Promise<string | null> {
    if (area === undefined) return null;
    if (!(await this.#settings.settings()).areaChoice) {
      return 'Choosing the area is not offered: leave it out.';
    }
    const known = (await this.#tables.plan()).areas.find((one) => one.id === area);
    if (!known?.onlineBookable) return 'This area cannot be booked online: pick another one.';
    return null;
  }

  async walkIn(body: WalkInBody, actor: Actor) {
    const outcome = await seatWalkIn(this.#db, body, actor, {
      schedule: await this.#schedule(),
      now: this.#now(),
    });
    if (outcome.ok) this.#changed();
    return outcome;
  }

  /**
   * What seats the bookings still to come without tables on the plan just
   * stored in a transaction (assign.ts `assignUnassigned`): PUT /api/floor
   * gets it before opening its transaction (it reads the opening hours,
   * which on SQLite could not be read beside an open write transaction),
   * calls it in the transaction after storing the plan, then
   * `bookingsVersion.expire()` once committed.
   */
  async assigner(): Promise<(trx: Kysely<Database>) => ReturnType<typeof assignUnassigned>> {
    const schedule = await this.#schedule();
    return (trx) => assignUnassigned(trx, { now: this.#now(), schedule });
  }

  // The guest's cancel link (cancel.ts, guest-booking.ts)

  cancellation(token: string) {
    return this.#cancellation.cancellation(token);
  }

  cancelAsGuest(token: string, clientAddress: string) {
    return this.#guest.cancel(token, clientAddress);
  }

  // The reminder's "I'll be there" link (attend.ts, guest-booking.ts)

  attendance(token: string) {
    return this.#attendance.attendance(token);
  }

  attendAsGuest(token: string, clientAddress: string) {
    return this.#guest.attend(token, clientAddress);
  }

  // Reminders (reminders.ts)

  queueReminders() {
    return this.#reminders.queue();
  }
}
