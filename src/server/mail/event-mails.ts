import type { Allergen } from '../../shared/allergens.ts';
import { DATE_LOCALES, type Lang } from '../../shared/languages.ts';
import itMenu from '../../shared/locales/it/menu.json' with { type: 'json' };
import enMenu from '../../shared/locales/en/menu.json' with { type: 'json' };
import frMenu from '../../shared/locales/fr/menu.json' with { type: 'json' };
import esMenu from '../../shared/locales/es/menu.json' with { type: 'json' };
import deMenu from '../../shared/locales/de/menu.json' with { type: 'json' };
import { centsToAmount } from '../../shared/money.ts';
import { RESTAURANT_TIME_ZONE } from '../../shared/opening-hours.ts';
import type { EventArea, EventKind, EventService } from '../../shared/schemas/events.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { renderMail } from './layout.ts';
import type { OutgoingMail } from './message.ts';
import { mailToGuest, type GuestMailContent } from './guest-mail.ts';
import { guestTexts, staffTexts, type MailTexts } from './texts.ts';

/**
 * The mails of a guest's request for an event: the guest's acknowledgement
 * in their language, repeating what they asked (texts in
 * src/shared/locales/xx/event-mails.json), and the restaurant's Italian
 * notice with every field, which staff answer by replying to it.
 */

/** What the mails say of a request. */
export interface MailedInquiry {
  id: number;
  kind: EventKind;
  date: string;
  altDate: string | null;
  service: EventService;
  adults: number;
  children: number;
  area: EventArea;
  budgetCents: number | null;
  allergens: readonly Allergen[];
  dietaryNotes: string;
  notes: string;
  name: string;
  email: string;
  phone: string;
  lang: string;
}

/** The allergens' names as the menu shows them in each language. */
const ALLERGEN_NAMES = {
  it: itMenu,
  en: enMenu,
  fr: frMenu,
  es: esMenu,
  de: deMenu,
} satisfies Record<Lang, { allergen: Record<Allergen, { name: string }> }>;

/** "Saturday 20 June 2026" in `lang`: a request names a day, not a time. */
const dayOf = (lang: Lang, date: string) =>
  new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    dateStyle: 'full',
    timeZone: RESTAURANT_TIME_ZONE,
  }).format(new Date(`${date}T12:00:00Z`));

const euros = (lang: Lang, cents: number) =>
  new Intl.NumberFormat(DATE_LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(
    Number(centsToAmount(cents)),
  );

/** The request's every field as lines, in `lang` (the guest's, or Italian for the restaurant). */
function requestLines(lang: Lang, inquiry: MailedInquiry): string[] {
  const t = guestTexts('event-mails', lang);
  const allergens = inquiry.allergens.map((code) => ALLERGEN_NAMES[lang].allergen[code].name);
  return [
    t('kindLine', { kind: t(`kind.${inquiry.kind}`) }),
    t('date', { date: dayOf(lang, inquiry.date) }),
    ...(inquiry.altDate ? [t('altDate', { date: dayOf(lang, inquiry.altDate) })] : []),
    t('serviceLine', { service: t(`service.${inquiry.service}`) }),
    t('guests', { adults: inquiry.adults, children: inquiry.children }),
    t('areaLine', { area: t(`area.${inquiry.area}`) }),
    ...(inquiry.budgetCents === null
      ? []
      : [t('budget', { budget: euros(lang, inquiry.budgetCents) })]),
    ...(allergens.length > 0 ? [t('allergens', { allergens: allergens.join(', ') })] : []),
    ...(inquiry.dietaryNotes ? [t('dietaryNotes', { notes: inquiry.dietaryNotes })] : []),
    ...(inquiry.notes ? [t('notes', { notes: inquiry.notes })] : []),
  ];
}

/** A mail to the guest about their request (guest-mail.ts `mailToGuest`). */
const guestMail = (
  kind: string,
  inquiry: Pick<MailedInquiry, 'email' | 'lang'>,
  restaurant: RestaurantFacts,
  write: (t: MailTexts, lang: Lang) => GuestMailContent,
) => mailToGuest('event-mails', kind, inquiry, restaurant, write);

/**
 * The guest's acknowledgement: the kind, date, service and number of guests
 * asked for, never the guest's own words (notes, dietary notes) nor the rest
 * of the form. Anyone may type any address into the form: the mail must give
 * a stranger's inbox nothing a sender wrote (docs/security.md item 41). The
 * restaurant's notice keeps every field.
 */
export function inquiryReceivedMail(
  inquiry: MailedInquiry,
  context: { restaurant: RestaurantFacts },
): OutgoingMail {
  const { restaurant } = context;
  return guestMail('event-received', inquiry, restaurant, (t, lang) => ({
    subject: t('subject', { restaurant: restaurant.name, kind: t(`kind.${inquiry.kind}`) }),
    blocks: [
      t('greeting', { name: inquiry.name }),
      t('body'),
      {
        lines: [
          t('kindLine', { kind: t(`kind.${inquiry.kind}`) }),
          t('date', { date: dayOf(lang, inquiry.date) }),
          t('serviceLine', { service: t(`service.${inquiry.service}`) }),
          t('guests', { adults: inquiry.adults, children: inquiry.children }),
        ],
      },
      t('questions', { phone: restaurant.phones.mobile }),
    ],
  }));
}

/**
 * One mail for every open request of a guest that staff declined at once
 * (docs/security.md item 41): each request a line (its kind, day and
 * service), in the language of the latest.
 */
export function inquiriesDeclinedMail(
  inquiries: readonly Pick<
    MailedInquiry,
    'kind' | 'date' | 'service' | 'name' | 'email' | 'lang'
  >[],
  context: { restaurant: RestaurantFacts; staffMessage?: string },
): OutgoingMail {
  const latest = inquiries.at(-1)!;
  const { restaurant } = context;
  const count = inquiries.length;
  return guestMail('event-declined-all', latest, restaurant, (t, lang) => ({
    subject: t('declinedAllSubject', { restaurant: restaurant.name, count }),
    blocks: [
      t('greeting', { name: latest.name }),
      t('declinedAll', { count }),
      {
        lines: inquiries.map((inquiry) =>
          t('declinedLine', {
            kind: t(`kind.${inquiry.kind}`),
            date: dayOf(lang, inquiry.date),
            service: t(`service.${inquiry.service}`).toLowerCase(),
          }),
        ),
      },
      ...(context.staffMessage ? [{ lead: t('staffMessage'), quote: context.staffMessage }] : []),
      t('questions', { phone: restaurant.phones.mobile }),
    ],
  }));
}

/** The restaurant's Italian notice of a new request, with every field; Reply-To the guest. */
export function inquiryNotice(inquiry: MailedInquiry, context: { to: string }): OutgoingMail {
  const t = (key: string, values?: Record<string, unknown>) =>
    staffTexts(`eventNotice.${key}`, values);
  const it = guestTexts('event-mails', 'it');
  const kind = it(`kind.${inquiry.kind}`);
  const when = `${dayOf('it', inquiry.date)}, ${it(`service.${inquiry.service}`).toLowerCase()}`;
  return {
    kind: 'event-notice',
    to: context.to,
    replyTo: inquiry.email,
    subject: t('subject', {
      kind,
      people: inquiry.adults + inquiry.children,
      when,
    }),
    ...renderMail(
      [
        { strong: t('headline', { kind, when }) },
        { lines: requestLines('it', inquiry) },
        {
          lines: [
            t('name', { name: inquiry.name }),
            t('phone', { phone: inquiry.phone }),
            t('email', { email: inquiry.email }),
            t('lang', { lang: inquiry.lang }),
          ],
        },
        t('reply'),
      ],
      { lang: 'it' },
    ),
    personal: true,
  };
}

/**
 * Staff's reply to a request, in the guest's language: what the guest
 * reads (`translation`, the machine's or staff's correction of it) and the
 * Italian staff wrote below it, so nothing rests on the machine alone. A
 * guest who reads Italian gets the Italian once.
 */
export function inquiryReplyMail(
  inquiry: Pick<MailedInquiry, 'kind' | 'email' | 'lang'>,
  reply: { text: string; translation: string | null },
  context: { restaurant: RestaurantFacts },
): OutgoingMail {
  const { restaurant } = context;
  return guestMail('event-reply', inquiry, restaurant, (t) => ({
    subject: t('replySubject', { restaurant: restaurant.name, kind: t(`kind.${inquiry.kind}`) }),
    blocks:
      reply.translation === null
        ? [{ quote: reply.text }]
        : [{ quote: reply.translation }, { quote: reply.text, lead: t('original') }],
  }));
}
