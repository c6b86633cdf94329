import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { RestaurantFacts } from '../../../shared/schemas/restaurant.ts';

/**
 * Bookings as iCalendar (RFC 5545), written by ical-generator: the
 * invitation a guest's mail carries, and the restaurant's feed of confirmed
 * bookings for its phone's calendar.
 */

/** A booking as its mails tell it. */
export interface MailedBooking {
  id: number;
  name: string;
  email: string;
  phone: string;
  party: number;
  date: string;
  time: string;
  startsAt: Date;
  endsAt: Date;
  notes: string;
  lang: string;
  /** RFC 5545 SEQUENCE: a calendar replaces its event with a higher one. */
  sequence: number;
}

export const addressLine = ({ address }: RestaurantFacts) =>
  `${address.street}, ${address.postalCode} ${address.locality} (${address.region})`;

/** The calendar event's UID: the same for every mail of a booking, so calendars update one event. */
export const calendarUid = (id: number, publicUrl: string) =>
  `reservation-${id}@${new URL(publicUrl).hostname}`;

/** One booking as an iCalendar event, for a mail (`method`) or the restaurant's feed. */
export function bookingEvent(
  booking: MailedBooking,
  options: {
    restaurant: RestaurantFacts;
    publicUrl: string;
    status: 'confirmed' | 'cancelled';
    summary: string;
    description?: string;
  },
) {
  const { restaurant } = options;
  return {
    id: calendarUid(booking.id, options.publicUrl),
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: new Date(),
    summary: options.summary,
    location: `${restaurant.name}, ${addressLine(restaurant)}`,
    url: options.publicUrl,
    ...(options.description ? { description: options.description } : {}),
    status: options.status === 'confirmed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: restaurant.name, email: restaurant.email },
  };
}

/** The guest's invitation: REQUEST adds or updates the event, CANCEL withdraws it. */
export function invitation(
  booking: MailedBooking,
  context: { restaurant: RestaurantFacts; publicUrl: string },
  method: 'REQUEST' | 'CANCEL',
  summary: string,
) {
  const calendar = ical({
    prodId: { company: context.restaurant.name, product: 'reservations', language: 'IT' },
    method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  const event = calendar.createEvent(
    bookingEvent(booking, {
      restaurant: context.restaurant,
      publicUrl: context.publicUrl,
      status: method === 'REQUEST' ? 'confirmed' : 'cancelled',
      summary,
    }),
  );
  event.createAttendee({
    name: booking.name,
    email: booking.email,
    role: ICalAttendeeRole.REQ,
    // The guest asked for the table: nothing to accept, so no RSVP buttons.
    status: ICalAttendeeStatus.ACCEPTED,
    rsvp: false,
  });
  return { method, ics: calendar.toString() };
}

/** A confirmed event as the restaurant's feed shows it: a whole day, titled in Italian. */
export interface FeedEvent {
  id: number;
  date: string;
  /** "Matrimonio, cena, 60 pers. – Anna Weber". */
  summary: string;
  description: string;
}

/**
 * The restaurant's feed: every confirmed booking, titled so a glance at the
 * phone says who and how many, and every confirmed event, as a whole day
 * (it takes a service, whose hours the owner's calendar need not repeat).
 */
export function restaurantFeed(
  bookings: readonly MailedBooking[],
  context: { restaurant: RestaurantFacts; publicUrl: string; events?: readonly FeedEvent[] },
): string {
  const calendar = ical({
    name: `Prenotazioni – ${context.restaurant.name}`,
    prodId: { company: context.restaurant.name, product: 'reservations', language: 'IT' },
    // Phones poll a subscribed calendar; this asks them not to wait a day.
    ttl: 15 * 60,
  });
  for (const booking of bookings) {
    calendar.createEvent(
      bookingEvent(booking, {
        ...context,
        status: 'confirmed',
        summary: `${booking.party} pers. – ${booking.name}`,
        description: [
          `Telefono: ${booking.phone}`,
          booking.email && `E-mail: ${booking.email}`,
          booking.notes && `Note: ${booking.notes}`,
        ]
          .filter(Boolean)
          .join('\n'),
      }),
    );
  }
  for (const event of context.events ?? []) {
    calendar.createEvent({
      id: `event-${event.id}@${new URL(context.publicUrl).hostname}`,
      // A day in Rome: a floating date, the same on any phone's time zone.
      start: new Date(`${event.date}T00:00:00Z`),
      allDay: true,
      stamp: new Date(),
      summary: event.summary,
      description: event.description,
      location: `${context.restaurant.name}, ${addressLine(context.restaurant)}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
