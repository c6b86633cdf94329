import type { FoodEstablishmentReservation, WithContext } from 'schema-dts';
import { DATE_LOCALES, type Lang } from '../../shared/languages.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { RESTAURANT_TIME_ZONE } from '../../shared/opening-hours.ts';
import { italianDate } from '../../shared/schemas/opening-hours.ts';
import { addressLine, invitation, type MailedBooking } from '../services/reservations/calendar.ts';
import { mailToGuest } from './guest-mail.ts';
import { renderMail } from './layout.ts';
import { SECRET_LINK, secretLinkMarker, type OutgoingMail, type SecretLink } from './message.ts';
import { guestTexts, staffTexts } from './texts.ts';

/**
 * The mails of a booking: the guest's in the guest's language (texts in
 * src/shared/locales/xx/reservation-mails.json), with a calendar invitation
 * when the table is confirmed or a confirmed one is cancelled; the
 * restaurant's in Italian, like every staff text (src/shared/locales/it/
 * staff-mails.json), with Reply-To the guest.
 */

const italian = guestTexts('reservation-mails', 'it');

/**
 * Each language's formatter, made on first use and kept: making one costs
 * far more than formatting with it, and every booking's mails format its time.
 */
const whenFormats = new Map<Lang, Intl.DateTimeFormat>();

/** "Saturday, 5 December 2026 at 20:00" in the guest's language, on Rome's clock. */
export function bookingWhen(lang: Lang, startsAt: Date): string {
  let format = whenFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: RESTAURANT_TIME_ZONE,
    });
    whenFormats.set(lang, format);
  }
  return format.format(startsAt);
}

export type GuestMailKind = 'received' | 'confirmed' | 'declined' | 'cancelled' | 'reminder';

export interface GuestMailContext {
  restaurant: RestaurantFacts;
  publicUrl: string;
  /**
   * The booking's cancel link, when the mail offers one, and when the outbox
   * must give up sending it (the booking's start, on the outbox's clock).
   */
  cancelLink?: SecretLink;
  /**
   * The reminder's "I'll be there" link (expiring with the cancel link): with
   * it, the mail's two buttons, "I'll be there" and "Cancel".
   */
  attendUrl?: string;
  /** Declined: staff's words to the guest. */
  staffMessage?: string;
  /** Cancelled: whether the guest had an invitation, which a METHOD:CANCEL then withdraws. */
  invited?: boolean;
}

/**
 * schema.org markup that Gmail reads to show the booking (and its cancel
 * link) as a card. The link is SECRET_LINK, put in by the outbox at send.
 */
function reservationMarkup(
  booking: MailedBooking,
  context: GuestMailContext,
): WithContext<FoodEstablishmentReservation> {
  const { restaurant } = context;
  return {
    '@context': 'https://schema.org',
    '@type': 'FoodEstablishmentReservation',
    reservationId: String(booking.id),
    reservationStatus: 'https://schema.org/ReservationConfirmed',
    underName: { '@type': 'Person', name: booking.name, email: booking.email },
    reservationFor: {
      '@type': 'FoodEstablishment',
      name: restaurant.name,
      telephone: restaurant.phones.mobile,
      address: {
        '@type': 'PostalAddress',
        streetAddress: restaurant.address.street,
        addressLocality: restaurant.address.locality,
        addressRegion: restaurant.address.region,
        postalCode: restaurant.address.postalCode,
        addressCountry: 'IT',
      },
    },
    startTime: booking.startsAt.toISOString(),
    endTime: booking.endsAt.toISOString(),
    partySize: booking.party,
    ...(context.cancelLink
      ? { potentialAction: { '@type': 'CancelAction', target: SECRET_LINK } }
      : {}),
  };
}

/** A mail to the guest, in the guest's language. */
export function guestMail(
  kind: GuestMailKind,
  booking: MailedBooking,
  context: GuestMailContext,
): OutgoingMail {
  const { restaurant } = context;
  const refused = kind === 'declined' || kind === 'cancelled';
  return mailToGuest('reservation-mails', `reservation-${kind}`, booking, restaurant, (t, lang) => {
    const people = t('people', { count: booking.party });
    const when = bookingWhen(lang, booking.startsAt);
    const calendar =
      kind === 'confirmed'
        ? invitation(
            booking,
            context,
            'REQUEST',
            t('eventTitle', { people, restaurant: restaurant.name }),
          )
        : kind === 'cancelled' && context.invited
          ? invitation(
              booking,
              context,
              'CANCEL',
              t('eventTitle', { people, restaurant: restaurant.name }),
            )
          : undefined;
    return {
      subject: t(`subject.${kind}`, { restaurant: restaurant.name }),
      blocks: [
        t('greeting', { name: booking.name }),
        t(`body.${kind}`, { people, when }),
        kind === 'declined' &&
          context.staffMessage && { lead: t('staffMessage'), quote: context.staffMessage },
        calendar?.method === 'REQUEST' && t('calendar'),
        !refused && t('where', { address: addressLine(restaurant) }),
        context.cancelLink &&
          (context.attendUrl
            ? {
                lead: t('answer'),
                buttons: [
                  { label: t('attendButton'), link: secretLinkMarker(1) },
                  { label: t('cancelShortButton'), link: SECRET_LINK },
                ],
              }
            : { lead: t('cancel'), label: t('cancelButton'), link: SECRET_LINK }),
        refused && t('bookAgain', { url: `${context.publicUrl}/reservations?lng=${lang}` }),
        t('questions', { phone: restaurant.phones.mobile }),
      ],
      ...(kind === 'confirmed' ? { jsonLd: reservationMarkup(booking, context) } : {}),
      attached: {
        ...(context.cancelLink
          ? {
              secretLink: context.attendUrl
                ? { ...context.cancelLink, also: [context.attendUrl] }
                : context.cancelLink,
            }
          : {}),
        ...(calendar ? { calendar } : {}),
      },
    };
  });
}

/**
 * One mail for every pending request of a guest that staff declined at once
 * (docs/decisions/011-table-reservations.md): each booking a line, in the
 * language of the latest.
 */
export function declinedAllMail(
  bookings: MailedBooking[],
  context: Pick<GuestMailContext, 'restaurant' | 'publicUrl' | 'staffMessage'>,
): OutgoingMail {
  const latest = bookings.at(-1)!;
  const { restaurant } = context;
  return mailToGuest(
    'reservation-mails',
    'reservation-declined-all',
    latest,
    restaurant,
    (t, lang) => ({
      subject: t('subject.declinedAll', { restaurant: restaurant.name, count: bookings.length }),
      blocks: [
        t('greeting', { name: latest.name }),
        t('body.declinedAll', { count: bookings.length }),
        {
          lines: bookings.map(
            (booking) =>
              `– ${t('people', { count: booking.party })}, ${bookingWhen(lang, booking.startsAt)}`,
          ),
        },
        context.staffMessage && { lead: t('staffMessage'), quote: context.staffMessage },
        t('bookAgain', { url: `${context.publicUrl}/reservations?lng=${lang}` }),
        t('questions', { phone: restaurant.phones.mobile }),
      ],
    }),
  );
}

export type RestaurantNoticeKind = 'new' | 'cancelled-by-guest';

/** "2 persone, 05/12/2026 ore 20:00": how the restaurant's notices and the audit log name a booking. */
export function bookingSummaryIt(booking: { party: number; date: string; time: string }): string {
  return staffTexts('bookingSummary', {
    people: italian('people', { count: booking.party }),
    date: italianDate(booking.date),
    time: booking.time,
  });
}

/** The restaurant's notice, in Italian, Reply-To the guest, with a link to the booking in the back office. */
export function restaurantNotice(
  kind: RestaurantNoticeKind,
  booking: MailedBooking & { status: string },
  context: { restaurant: RestaurantFacts; publicUrl: string; to: string },
): OutgoingMail {
  const t = (key: string, values?: Record<string, unknown>) =>
    staffTexts(`reservationNotice.${key}`, values);
  const headline =
    kind === 'new' ? (booking.status === 'confirmed' ? 'confirmed' : 'pending') : kind;
  return {
    kind: kind === 'new' ? 'reservation-notice' : 'reservation-cancel-notice',
    to: context.to,
    replyTo: booking.email,
    subject: t(`subject.${kind}`, { summary: bookingSummaryIt(booking) }),
    ...renderMail(
      [
        {
          strong: t(`headline.${headline}`, {
            people: italian('people', { count: booking.party }),
            when: bookingWhen('it', booking.startsAt),
          }),
        },
        {
          lines: [
            t('name', { name: booking.name }),
            t('phone', { phone: booking.phone }),
            t('email', { email: booking.email }),
            ...(booking.notes ? [t('notes', { notes: booking.notes })] : []),
            t('lang', { lang: booking.lang }),
          ],
        },
        {
          label: t('open'),
          link: `${context.publicUrl}/dashboard/reservations?data=${booking.date}&prenotazione=${booking.id}`,
        },
        t('reply'),
      ],
      { lang: 'it' },
    ),
    personal: true,
  };
}
