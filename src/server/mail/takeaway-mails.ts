import { DATE_LOCALES, type Lang } from '../../shared/languages.ts';
import { RESTAURANT_TIME_ZONE, romeInstant } from '../../shared/opening-hours.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import type { OrderLine } from '../../shared/schemas/takeaway.ts';
import { mailToGuest } from './guest-mail.ts';
import { SECRET_LINK, type OutgoingMail, type SecretLink } from './message.ts';

/**
 * The mails of a takeaway order, to the guest in the guest's language (texts
 * in src/shared/locales/xx/takeaway-mails.json). The restaurant gets none:
 * the kitchen board rings for every order.
 */

export type TakeawayMailKind = 'received' | 'accepted' | 'declined' | 'cancelled';

/** What a mail says of an order. */
export interface MailedOrder {
  id: number;
  name: string;
  email: string;
  lang: string;
  date: string;
  time: string;
  /** Decimal strings, as the API answers them ("23.50"). */
  total: string;
  lines: readonly OrderLine[];
}

export interface TakeawayMailContext {
  restaurant: RestaurantFacts;
  publicUrl: string;
  /** Received: the order's status page, and when the outbox must give up sending it. */
  statusLink?: SecretLink;
  /** Accepted: staff moved the pickup time. */
  moved?: boolean;
  /** Declined or cancelled: staff's words to the guest. */
  staffMessage?: string;
}

/**
 * Each language's formatters, made on first use and kept: making an Intl
 * formatter costs far more than formatting with it, and every order's mail
 * formats its time and each amount.
 */
const formatters = new Map<Lang, { when: Intl.DateTimeFormat; euros: Intl.NumberFormat }>();

function formattersOf(lang: Lang) {
  let kept = formatters.get(lang);
  if (!kept) {
    kept = {
      when: new Intl.DateTimeFormat(DATE_LOCALES[lang], {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: RESTAURANT_TIME_ZONE,
      }),
      euros: new Intl.NumberFormat(DATE_LOCALES[lang], { style: 'currency', currency: 'EUR' }),
    };
    formatters.set(lang, kept);
  }
  return kept;
}

/** "Tuesday 13 January 2026 at 19:30" in the guest's language, on Rome's clock. */
const pickupWhen = (lang: Lang, order: MailedOrder) =>
  formattersOf(lang).when.format(romeInstant(order.date, order.time));

/** An amount ("23.50") in euros as the guest's language writes them ("23,50 €", "€23.50"). */
const euros = (lang: Lang, amount: string) => formattersOf(lang).euros.format(Number(amount));

/** A mail to the guest about their order, in their language. */
export function takeawayMail(
  kind: TakeawayMailKind,
  order: MailedOrder,
  context: TakeawayMailContext,
): OutgoingMail {
  const { restaurant } = context;
  const refused = kind === 'declined' || kind === 'cancelled';
  return mailToGuest('takeaway-mails', `takeaway-${kind}`, order, restaurant, (t, lang) => {
    const when = pickupWhen(lang, order);
    return {
      subject: t(`subject.${kind}`, { restaurant: restaurant.name, id: order.id }),
      blocks: [
        t('greeting', { name: order.name }),
        t(kind === 'accepted' && context.moved ? 'body.acceptedMoved' : `body.${kind}`, { when }),
        kind === 'received' && {
          lines: [
            ...order.lines.map((line) =>
              t(line.label ? 'lineSized' : 'line', {
                quantity: line.quantity,
                name: line.name,
                label: line.label,
                amount: euros(lang, line.amount),
              }),
            ),
            t('total', { total: euros(lang, order.total) }),
            t('pickup', { when }),
          ],
        },
        kind === 'received' && t('payAtPickup'),
        context.statusLink && { lead: t('status'), label: t('statusButton'), link: SECRET_LINK },
        refused && context.staffMessage && { lead: t('staffMessage'), quote: context.staffMessage },
        refused && t('orderAgain', { url: `${context.publicUrl}/takeaway?lng=${lang}` }),
        t('questions', { phone: restaurant.phones.mobile }),
      ],
      ...(context.statusLink ? { attached: { secretLink: context.statusLink } } : {}),
    };
  });
}

/**
 * One mail for every order of a guest still waiting that staff declined at
 * once (docs/security.md item 41): each order a line, in the language of the
 * latest.
 */
export function takeawayDeclinedAllMail(
  orders: readonly Pick<MailedOrder, 'id' | 'name' | 'email' | 'lang' | 'date' | 'time'>[],
  context: Pick<TakeawayMailContext, 'restaurant' | 'publicUrl' | 'staffMessage'>,
): OutgoingMail {
  const latest = orders.at(-1)!;
  const { restaurant } = context;
  return mailToGuest('takeaway-mails', 'takeaway-declined-all', latest, restaurant, (t, lang) => ({
    subject: t('subject.declinedAll', { restaurant: restaurant.name, count: orders.length }),
    blocks: [
      t('greeting', { name: latest.name }),
      t('body.declinedAll', { count: orders.length }),
      {
        lines: orders.map((order) =>
          t('declinedLine', {
            id: order.id,
            when: formattersOf(lang).when.format(romeInstant(order.date, order.time)),
          }),
        ),
      },
      context.staffMessage && { lead: t('staffMessage'), quote: context.staffMessage },
      t('orderAgain', { url: `${context.publicUrl}/takeaway?lng=${lang}` }),
      t('questions', { phone: restaurant.phones.mobile }),
    ],
  }));
}
