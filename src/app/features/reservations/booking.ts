import type { BookingOutcome } from '../../context.ts';
import {
  checkGuestContact,
  GUEST_CONTACT_FIELDS,
  NO_CONTACT,
  type GuestContact,
} from '../../guest-kit/guest-contact.tsx';
import type { Slot } from '../../guest-kit/use-slots.ts';
import {
  answerStatus,
  contactBody,
  contactFromForm,
  formText,
  refusedFields,
  type GuestFormResult,
} from '../../guest-kit/guest-form.ts';

/**
 * The guest's booking page without its looks: what the page's loader hands
 * over, how a choice is read from the address, and the few checks the
 * browser makes before sending. No zod here: this module is in the public
 * page's bundle, and the server checks everything again with the shared schema.
 */

export interface CalendarDay {
  date: string;
  open: boolean;
}

/** What /reservations renders from: the calendar, and the slots of the chosen party and date. */
export interface BookingPageData {
  maxParty: number;
  days: CalendarDay[];
  /** The party asked for in the address: 1 to maxParty, or more (the guest is asked to phone). */
  party: number | null;
  /** The date asked for in the address, when it is an open day of the calendar. */
  date: string | null;
  /** That date's slots for that party; null unless both are chosen and the party books online. */
  slots: Slot[] | null;
  /**
   * The areas a guest may choose (the owner lets guests choose, and the
   * floor plan has online-bookable areas), named in the page's language; left
   * out otherwise, and the page is as it always was.
   */
  areas?: BookableArea[];
  /** The area asked for in the address, when it is one of `areas`; null: wherever there is room. */
  area?: number | null;
}

/** An area of the floor plan a guest may choose ("Terrazza", in the guest's language). */
export interface BookableArea {
  id: number;
  name: string;
}

/** Where the page asks for the times of a party and date, in an area if chosen (GET /api/reservations/availability). */
export const availabilityUrl = (party: number, date: string, area: number | null = null) =>
  `/api/reservations/availability?${new URLSearchParams({
    date,
    party: String(party),
    ...(area !== null ? { area: String(area) } : {}),
  })}`;

/** The times the server rendered (those of the choice in the page's address), for `useSlots`. */
export const renderedSlots = (data: BookingPageData) =>
  data.party !== null && data.date !== null && data.slots !== null
    ? { url: availabilityUrl(data.party, data.date, data.area ?? null), slots: data.slots }
    : null;

/** The area in the address (`?area=3`), when it is one the guest may choose. */
export function readArea(params: URLSearchParams, areas: readonly BookableArea[]): number | null {
  const text = params.get('area') ?? '';
  return areas.find((area) => String(area.id) === text)?.id ?? null;
}

/**
 * The party and date of the choice form (`?party=2&date=2026-12-05`): a party
 * is a whole number from 1 (a larger one than the site takes stays, to ask
 * for a phone call); a date must be an open day of the calendar.
 */
export function readChoice(
  params: URLSearchParams,
  days: readonly CalendarDay[],
): { party: number | null; date: string | null } {
  const partyText = params.get('party') ?? '';
  const party = /^[1-9]\d{0,2}$/.test(partyText) ? Number(partyText) : null;
  const dateText = params.get('date') ?? '';
  const date = days.some((day) => day.open && day.date === dateText) ? dateText : null;
  return { party, date };
}

/** The party select's value for a party: one past the online maximum stands for "more". */
export const partyChoice = (party: number | null, maxParty: number): string =>
  party === null ? '' : String(Math.min(party, maxParty + 1));

/** The fields of the booking form, as the guest typed them. */
export interface BookingValues extends GuestContact {
  party: string;
  date: string;
  time: string;
  /** The area chosen, only where the page offered a choice. */
  area?: string;
}

/** A form that sent nothing readable. */
export const NOTHING_SENT: BookingValues = {
  party: '',
  date: '',
  time: '',
  ...NO_CONTACT,
};

/** What the booking form sent, as the page shows it again (its values) and the service reads it (the body). */
export function bookingFromForm(form: FormData): { values: BookingValues; body: unknown } {
  const values: BookingValues = {
    party: formText(form, 'party'),
    date: formText(form, 'date'),
    time: formText(form, 'time'),
    ...contactFromForm(form),
  };
  const area = formText(form, 'area');
  if (area !== '') values.area = area;
  const body = {
    party: values.party,
    date: values.date,
    time: values.time,
    ...(area !== '' ? { area } : {}),
    ...contactBody(values, form),
  };
  return { values, body };
}

/** The fields the page shows an error beside; anything else the server refuses is told once, above the button. */
export const FIELDS_WITH_ERRORS = ['time', ...GUEST_CONTACT_FIELDS] as const;
export type FieldWithError = (typeof FIELDS_WITH_ERRORS)[number];
export type FieldErrors = Partial<Record<FieldWithError, true>>;

/** A booking's checks: a time, and the guest's contact fields. */
export function checkBooking(values: BookingValues): FieldErrors {
  return { ...(values.time === '' ? { time: true } : {}), ...checkGuestContact(values) };
}

/** What the page's action answers: the service's outcome, and what was sent (shown again). */
export type BookingResult = GuestFormResult<BookingOutcome, BookingValues>;

/** The fields the server refused, as the page marks them; the rest go to the general message. */
export const refusedFieldsOf = (outcome: BookingResult['outcome']) =>
  refusedFields(outcome, FIELDS_WITH_ERRORS);

/** The HTTP status of a booking's answer, as the API would give it. */
export const bookingStatus = (outcome: BookingOutcome): number => answerStatus(outcome, 200);
