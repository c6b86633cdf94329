import { z } from './zod.ts';
import { contactMessagesAnswer } from './contact.ts';
import { reservationAnswer } from './reservations.ts';

/**
 * One guest's data across the families (GET|DELETE /api/guest-data, staff):
 * their bookings, takeaway orders, event requests and contact messages, as
 * the right of access and erasure asks for them.
 */

/** The answers name the guest as the request did: by `email` or by `phone`. */
const guestNamed = { email: z.string().optional(), phone: z.string().optional() };

/**
 * A guest's takeaway order as their data holds it: amounts as decimal
 * strings, its lines as ordered. Written here, with the rest of a guest's
 * data: the three families' schemas import only guest.ts, not each other.
 */
const guestTakeawayOrder = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  lang: z.string(),
  pickup: z.object({ date: z.string(), time: z.string() }),
  /** One of takeaway.ts `TAKEAWAY_ORDER_STATUSES`. */
  status: z.string(),
  notes: z.string(),
  source: z.enum(['online', 'phone']),
  total: z.string(),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      label: z.string(),
      quantity: z.number(),
      amount: z.string(),
    }),
  ),
});

/**
 * A guest's request for an event as their data holds it, with its thread
 * (oldest message first). Written here, with the rest of a guest's data.
 */
const guestEventInquiry = z.object({
  id: z.number(),
  /** One of events.ts `EVENT_KINDS`. */
  kind: z.string(),
  date: z.string(),
  altDate: z.string().nullable(),
  service: z.string(),
  adults: z.number(),
  children: z.number(),
  area: z.string(),
  /** A decimal string ("45.00"), null when not given. */
  budgetPerPerson: z.string().nullable(),
  allergens: z.array(z.string()),
  dietaryNotes: z.string(),
  notes: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  lang: z.string(),
  /** One of events.ts `EVENT_STATUSES`. */
  status: z.string(),
  createdAt: z.string(),
  /** A staff reply's `translation` is what the guest received in their language. */
  messages: z.array(
    z.object({
      at: z.string(),
      from: z.string(),
      text: z.string(),
      translation: z.string().nullable(),
    }),
  ),
});

/**
 * A guest's record (CONTRACT.md part four, "Guests") as their data holds it:
 * the latest name and contact they gave, staff's notes and tags, and the
 * review requests' memory.
 */
const guestRecordData = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  lang: z.string(),
  notes: z.string(),
  tags: z.array(z.string()),
  /** The newest day of their bookings, orders and requests: retention counts from it. */
  lastSeenOn: z.string(),
  reviewAskedAt: z.string().nullable(),
  reviewsStoppedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const guestDataAnswer = z.object({
  ...guestNamed,
  exportedAt: z.string(),
  reservations: z.array(reservationAnswer),
  /** As the inbox lists them, without the inbox's own state (read, delivery). */
  contactMessages: z.array(
    contactMessagesAnswer.shape.messages.element.omit({ read: true, delivery: true }),
  ),
  takeawayOrders: z.array(guestTakeawayOrder),
  eventInquiries: z.array(guestEventInquiry),
  /** Their guest records: one, or two when an e-mail's record and a phone's meet in one search. */
  guests: z.array(guestRecordData),
});
export type GuestData = z.infer<typeof guestDataAnswer>;

export const guestErasedAnswer = z.object({
  ...guestNamed,
  reservations: z.number(),
  contactMessages: z.number(),
  takeawayOrders: z.number(),
  eventInquiries: z.number(),
  mails: z.number(),
  /** Guest records erased, with their notes and tags. */
  guests: z.number(),
});
export type GuestErased = z.infer<typeof guestErasedAnswer>;
