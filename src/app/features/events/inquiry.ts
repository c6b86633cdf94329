import type { EventInquiryOutcome } from '../../context.ts';
import { AMOUNT_PATTERN } from '../../../shared/money.ts';
import {
  checkGuestContact,
  GUEST_CONTACT_FIELDS,
  NO_CONTACT,
  NOTES_MAX,
  type GuestContact,
} from '../../guest-kit/guest-contact.tsx';
import {
  contactBody,
  contactFromForm,
  formText,
  type GuestFormResult,
} from '../../guest-kit/guest-form.ts';

/**
 * The guest's events page without its looks: what the loader hands over,
 * how the posted form becomes the body `eventInquiryBody` takes, and the
 * checks the browser makes before sending. No zod here: this module is in
 * the public page's bundle, and the server checks everything again with the
 * shared schema (src/shared/schemas/events.ts).
 */

/** The largest party one request may bring (EVENT_GUESTS_MAX, checked by inquiry.test.ts). */
export const GUESTS_MAX = 300;

/** A closure of the restaurant, its note in the page's language. */
export interface EventClosure {
  from: string;
  to: string;
  note: string | null;
}

/** What /events renders from. */
export interface EventsPageData {
  /**
   * The first day a request may name: tomorrow in Rome. Today is too late
   * to prepare an event, and the server refuses it.
   */
  firstDay: string;
  /** The closures not over by `firstDay`, in date order: no event on those days. */
  closures: EventClosure[];
}

/** The fields of the request form, as the guest typed them. */
export interface InquiryValues extends GuestContact {
  kind: string;
  date: string;
  altDate: string;
  service: string;
  adults: string;
  children: string;
  area: string;
  budgetPerPerson: string;
  allergens: string[];
  dietaryNotes: string;
}

/** A form that sent nothing readable. */
export const NOTHING_SENT: InquiryValues = {
  kind: '',
  date: '',
  altDate: '',
  service: '',
  adults: '',
  children: '0',
  area: '',
  budgetPerPerson: '',
  allergens: [],
  dietaryNotes: '',
  ...NO_CONTACT,
};

/** The fields in the order the form shows them (the first to fix gets the focus). */
export const INQUIRY_FIELDS = [
  'kind',
  'date',
  'altDate',
  'service',
  'adults',
  'children',
  'area',
  'budgetPerPerson',
  'allergens',
  'dietaryNotes',
  ...GUEST_CONTACT_FIELDS,
] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export type FieldErrors = Partial<Record<InquiryField, true>>;

/**
 * What the request form sent, as the page shows it again (its values) and
 * the service reads it (the body). Everything arrives as text: the head
 * counts stay digits (the schema takes them so), the budget stays text,
 * ticked allergens become a list of codes, and optional fields left empty
 * are left out.
 */
export function inquiryFromForm(form: FormData): { values: InquiryValues; body: unknown } {
  const values: InquiryValues = {
    kind: formText(form, 'kind'),
    date: formText(form, 'date'),
    altDate: formText(form, 'altDate'),
    service: formText(form, 'service'),
    adults: formText(form, 'adults').trim(),
    children: formText(form, 'children').trim(),
    area: formText(form, 'area'),
    budgetPerPerson: formText(form, 'budgetPerPerson').trim(),
    allergens: form.getAll('allergens').filter((code) => typeof code === 'string'),
    dietaryNotes: formText(form, 'dietaryNotes'),
    ...contactFromForm(form),
  };
  const body: Record<string, unknown> = {
    kind: values.kind,
    date: values.date,
    service: values.service,
    adults: values.adults,
    children: values.children,
    area: values.area,
    allergens: values.allergens,
    ...contactBody(values, form),
  };
  if (values.altDate !== '') body.altDate = values.altDate;
  if (values.budgetPerPerson !== '') body.budgetPerPerson = values.budgetPerPerson;
  if (values.dietaryNotes !== '') body.dietaryNotes = values.dietaryNotes;
  return { values, body };
}

/** The closure `date` falls in, as the server finds it (a special day inside one does not open it). */
export const closureOn = (closures: readonly EventClosure[], date: string): EventClosure | null =>
  closures.find((closure) => closure.from <= date && date <= closure.to) ?? null;

/** Why a date cannot be asked for: not a date, too soon (today or before), or inside a closure. */
export type DateProblem =
  { reason: 'missing' } | { reason: 'past' } | { reason: 'closed'; closure: EventClosure };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a date field's value, or null; an empty second choice is fine. */
export function dateProblem(
  page: EventsPageData,
  date: string,
  optional = false,
): DateProblem | null {
  if (date === '') return optional ? null : { reason: 'missing' };
  if (!DATE.test(date)) return { reason: 'missing' };
  if (date < page.firstDay) return { reason: 'past' };
  const closure = closureOn(page.closures, date);
  return closure ? { reason: 'closed', closure } : null;
}

const count = (value: string, min: number): number | null =>
  /^\d{1,3}$/.test(value) && Number(value) >= min && Number(value) <= GUESTS_MAX
    ? Number(value)
    : null;

/** Adults and children together exceed what one request may bring. */
export const tooManyGuests = (values: Pick<InquiryValues, 'adults' | 'children'>): boolean =>
  (count(values.adults, 1) ?? 0) + (count(values.children, 0) ?? 0) > GUESTS_MAX;

/** A request's checks before it leaves: what a guest can get wrong by typing or forgetting. */
export function checkInquiry(page: EventsPageData, values: InquiryValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.kind === '') errors.kind = true;
  if (dateProblem(page, values.date)) errors.date = true;
  if (dateProblem(page, values.altDate, true)) errors.altDate = true;
  if (values.service === '') errors.service = true;
  if (count(values.adults, 1) === null || tooManyGuests(values)) errors.adults = true;
  if (count(values.children, 0) === null) errors.children = true;
  if (values.area === '') errors.area = true;
  if (values.budgetPerPerson !== '' && !AMOUNT_PATTERN.test(values.budgetPerPerson)) {
    errors.budgetPerPerson = true;
  }
  if (values.dietaryNotes.trim().length > NOTES_MAX) errors.dietaryNotes = true;
  return { ...errors, ...checkGuestContact(values) };
}

/** What the page's action answers: the service's outcome, and what was sent (shown again). */
export type InquiryResult = GuestFormResult<EventInquiryOutcome, InquiryValues>;
