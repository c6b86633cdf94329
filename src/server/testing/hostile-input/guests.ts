import fc from 'fast-check';
import { expect } from 'vitest';
import {
  GUEST_SEARCH_LIMIT,
  guestIdentity,
  type GuestSummary,
} from '../../../shared/schemas/guest-records.ts';
import { anyText } from './texts.ts';
import { app, CLOCK } from './app-under-test.ts';
import { segment, type Segment } from './paths.ts';

// The guest records' oracle and generators (hostile-input/guests.test.ts):
// each guest's summary as the contract defines it, counted here in
// JavaScript from every row (covers mode: this harness has no table), the
// keys, searches and tags the families send.

/** The owner's tags the families draw from (some in other cases, padded). */
export const TAG_POOL = ['VIP', 'Abituale', 'Allergie', 'Celiaco', 'Tavolo fisso'];
export const TAG_SPELLINGS = [...TAG_POOL, 'vip', ' Allergie ', 'ABITUALE', 'Nuovo', 'Sconosciuto'];

/** Tags the schema refuses: empty, too long, two lines. */
export const BAD_TAGS = ['', '   ', 'x'.repeat(31), 'riga\nnuova', 'tab\tqui'];

/** Every guest's summary, by record id, as the contract counts it. */
export async function expectedSummaries(): Promise<Map<number, GuestSummary>> {
  const [guests, bookings, orders] = await Promise.all([
    app.db.selectFrom('guests').select(['id', 'key', 'notes', 'tags']).execute(),
    app.db.selectFrom('reservations').select(['guest_id', 'status', 'starts_at']).execute(),
    app.db.selectFrom('takeaway_orders').select(['guest_id', 'status']).execute(),
  ]);
  const now = new Date(CLOCK).toISOString();
  return new Map(
    guests.map((guest) => {
      const theirs = bookings.filter((row) => row.guest_id === guest.id);
      const ordered = orders.filter((row) => row.guest_id === guest.id);
      const came = (row: (typeof theirs)[number]) =>
        row.status === 'seated' ||
        row.status === 'finished' ||
        (row.status === 'confirmed' && row.starts_at <= now);
      return [
        guest.id,
        {
          key: guest.key,
          visits: theirs.filter(came).length,
          noShows:
            theirs.filter((row) => row.status === 'no-show').length +
            ordered.filter((row) => row.status === 'no-show').length,
          cancellations: theirs.filter((row) => row.status === 'cancelled').length,
          orders: ordered.filter((row) => row.status === 'collected').length,
          notes: guest.notes,
          tags: JSON.parse(guest.tags) as string[],
        },
      ];
    }),
  );
}

/** A row's guest as a card shows them: null without a record. */
export const guestOf = (summaries: Map<number, GuestSummary>, guestId: number | null) =>
  guestId === null ? null : (summaries.get(guestId) ?? null);

/**
 * That a new booking, order or event request points (`guestId`, its row's
 * `guest_id`) at its guest's record: the one whose identity is the sent
 * e-mail or phone's (guestIdentity), named as the request was, the newest.
 */
export async function expectGuestRecord(
  guestId: number | null,
  sent: { name: string; email?: string; phone: string },
): Promise<void> {
  const identity = guestIdentity({ email: sent.email ?? '', phone: sent.phone });
  if (identity === null) return expect(guestId).toBeNull();
  const record = await app.db
    .selectFrom('guests')
    .select(['id', 'name'])
    .where('identity', '=', identity)
    .executeTakeFirst();
  expect(record).toEqual({ id: guestId, name: sent.name });
}

/** Key segments other than a stored key: one of the right form no record has, wrong forms, random text. */
export const otherKeySegments: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{16}$/).map(segment) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        'short',
        'x'.repeat(17),
        'AAAAAAAAAAAAAAA=',
        'AAAAAAAA AAAAAAA',
        '1',
        '0',
        'null',
        'AAAAAAAAAAAAAAAÀ',
        'x'.repeat(101),
      )
      .map(segment),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(segment),
  },
);

/** Whether a key segment has the form guestKeyParams takes. */
export const isKeyForm = (text: string) => /^[A-Za-z0-9_-]{16}$/.test(text);

/** Every record as the oracle reads it, with its summary and last visit. */
export async function records() {
  const [guests, summaries, bookings] = await Promise.all([
    app.db.selectFrom('guests').selectAll().execute(),
    expectedSummaries(),
    app.db.selectFrom('reservations').select(['guest_id', 'date', 'status', 'starts_at']).execute(),
  ]);
  const now = new Date(CLOCK).toISOString();
  return guests.map((guest) => {
    const came = bookings
      .filter((row) => row.guest_id === guest.id)
      .filter(
        (row) =>
          ['seated', 'finished'].includes(row.status) ||
          (row.status === 'confirmed' && row.starts_at <= now),
      )
      .map((row) => row.date)
      .sort();
    return {
      row: guest,
      answer: {
        ...summaries.get(guest.id)!,
        name: guest.name,
        email: guest.email,
        phone: guest.phone,
        lastVisit: came.at(-1) ?? null,
      },
    };
  });
}

/** The search's answer as the contract reads it. */
export async function expectedSearch(q: string | undefined) {
  const all = await records();
  const matches = all.filter(({ row }) => {
    if (q === undefined) return true;
    const folded = q.toLowerCase();
    const digits = q.replace(/\D/g, '');
    const phoneDigits = row.phone.replace(/\D/g, '');
    return (
      row.name.toLowerCase().includes(folded) ||
      row.email.toLowerCase().includes(folded) ||
      phoneDigits.includes(folded) ||
      (digits.length >= 3 && phoneDigits.includes(digits))
    );
  });
  return matches
    .sort((a, b) => b.row.last_seen_on.localeCompare(a.row.last_seen_on) || b.row.id - a.row.id)
    .slice(0, GUEST_SEARCH_LIMIT)
    .map(({ answer }) => answer);
}

const SEARCHES = [
  'anna',
  'ANNA',
  'bellini',
  'example',
  '333 12',
  '5550101',
  '100%',
  'a_b',
  '%%%',
  '___',
  'k\\s',
  'zoë',
  'ÜNAL',
  'ospite',
  'ospite1',
  '+41 79',
  'nessuno',
];
export const searchValues = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SEARCHES) },
  { weight: 1, arbitrary: fc.constantFrom('', 'ab', '  ab  ', 'due\nrighe', 'x'.repeat(101)) },
  { weight: 2, arbitrary: anyText(120) },
);
