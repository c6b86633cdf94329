import { createInstance } from 'i18next';
import type { FoodEstablishmentReservation, WithContext } from 'schema-dts';
import {
  DATE_LOCALES,
  FALLBACK_LANG,
  LANGUAGES,
  toLang,
  type Lang,
} from '../../../shared/languages.ts';
import type { RestaurantFacts } from '../../../shared/schemas/restaurant.ts';
import { RESTAURANT_TIME_ZONE } from '../../../shared/opening-hours.ts';
import { italianDate } from '../../../shared/schemas/opening-hours.ts';
import { escapeHtml, SECRET_LINK } from '../mail-templates.ts';
import type { OutgoingMail } from '../outbox.ts';
import { addressLine, invitation, type MailedBooking } from './calendar.ts';

export type { MailedBooking };
import it from '../../../shared/locales/it/reservation-mails.json' with { type: 'json' };
import en from '../../../shared/locales/en/reservation-mails.json' with { type: 'json' };
import fr from '../../../shared/locales/fr/reservation-mails.json' with { type: 'json' };
import es from '../../../shared/locales/es/reservation-mails.json' with { type: 'json' };
import de from '../../../shared/locales/de/reservation-mails.json' with { type: 'json' };

/**
 * The mails of a booking: the guest's in the guest's language (texts in
 * src/shared/locales/xx/reservation-mails.json), with a calendar invitation
 * when the table is confirmed or a confirmed one is cancelled; the
 * restaurant's in Italian, like every staff text, with Reply-To the guest.
 */

const RESOURCES: Record<Lang, typeof it> = { it, en, fr, es, de };

/**
 * A translation by key. The project's i18next types (src/app/i18n) describe
 * the pages' namespaces; the mails' keys are plain strings here.
 */
type MailTexts = (key: string, values?: Record<string, unknown>) => string;

/** One i18next instance per language, made once: mails are written by the server alone. */
const translators = Object.fromEntries(
  LANGUAGES.map((lang) => {
    const i18n = createInstance();
    void i18n.init({
      lng: lang,
      resources: { [lang]: { mail: RESOURCES[lang] } },
      defaultNS: 'mail',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    return [lang, i18n.t.bind(i18n) as unknown as MailTexts];
  }),
) as Record<Lang, MailTexts>;

/** "Saturday, 5 December 2026 at 20:00" in the guest's language, on Rome's clock. */
export function bookingWhen(lang: Lang, startsAt: Date): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: RESTAURANT_TIME_ZONE,
  }).format(startsAt);
}

export type GuestMailKind = 'received' | 'confirmed' | 'declined' | 'cancelled' | 'reminder';

export interface GuestMailContext {
  restaurant: RestaurantFacts;
  publicUrl: string;
  /**
   * The booking's cancel link, when the mail offers one, and when the outbox
   * must give up sending it (the booking's start, on the outbox's clock).
   */
  cancelLink?: { url: string; expiresAt: string };
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

/** JSON for a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A mail to the guest, in the guest's language. */
export function guestMail(
  kind: GuestMailKind,
  booking: MailedBooking,
  context: GuestMailContext,
): OutgoingMail {
  const lang = toLang(booking.lang) ?? FALLBACK_LANG;
  const t = translators[lang];
  const { restaurant } = context;
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

  // Paragraphs as [text, html]: the guest's and staff's words are escaped in HTML.
  const paragraphs: [string, string][] = [];
  const plain = (text: string) => paragraphs.push([text, escapeHtml(text)]);
  plain(t('greeting', { name: booking.name }));
  plain(t(`body.${kind}`, { people, when }));
  if (kind === 'declined' && context.staffMessage) {
    paragraphs.push([
      `${t('staffMessage')}\n${context.staffMessage}`,
      `${escapeHtml(t('staffMessage'))}<br><span style="white-space:pre-wrap">${escapeHtml(context.staffMessage)}</span>`,
    ]);
  }
  if (calendar?.method === 'REQUEST') plain(t('calendar'));
  if (kind !== 'declined' && kind !== 'cancelled')
    plain(t('where', { address: addressLine(restaurant) }));
  if (context.cancelLink) {
    paragraphs.push([
      `${t('cancel')}\n${SECRET_LINK}`,
      `${escapeHtml(t('cancel'))}<br><a href="${SECRET_LINK}">${escapeHtml(t('cancelButton'))}</a>`,
    ]);
  }
  if (kind === 'declined' || kind === 'cancelled') {
    plain(t('bookAgain', { url: `${context.publicUrl}/reservations?lng=${lang}` }));
  }
  plain(t('questions', { phone: restaurant.phones.mobile }));

  const markup =
    kind === 'confirmed'
      ? `<script type="application/ld+json">${scriptJson(reservationMarkup(booking, context))}</script>`
      : '';
  return {
    kind: `reservation-${kind}`,
    to: booking.email,
    replyTo: restaurant.email,
    subject: t(`subject.${kind}`, { restaurant: restaurant.name }),
    text: [...paragraphs.map(([text]) => text), restaurant.name].join('\n\n'),
    html: `<!doctype html><html lang="${lang}"><head>${markup}</head><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2a30">${paragraphs
      .map(([, html]) => `<p>${html}</p>`)
      .join(
        '',
      )}<p style="color:#4b5b63;font-size:13px">${escapeHtml(restaurant.name)}</p></body></html>`,
    ...(context.cancelLink ? { secretLink: context.cancelLink } : {}),
    ...(calendar ? { calendar } : {}),
    personal: true,
  };
}

/**
 * One mail for every pending request of a guest that staff declined at once
 * (SECURITY.md item 41): each booking a line, in the language of the latest.
 */
export function declinedAllMail(
  bookings: MailedBooking[],
  context: Pick<GuestMailContext, 'restaurant' | 'publicUrl' | 'staffMessage'>,
): OutgoingMail {
  const latest = bookings.at(-1)!;
  const lang = toLang(latest.lang) ?? FALLBACK_LANG;
  const t = translators[lang];
  const { restaurant } = context;
  const lines = bookings.map(
    (booking) =>
      `– ${t('people', { count: booking.party })}, ${bookingWhen(lang, booking.startsAt)}`,
  );
  const paragraphs: [string, string][] = [];
  const plain = (text: string) => paragraphs.push([text, escapeHtml(text)]);
  plain(t('greeting', { name: latest.name }));
  plain(t('body.declinedAll', { count: bookings.length }));
  paragraphs.push([lines.join('\n'), lines.map(escapeHtml).join('<br>')]);
  if (context.staffMessage) {
    paragraphs.push([
      `${t('staffMessage')}\n${context.staffMessage}`,
      `${escapeHtml(t('staffMessage'))}<br><span style="white-space:pre-wrap">${escapeHtml(context.staffMessage)}</span>`,
    ]);
  }
  plain(t('bookAgain', { url: `${context.publicUrl}/reservations?lng=${lang}` }));
  plain(t('questions', { phone: restaurant.phones.mobile }));
  return {
    kind: 'reservation-declined-all',
    to: latest.email,
    replyTo: restaurant.email,
    subject: t('subject.declinedAll', { restaurant: restaurant.name, count: bookings.length }),
    text: [...paragraphs.map(([text]) => text), restaurant.name].join('\n\n'),
    html: `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2a30">${paragraphs
      .map(([, html]) => `<p>${html}</p>`)
      .join(
        '',
      )}<p style="color:#4b5b63;font-size:13px">${escapeHtml(restaurant.name)}</p></body></html>`,
    personal: true,
  };
}

export type RestaurantNoticeKind = 'new' | 'cancelled-by-guest';

/** "2 persone, 05/12/2026 ore 20:00": how the restaurant's notices and the audit log name a booking. */
export function bookingSummaryIt(booking: { party: number; date: string; time: string }): string {
  return `${translators.it('people', { count: booking.party })}, ${italianDate(booking.date)} ore ${booking.time}`;
}

/** The restaurant's notice, in Italian, Reply-To the guest, with a link to the booking in the back office. */
export function restaurantNotice(
  kind: RestaurantNoticeKind,
  booking: MailedBooking & { status: string },
  context: { restaurant: RestaurantFacts; publicUrl: string; to: string },
): OutgoingMail {
  const when = bookingWhen('it', booking.startsAt);
  const people = translators.it('people', { count: booking.party });
  const link = `${context.publicUrl}/dashboard/reservations?data=${booking.date}&prenotazione=${booking.id}`;
  const headline =
    kind === 'new'
      ? booking.status === 'confirmed'
        ? `Nuova prenotazione dal sito, confermata automaticamente: ${people}, ${when}.`
        : `Nuova prenotazione dal sito da confermare: ${people}, ${when}.`
      : `Il cliente ha annullato la prenotazione: ${people}, ${when}.`;
  const details = [
    `Nome: ${booking.name}`,
    `Telefono: ${booking.phone}`,
    `E-mail: ${booking.email}`,
    ...(booking.notes ? [`Note: ${booking.notes}`] : []),
    `Lingua del cliente: ${booking.lang}`,
  ];
  const subject =
    kind === 'new'
      ? `Prenotazione: ${bookingSummaryIt(booking)}`
      : `Prenotazione annullata: ${bookingSummaryIt(booking)}`;
  return {
    kind: kind === 'new' ? 'reservation-notice' : 'reservation-cancel-notice',
    to: context.to,
    replyTo: booking.email,
    subject,
    text: [
      headline,
      details.join('\n'),
      `Apri la prenotazione: ${link}`,
      'Rispondi a questa e-mail per scrivere al cliente.',
    ].join('\n\n'),
    html: `<!doctype html><html lang="it"><body style="font-family:Arial,sans-serif;line-height:1.5">
<p><strong>${escapeHtml(headline)}</strong></p>
<p style="white-space:pre-wrap">${details.map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(link)}">Apri la prenotazione</a></p>
<p>Rispondi a questa e-mail per scrivere al cliente.</p></body></html>`,
    personal: true,
  };
}
