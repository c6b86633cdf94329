import type { Allergen } from '../../../shared/allergens.ts';
import { amountToCents, centsToAmount } from '../../../shared/money.ts';
import { formatPrice } from '../../../shared/price.ts';
import type { MenuView } from '../../../shared/schemas/menu.ts';
import type { TakeawayOrderOutcome } from '../../context.ts';
import { NO_CONTACT, type GuestContact } from '../../guest-kit/guest-contact.tsx';
import type { Slot } from '../../guest-kit/use-slots.ts';
import { QUANTITY_MAX } from '../../../shared/takeaway-refusals.ts';
import {
  answerStatus,
  contactBody,
  contactFromForm,
  formText,
  type GuestFormResult,
} from '../../guest-kit/guest-form.ts';

/**
 * The guest's takeaway page without its looks: the dishes it offers, the
 * basket and how it travels in a form or an address, the total, and what a
 * posted order becomes. No zod here: this module is in the public page's
 * bundle, and the server checks everything again with the shared schema
 * (src/shared/schemas/takeaway.ts), whose limits are src/shared/takeaway-refusals.ts's.
 */

/** One size of a dish and its price in cents (a dish without sizes has one, labelled ''). */
export interface Size {
  label: string;
  cents: number;
}

export interface Dish {
  id: number;
  name: string;
  description: string;
  allergens: Allergen[] | null;
  /** False while sold out: shown, not orderable. */
  available: boolean;
  sizes: Size[];
}

export interface DishSection {
  id: number;
  name: string;
  dishes: Dish[];
}

/** The dishes staff marked for takeaway, by section (sections without one are left out). */
export function takeawaySections(menu: MenuView): DishSection[] {
  return menu.sections
    .map((section) => ({
      id: section.id,
      name: section.name,
      dishes: section.items
        .filter((item) => item.takeaway)
        .map((item) => ({
          id: item.id,
          name: item.name,
          description: item.description,
          allergens: item.allergens,
          available: item.available,
          sizes: item.prices.map((price) => ({
            label: price.label,
            cents: amountToCents(price.amount) ?? 0,
          })),
        })),
    }))
    .filter((section) => section.dishes.length > 0);
}

/** An amount in cents as the menu shows prices: it-IT euros ("8,50 €"), whatever the page's language. */
export const euros = (cents: number) => formatPrice(centsToAmount(cents));

/**
 * The basket: quantities by dish and size, keyed "ID-SIZE" (the size's
 * index among the dish's prices). The same keys name the quantity fields
 * ("q-12-0") of the page's forms, so that an address (`?q-12-0=2`) and a
 * posted form carry a basket alike, and localStorage keeps one with JavaScript.
 */
export type Basket = Record<string, number>;

export const lineKey = (id: number, size: number) => `${id}-${size}`;
export const quantityField = (key: string) => `q-${key}`;
const QUANTITY_FIELD = /^q-([1-9]\d{0,9})-([0-5])$/;
const QUANTITY_TEXT = /^\d{1,2}$/;

/** The quantities a form or an address carries: fields "q-ID-SIZE" of 1 to 50; anything else is left out. */
export function readBasket(fields: Iterable<[string, FormDataEntryValue]>): Basket {
  const basket: Basket = {};
  for (const [name, value] of fields) {
    const match = QUANTITY_FIELD.exec(name);
    if (!match || typeof value !== 'string' || !QUANTITY_TEXT.test(value.trim())) continue;
    const quantity = Number(value.trim());
    if (quantity >= 1 && quantity <= QUANTITY_MAX) {
      basket[lineKey(Number(match[1]), Number(match[2]))] = quantity;
    }
  }
  return basket;
}

/** A line of the basket, as the page lists it. */
export interface BasketLine {
  key: string;
  dish: Dish;
  size: Size;
  quantity: number;
}

/**
 * The basket's lines that can be ordered now, in the menu's order: a line
 * naming a dish that is sold out, no longer for takeaway, or gone (a basket
 * kept from another day) is dropped.
 */
export function basketLines(basket: Basket, sections: readonly DishSection[]): BasketLine[] {
  const lines: BasketLine[] = [];
  for (const section of sections) {
    for (const dish of section.dishes) {
      if (!dish.available) continue;
      dish.sizes.forEach((size, index) => {
        const key = lineKey(dish.id, index);
        const quantity = basket[key];
        if (quantity) lines.push({ key, dish, size, quantity });
      });
    }
  }
  return lines;
}

/** The basket that is left once the lines that cannot be ordered are dropped. */
export const orderableBasket = (basket: Basket, sections: readonly DishSection[]): Basket =>
  Object.fromEntries(basketLines(basket, sections).map((line) => [line.key, line.quantity]));

export const totalCents = (lines: readonly BasketLine[]) =>
  lines.reduce((sum, line) => sum + line.size.cents * line.quantity, 0);

export const pieces = (lines: readonly BasketLine[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** The order's dishes as the slots query writes them ("ID*QTY,ID*QTY"). */
export const slotItems = (lines: readonly BasketLine[]): string =>
  dishQuantities(lines)
    .map(({ id, quantity }) => `${id}*${quantity}`)
    .join(',');

/** The quantity of each dish of the basket: the kitchen's load is per dish, its sizes counted together. */
export function dishQuantities(lines: readonly BasketLine[]): { id: number; quantity: number }[] {
  const byDish = new Map<number, number>();
  for (const line of lines) {
    byDish.set(line.dish.id, (byDish.get(line.dish.id) ?? 0) + line.quantity);
  }
  return [...byDish].map(([id, quantity]) => ({ id, quantity }));
}

/** Where the page asks for the pickup times of a date for an order (GET /api/takeaway/slots). */
export const slotsUrl = (date: string, items: string) =>
  `/api/takeaway/slots?${new URLSearchParams({ date, items })}`;

export interface CalendarDay {
  date: string;
  open: boolean;
}

/** What /takeaway renders from. */
export interface TakeawayPageData {
  sections: DishSection[];
  days: CalendarDay[];
  /** The instant online orders resume after staff's pause, null when not paused. */
  pausedUntil: string | null;
  /** The basket in the address (the dishes form sent without JavaScript), orderable lines only. */
  basket: Basket;
  /** The day in the address, when it is an open day of the calendar. */
  date: string | null;
  /** That day's pickup times for that basket; null unless both are chosen. */
  slots: Slot[] | null;
}

/** The times the server rendered (those of the address's day and basket), for `useSlots`. */
export function renderedSlots(data: TakeawayPageData): { url: string; slots: Slot[] } | null {
  const items = slotItems(basketLines(data.basket, data.sections));
  return data.date !== null && data.slots !== null && items !== ''
    ? { url: slotsUrl(data.date, items), slots: data.slots }
    : null;
}

/** "As soon as possible": the pickup field's value that lets the server take the first time that fits. */
export const ASAP = 'asap';

/** The order form's fields, as the guest typed them (shown again after a refusal). */
export interface OrderValues extends GuestContact {
  basket: Basket;
  date: string;
  /** "HH:MM", or ASAP. */
  time: string;
}

export const NOTHING_ORDERED: OrderValues = {
  basket: {},
  date: '',
  time: ASAP,
  ...NO_CONTACT,
};

/**
 * What the order form sent, as the page shows it again (its values) and the
 * service reads it (the body). A size is sent by its label, looked up in
 * `menu` (every dish, sold out or not): a dish that is not there is still
 * sent, so that the server names it in its refusal.
 */
export function orderFromForm(
  form: FormData,
  menu: MenuView,
): { values: OrderValues; body: unknown } {
  const values: OrderValues = {
    basket: readBasket(form.entries()),
    date: formText(form, 'date'),
    time: formText(form, 'time') || ASAP,
    ...contactFromForm(form),
  };
  const prices = new Map(
    menu.sections.flatMap((section) => section.items.map((item) => [item.id, item.prices])),
  );
  const items = Object.entries(values.basket).map(([key, quantity]) => {
    const [id, size] = key.split('-').map(Number) as [number, number];
    const sizes = prices.get(id);
    const label = sizes && sizes.length > 1 ? sizes[size]?.label : undefined;
    return label === undefined ? { id, quantity } : { id, quantity, price: label };
  });
  const body = {
    ...contactBody(values, form),
    pickup: values.time === ASAP ? ASAP : { date: values.date, time: values.time },
    items,
  };
  return { values, body };
}

/** What the page's action answers: the service's outcome, and what was sent (shown again). */
export interface OrderResult extends GuestFormResult<TakeawayOrderOutcome, OrderValues> {
  /** The names of the dishes an item-unavailable refusal names. */
  unavailable?: string[];
}

/** The HTTP status of an order's answer, as the API would give it. */
export const orderStatus = (outcome: TakeawayOrderOutcome): number => answerStatus(outcome, 201);

/** The dishes an item-unavailable refusal names (their ids in its `details`), by name. */
export function refusedDishes(unavailableIds: readonly number[], menu: MenuView): string[] {
  const names = new Map(
    menu.sections.flatMap((section) => section.items.map((item) => [item.id, item.name])),
  );
  return unavailableIds.map((id) => names.get(id) ?? `#${id}`);
}
