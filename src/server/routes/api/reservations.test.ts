// Over 400 lines: the API tests of one route family, /api/reservations, from availability to the logs.
import { afterEach, describe, expect, it } from 'vitest';
import ical from 'node-ical';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { romeInstant } from '../../../shared/opening-hours.ts';
import type {
  Reservation,
  ReservationSettingsAnswer,
} from '../../../shared/schemas/reservations.ts';

// Table reservations (docs/api.md, "Reservations"): slots from the seeded hours
// (Tuesday to Sunday 12:00–15:00 and 19:00–23:30, Monday closed), capacity
// counted on overlapping table-turns, the guest's and the restaurant's mails
// with their invitations, staff's changes, the cancel link, reminders,
// settings, the calendar feed, one guest's data, and the race for the last
// covers. The app's clock is set, never waited for.
let harness: Awaited<ReturnType<typeof testApp>>;
let others: Awaited<ReturnType<typeof testApp>>[] = [];
let owner: string;
let staff: string;
/** Tuesday 13 January 2026, 10:00 in Rome (UTC+1). */
const START = Date.parse('2026-01-13T09:00:00Z');
let now = START;

/**
 * An app with an owner and a colleague logged in. Its outbox worker is
 * stopped unless `sending`: the tests read the mails as the outbox keeps
 * them before a send (which empties a guest mail's bodies).
 */
async function start(env: Record<string, string> = {}, { sending = false } = {}) {
  harness = await testApp(env, { pages: false, now: () => now });
  if (!sending) await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  await createStaff(harness.app, { email: 'luca@trattoria.example', username: 'luca' });
  owner = await login(harness.app);
  staff = await login(harness.app, 'luca@trattoria.example');
}
afterEach(async () => {
  for (const other of others) await other.close();
  others = [];
  await harness?.close();
  now = START;
});

const WEDNESDAY = '2026-01-14';
const MONDAY = '2026-01-19';
let address = 0;
/** Each guest from an address of its own, so that the flood limit stays out of the way. */
const nextAddress = () => `10.0.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

const guest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  phone: '+49 170 1234567',
  party: 2,
  date: WEDNESDAY,
  time: '20:00',
  notes: 'Ein Kinderstuhl, bitte',
  privacy: true,
  lang: 'de',
  ...overrides,
});

const book = (payload: object, app = harness.app, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url: '/api/reservations', payload, remoteAddress });
const availability = async (date: string, party = 2) => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/reservations/availability?date=${date}&party=${party}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ slots: { time: string; available: boolean }[] }>().slots;
};
const asStaff = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  bearer = staff,
) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${bearer}` },
  });
const byPhone = (overrides: Record<string, unknown> = {}) =>
  asStaff('POST', '/api/reservations/staff', {
    name: 'Tavolata Russo',
    phone: '+39 333 1234567',
    party: 30,
    date: WEDNESDAY,
    time: '19:00',
    lang: 'it',
    ...overrides,
  });
/** The reservation mails in the outbox (staff accounts have mails of their own). */
const mails = () =>
  harness.app.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', 'like', 'reservation-%')
    .orderBy('id')
    .execute();
const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  coversPerSlot: 40,
  turnMinutes: 120,
  minNoticeMinutes: 120,
  horizonDays: 60,
  maxPartyOnline: 8,
  autoConfirmMaxParty: null,
  retentionMonths: 24,
  ...overrides,
});

/** The one event of an iCalendar text, as an iCalendar parser reads it back. */
function eventOf(ics: string): ical.VEvent {
  const event = Object.values(ical.sync.parseICS(ics)).find((entry) => entry?.type === 'VEVENT');
  if (event?.type !== 'VEVENT') throw new Error(`no event in ${ics}`);
  return event;
}

describe('availability', () => {
  it('lists 15-minute slots inside the hours, the last one a turn before closing', async () => {
    await start();
    const slots = await availability(WEDNESDAY);
    expect(slots.map((slot) => slot.time)).toEqual([
      '12:00',
      '12:15',
      '12:30',
      '12:45',
      '13:00',
      '19:00',
      '19:15',
      '19:30',
      '19:45',
      '20:00',
      '20:15',
      '20:30',
      '20:45',
      '21:00',
      '21:15',
      '21:30',
    ]);
    expect(slots.every((slot) => slot.available)).toBe(true);
  });

  it('has none on a closed day, in a closure, beyond the horizon; none in the past or within the notice', async () => {
    await start();
    expect(await availability(MONDAY)).toEqual([]);
    expect(await availability('2026-01-12')).toEqual([]); // yesterday
    expect(await availability('2026-03-14')).not.toEqual([]); // 60 days ahead
    expect(await availability('2026-03-15')).toEqual([]);
    // Today at 10:00: two hours' notice leaves 12:00 and after.
    expect((await availability('2026-01-13'))[0]?.time).toBe('12:00');
    now = Date.parse('2026-01-13T10:50:00Z'); // 11:50 in Rome
    expect((await availability('2026-01-13'))[0]?.time).toBe('19:00');
    const put = await asStaff(
      'PUT',
      '/api/opening-hours',
      {
        weekly: [2, 3, 4, 5, 6, 7].map((day) => ({
          day,
          ranges: [
            { open: '12:00', close: '15:00' },
            { open: '19:00', close: '23:30' },
          ],
        })),
        closures: [{ from: WEDNESDAY, to: WEDNESDAY, note: 'Chiuso per inventario' }],
      },
      owner,
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(await availability(WEDNESDAY)).toEqual([]);
  });

  it('refuses a party over the online maximum, and malformed dates', async () => {
    await start();
    const large = await harness.app.inject({
      method: 'GET',
      url: `/api/reservations/availability?date=${WEDNESDAY}&party=9`,
    });
    expect(large.statusCode).toBe(409);
    expect(large.json().errors[0].code).toBe('party-too-large');
    for (const query of [
      'date=2026-02-30&party=2',
      'date=tomorrow&party=2',
      `date=${WEDNESDAY}&party=0`,
    ]) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/reservations/availability?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('counts every booking whose table-turn overlaps the slot', async () => {
    await start();
    expect((await byPhone({ party: 38 })).statusCode).toBe(201); // 19:00 to 21:00
    // Three people do not fit beside the 38 while they sit (19:00 to 21:00); two do.
    const slots = Object.fromEntries(
      (await availability(WEDNESDAY, 3)).map((slot) => [slot.time, slot.available]),
    );
    expect(slots['12:00']).toBe(true);
    expect(slots['13:00']).toBe(true); // lunch's last turn ends at 15:00, before them
    expect(slots['19:00']).toBe(false);
    expect(slots['20:45']).toBe(false); // its turn starts inside theirs
    expect(slots['21:00']).toBe(true);
    expect((await availability(WEDNESDAY, 2)).find((s) => s.time === '20:45')?.available).toBe(
      true,
    );
  });
});

describe('a guest books', () => {
  it('is pending, told in German with a cancel link; the restaurant is told in Italian, Reply-To the guest', async () => {
    await start();
    const response = await book(guest());
    expect(response.statusCode, response.body).toBe(201);
    const { id, status } = response.json<{ id: number; status: string }>();
    expect(status).toBe('pending');

    const [toGuest, notice] = await mails();
    expect(toGuest).toMatchObject({
      kind: 'reservation-received',
      recipient: 'jonas@example.de',
      subject: expect.stringContaining('Reservierungsanfrage erhalten'),
      personal: 1,
    });
    expect(toGuest!.text_body).toContain('Guten Tag Jonas Weber,');
    expect(toGuest!.text_body).toContain('2 Personen am Mittwoch, 14. Januar 2026 um 20:00');
    expect(toGuest!.secret_link).toMatch(
      /^https:\/\/www\.trattoria\.example\/reservations\/cancel\?token=[\w.-]+$/,
    );
    expect(notice).toMatchObject({
      kind: 'reservation-notice',
      reply_to: 'jonas@example.de',
      subject: 'Prenotazione: 2 persone, 14/01/2026 ore 20:00',
    });
    expect(notice!.text_body).toContain('Nuova prenotazione dal sito da confermare');
    expect(notice!.text_body).toContain(
      `https://www.trattoria.example/dashboard/reservations?data=${WEDNESDAY}&prenotazione=${id}`,
    );

    const day = await asStaff('GET', `/api/reservations?date=${WEDNESDAY}`);
    expect(day.json<Reservation[]>()).toEqual([
      expect.objectContaining({
        id,
        name: 'Jonas Weber',
        party: 2,
        time: '20:00',
        status: 'pending',
        lang: 'de',
        notes: 'Ein Kinderstuhl, bitte',
        source: 'online',
      }),
    ]);
  });

  it('is refused with 409 for a closed day, an off-grid time, the past and a full slot; nothing is stored', async () => {
    await start();
    expect((await byPhone({ party: 40, time: '20:00' })).statusCode).toBe(201);
    const before = (await mails()).length;
    const refusals = [
      [guest({ date: MONDAY }), 'not-a-slot'],
      [guest({ time: '20:10' }), 'not-a-slot'],
      [guest({ time: '22:00' }), 'not-a-slot'], // less than a turn before closing
      [guest({ date: '2026-01-12' }), 'not-a-slot'],
      [guest({ time: '21:00' }), 'slot-full'],
      [guest({ party: 9 }), 'party-too-large'],
    ] as const;
    for (const [payload, code] of refusals) {
      const response = await book(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json().errors[0].code).toBe(code);
    }
    const rows = await harness.app.db.selectFrom('reservations').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(await mails()).toHaveLength(before);
  });

  it('is confirmed at once, with a calendar invitation, when automatic confirmation covers the party', async () => {
    await start();
    const put = await asStaff(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ autoConfirmMaxParty: 4 }),
      owner,
    );
    expect(put.statusCode, put.body).toBe(200);
    const small = await book(guest());
    expect(small.json().status).toBe('confirmed');
    const large = await book(guest({ party: 6 }));
    expect(large.json().status).toBe('pending');

    const confirmed = (await mails()).find((mail) => mail.kind === 'reservation-confirmed')!;
    expect(confirmed.calendar_method).toBe('REQUEST');
    const event = eventOf(confirmed.calendar_ics!);
    expect(event.start.toISOString()).toBe(romeInstant(WEDNESDAY, '20:00').toISOString());
    expect(event.end?.toISOString()).toBe(romeInstant(WEDNESDAY, '22:00').toISOString());
    expect(event.uid).toBe(`reservation-${small.json().id}@www.trattoria.example`);
    expect(confirmed.calendar_ics).toContain('METHOD:REQUEST');
    expect(confirmed.html_body).toContain('"@type":"FoodEstablishmentReservation"');
    expect(confirmed.html_body).toContain('"target":"{{secret-link}}"');
  });

  it('takes the party as a whole number, or its digits as text (a form); any other type is 400', async () => {
    await start();
    for (const party of [true, [3], null, '', ' 2', '1e1', '0x2', 2.5]) {
      const response = await book(guest({ party }));
      expect(response.statusCode, JSON.stringify(party)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(party)).toEqual(['party']);
    }
    for (const party of ['true', '', '%202', '1e1', '0x2', '2.5', '-2']) {
      const query = `date=${WEDNESDAY}&party=${party}`;
      const slots = await harness.app.inject({
        method: 'GET',
        url: `/api/reservations/availability?${query}`,
      });
      expect(slots.statusCode, query).toBe(400);
    }
    expect(await harness.app.db.selectFrom('reservations').select('id').execute()).toEqual([]);
    const booked = await book(guest({ party: '3' }));
    expect(booked.statusCode, booked.body).toBe(201);
    const row = await harness.app.db
      .selectFrom('reservations')
      .select('party')
      .executeTakeFirstOrThrow();
    expect(row.party).toBe(3);
  });

  it('takes a phone on one line: digits with spaces, +, -, dots, slashes and brackets', async () => {
    await start();
    for (const phone of [
      '333\n1234567',
      '333\r\n1234567',
      '333\t1234567',
      '+39\u2028333 1234567',
    ]) {
      const response = await book(guest({ phone }));
      expect(response.statusCode, JSON.stringify(phone)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(phone)).toEqual(['phone']);
    }
    expect(await harness.app.db.selectFrom('reservations').select('id').execute()).toEqual([]);
    const booked = await book(guest({ phone: ' +39 (0923) 555-01.87/8 ' }));
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('a honeypot filled in is answered as received, and nothing is stored or sent', async () => {
    await start();
    const response = await book(guest({ website: 'http://spam.example' }));
    expect(response.statusCode).toBe(201);
    expect(await harness.app.db.selectFrom('reservations').select('id').execute()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it('limits bookings per client address (429), an IPv6 client by its /56', async () => {
    await start();
    const times = ['12:00', '12:15', '12:30', '12:45', '13:00', '19:00', '19:15', '19:30'];
    const someone = (i: number) =>
      guest({
        time: times[i % times.length],
        email: `g${i}@example.de`,
        phone: `+49 170 ${i}00000`,
      });
    // Ten requests from ten /64 networks of one /56 (one subscriber's).
    for (let i = 0; i < 10; i += 1) {
      const answer = await book(someone(i), harness.app, `2001:db8:7:8${i}0::1`);
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const over = await book(someone(10), harness.app, '2001:db8:7:8ff:ffff::9');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      errors: [{ code: 'rate-limited', description: expect.any(String) }],
    });
    expect((await book(someone(10), harness.app, '2001:db8:7:900::1')).statusCode).toBe(201);
  });

  it('limits bookings per e-mail (any case) and per phone (however written), each on its own budget, on every instance', async () => {
    await start();
    const second = await testApp(
      {},
      { pages: false, sharedDatabase: harness.database, now: () => now },
    );
    others.push(second);
    await second.app.outbox.stop();
    // On PostgreSQL, two instances share the budget; on SQLite the one process owns the file.
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    const times = ['12:00', '12:15', '12:30', '12:45', '13:00', '19:00', '19:15', '19:30'];
    const cases = ['anna@example.it', 'ANNA@Example.IT', 'Anna@example.it'];
    for (let i = 0; i < 8; i += 1) {
      const answer = await book(
        guest({ time: times[i], email: cases[i % 3], phone: `+39 333 10000${i}` }),
        apps[i % apps.length],
      );
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const stored = async () =>
      (await harness.app.db.selectFrom('reservations').select('id').execute()).length;
    const sent = async () => (await mails()).length;
    const [rows, outbox] = [await stored(), await sent()];
    const byEmail = await book(
      guest({ time: '20:00', email: ' ANNA@EXAMPLE.IT ', phone: '+39 333 999999' }),
    );
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json().errors[0].code).toBe('rate-limited');
    expect(byEmail.headers['retry-after']).toBeDefined();
    // A +tag reaches the same mailbox.
    const tagged = await book(
      guest({ time: '20:00', email: 'anna+tavolo@example.it', phone: '+39 333 999998' }),
    );
    expect(tagged.statusCode).toBe(429);

    const written = ['+39 06 1234-567', '+39061234567', '+39 (06) 123.45.67', '+39/06/1234567'];
    for (let i = 0; i < 8; i += 1) {
      const answer = await book(
        guest({ time: times[i], email: `p${i}@example.it`, phone: written[i % 4] }),
        apps[i % apps.length],
      );
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const byPhone = await book(
      guest({ time: '20:00', email: 'other@example.it', phone: '+39 061 234 567' }),
    );
    expect(byPhone.statusCode).toBe(429);
    // 00 is how a +39 is dialled.
    const dialled = await book(
      guest({ time: '20:00', email: 'other2@example.it', phone: '0039 06 1234567' }),
    );
    expect(dialled.statusCode).toBe(429);
    // Without the +, the same digits are another phone; a new e-mail and phone book as ever.
    expect(
      (await book(guest({ time: '20:00', email: 'x@example.it', phone: '39 06 1234567' })))
        .statusCode,
    ).toBe(201);
    expect(await stored()).toBe(rows + 9);
    expect(await sent()).toBe(outbox + 9 * 2);
    // No limit's key holds the guest's address or phone.
    const keys = (await harness.app.db.selectFrom('rate_limits').select('key').execute()).map(
      (row) => row.key,
    );
    expect(keys.join(' ')).not.toMatch(/anna|example|3906/i);
  });
});

describe('staff', () => {
  it('confirm (invitation), then cancel (METHOD:CANCEL, same UID, higher sequence); each in the audit log', async () => {
    await start();
    const { id } = (await book(guest())).json<{ id: number }>();
    const confirm = await asStaff('PATCH', `/api/reservations/${id}`, { status: 'confirmed' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json<Reservation>().status).toBe('confirmed');
    const cancel = await asStaff('PATCH', `/api/reservations/${id}`, { status: 'cancelled' });
    expect(cancel.json<Reservation>().status).toBe('cancelled');

    const all = await mails();
    const confirmed = all.find((mail) => mail.kind === 'reservation-confirmed')!;
    const cancelled = all.find((mail) => mail.kind === 'reservation-cancelled')!;
    expect(cancelled.calendar_method).toBe('CANCEL');
    expect(cancelled.subject).toContain('storniert');
    const invited = eventOf(confirmed.calendar_ics!);
    const withdrawn = eventOf(cancelled.calendar_ics!);
    expect(withdrawn.uid).toBe(invited.uid);
    expect(Number(withdrawn.sequence)).toBeGreaterThan(Number(invited.sequence));
    expect(cancelled.calendar_ics).toContain('METHOD:CANCEL');
    expect(cancelled.calendar_ics).toContain('STATUS:CANCELLED');

    const audit = await asStaff('GET', '/api/audit?limit=2', undefined, owner);
    expect(audit.json<{ action: string }[]>().map((entry) => entry.action)).toEqual([
      'reservation.cancelled',
      'reservation.confirmed',
    ]);
    // The slot is free again.
    const again = await asStaff('PATCH', `/api/reservations/${id}`, { status: 'confirmed' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('invalid-transition');
  });

  it('decline with a message the guest reads; a no-show sends nothing; unknown ids are 404', async () => {
    await start();
    const first = (await book(guest())).json<{ id: number }>().id;
    const declined = await asStaff('PATCH', `/api/reservations/${first}`, {
      status: 'declined',
      message: 'Quella sera siamo chiusi per un evento privato.',
    });
    expect(declined.json<Reservation>()).toMatchObject({
      status: 'declined',
      staffMessage: 'Quella sera siamo chiusi per un evento privato.',
    });
    const mail = (await mails()).find((row) => row.kind === 'reservation-declined')!;
    expect(mail.text_body).toContain('Eine Nachricht des Restaurants:\nQuella sera siamo chiusi');
    expect(mail.secret_link).toBeNull();

    const second = (await byPhone({ party: 2, email: 'gianni@example.it' })).json<Reservation>();
    const before = (await mails()).length;
    const noShow = await asStaff('PATCH', `/api/reservations/${second.id}`, { status: 'no-show' });
    expect(noShow.json<Reservation>().status).toBe('no-show');
    expect(await mails()).toHaveLength(before);

    expect(
      (await asStaff('PATCH', '/api/reservations/999', { status: 'confirmed' })).statusCode,
    ).toBe(404);
    expect(
      (
        await harness.app.inject({
          method: 'PATCH',
          url: `/api/reservations/${first}`,
          payload: { status: 'confirmed' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('an id past 32 bits is 400 on either database (PostgreSQL answered 500), the largest one 404', async () => {
    await start();
    for (const id of ['2147483648', '999999999999999']) {
      const response = await asStaff('PATCH', `/api/reservations/${id}`, { status: 'confirmed' });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['id']);
    }
    const largest = await asStaff('PATCH', '/api/reservations/2147483647', { status: 'confirmed' });
    expect(largest.statusCode, largest.body).toBe(404);
  });

  it('book by phone: confirmed; over capacity only with override, which the booking remembers', async () => {
    await start();
    const first = await byPhone({ party: 38 });
    expect(first.json<Reservation>()).toMatchObject({
      status: 'confirmed',
      source: 'staff',
      overCapacity: false,
    });
    expect(await mails()).toEqual([]); // no e-mail given, none sent

    const refused = await byPhone({ party: 4, time: '20:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'slot-full',
      description: expect.stringContaining('coperti'),
    });
    const forced = await byPhone({
      party: 4,
      time: '20:00',
      override: true,
      email: 'marta@example.it',
    });
    expect(forced.statusCode).toBe(201);
    expect(forced.json<Reservation>().overCapacity).toBe(true);
    // Staff book a walk-in now, with no notice, which a guest could not.
    const walkIn = await byPhone({ party: 2, date: '2026-01-13', time: '12:00' });
    expect(walkIn.statusCode).toBe(201);
    expect((await mails()).map((mail) => mail.kind)).toEqual(['reservation-confirmed']);

    const occupancy = await asStaff('GET', `/api/reservations/occupancy?date=${WEDNESDAY}`);
    const covers = Object.fromEntries(
      occupancy
        .json<{ slots: { time: string; covers: number }[] }>()
        .slots.map((s) => [s.time, s.covers]),
    );
    expect(covers).toMatchObject({ '12:00': 0, '19:00': 38, '20:00': 42, '21:00': 4, '21:30': 4 });
  });
});

describe('a booking as staff read it', () => {
  // Every field, written out: the hostile-input oracle compares staff's
  // answers with the server's own mapping of a row, so the mapping is pinned here.
  it('every field of a declined guest booking and of a phone booking', async () => {
    await start();
    const online = await book(guest());
    const { id } = online.json<{ id: number }>();
    const declined = await asStaff('PATCH', `/api/reservations/${id}`, {
      status: 'declined',
      message: 'Siamo al completo.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const phoned = await byPhone({ party: 4, time: '20:00', notes: 'Vicino alla finestra' });
    const phonedId = phoned.json<Reservation>().id;

    const day = await asStaff('GET', `/api/reservations?date=${WEDNESDAY}`);
    const created = new Date(START).toISOString();
    expect(day.json<Reservation[]>()).toEqual([
      {
        id,
        name: 'Jonas Weber',
        email: 'jonas@example.de',
        phone: '+49 170 1234567',
        party: 2,
        date: WEDNESDAY,
        time: '20:00',
        status: 'declined',
        notes: 'Ein Kinderstuhl, bitte',
        lang: 'de',
        createdAt: created,
        source: 'online',
        staffMessage: 'Siamo al completo.',
        overCapacity: false,
        tableIds: [],
        area: null,
        arrivedAt: null,
        seatedAt: null,
        finishedAt: null,
        conflict: false,
        guestConfirmedAt: null,
        noReview: false,
        guest: {
          key: expect.stringMatching(/^[\w-]{16}$/),
          visits: 0,
          noShows: 0,
          cancellations: 0,
          orders: 0,
          notes: '',
          tags: [],
        },
      },
      {
        id: phonedId,
        name: 'Tavolata Russo',
        email: '',
        phone: '+39 333 1234567',
        party: 4,
        date: WEDNESDAY,
        time: '20:00',
        status: 'confirmed',
        notes: 'Vicino alla finestra',
        lang: 'it',
        createdAt: created,
        source: 'staff',
        staffMessage: null,
        overCapacity: false,
        tableIds: [],
        area: null,
        arrivedAt: null,
        seatedAt: null,
        finishedAt: null,
        conflict: false,
        guestConfirmedAt: null,
        noReview: false,
        guest: {
          key: expect.stringMatching(/^[\w-]{16}$/),
          visits: 0,
          noShows: 0,
          cancellations: 0,
          orders: 0,
          notes: '',
          tags: [],
        },
      },
    ]);
  });
});

describe('the cancel link', () => {
  const tokenOf = async (kind: string) => {
    const link = (await mails()).find((mail) => mail.kind === kind)!.secret_link!;
    return new URL(link).searchParams.get('token')!;
  };
  const cancel = (token: string) =>
    harness.app.inject({ method: 'POST', url: '/api/reservations/cancel', payload: { token } });

  it('cancels once pressed, tells the restaurant, and frees the slot; a forged or late link does nothing', async () => {
    await start();
    await asStaff('PUT', '/api/reservations/settings', settingsBody({ coversPerSlot: 2 }), owner);
    const { id } = (await book(guest())).json<{ id: number }>();
    const token = await tokenOf('reservation-received');
    expect((await availability(WEDNESDAY)).find((s) => s.time === '20:00')?.available).toBe(false);

    const [head, start_, signature] = token.split('.') as [string, string, string];
    const forged = [
      `${Number(head) + 1}.${start_}.${signature}`,
      `${head}.${Number(start_) + 900}.${signature}`,
      `${head}.${start_}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      'nonsense',
    ];
    for (const bad of forged) expect((await cancel(bad)).statusCode, bad).toBe(400);

    const done = await cancel(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ id, status: 'cancelled' });
    expect((await cancel(token)).json()).toEqual({ id, status: 'cancelled' }); // pressed twice
    expect((await availability(WEDNESDAY)).find((s) => s.time === '20:00')?.available).toBe(true);
    const kinds = (await mails()).map((mail) => mail.kind);
    expect(kinds).toContain('reservation-cancelled');
    expect(kinds).toContain('reservation-cancel-notice');
    // Never confirmed, never invited: nothing to withdraw from a calendar.
    expect(
      (await mails()).find((mail) => mail.kind === 'reservation-cancelled')!.calendar_method,
    ).toBeNull();

    const second = (await book(guest({ time: '21:00' }))).json<{ id: number }>().id;
    const late = (await mails()).filter((mail) => mail.kind === 'reservation-received').at(-1)!;
    now = Date.parse('2026-01-14T20:00:00Z'); // 21:00 in Rome: the booking has begun
    expect((await cancel(new URL(late.secret_link!).searchParams.get('token')!)).statusCode).toBe(
      400,
    );
    const row = await harness.app.db
      .selectFrom('reservations')
      .select('status')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('reminders', () => {
  it('the day before at 10:00, once, whatever instance asks and however often', async () => {
    await start();
    await asStaff(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ autoConfirmMaxParty: 8 }),
      owner,
    );
    now = Date.parse('2026-01-12T09:00:00Z'); // Monday 10:00
    expect((await book(guest({ date: WEDNESDAY }))).json().status).toBe('confirmed');
    now = Date.parse('2026-01-13T08:59:00Z'); // Tuesday 09:59
    expect(await harness.app.reservations.queueReminders()).toBe(0);
    // A second instance on the same database (which looks for due reminders as it starts).
    const other = await testApp(
      {},
      { pages: false, sharedDatabase: harness.database, now: () => now },
    );
    others.push(other);
    await other.app.outbox.stop();
    now = Date.parse('2026-01-13T09:05:00Z');
    // On PostgreSQL the two instances race; on SQLite (one process per file) they take turns.
    const instances = [harness.app, other.app, harness.app];
    const counts =
      harness.database.dialect === 'postgres'
        ? await Promise.all(instances.map((app) => app.reservations.queueReminders()))
        : [
            await harness.app.reservations.queueReminders(),
            await other.app.reservations.queueReminders(),
          ];
    expect(counts.reduce((a, b) => a + b)).toBe(1);
    expect(await harness.app.reservations.queueReminders()).toBe(0);
    const reminders = (await mails()).filter((mail) => mail.kind === 'reservation-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toContain('Bis morgen');
  });

  it('none for a booking confirmed after the reminder time: its confirmation has just arrived', async () => {
    await start();
    now = Date.parse('2026-01-12T09:00:00Z'); // Monday 10:00: booked, pending
    const { id } = (await book(guest({ date: WEDNESDAY }))).json<{ id: number }>();
    now = Date.parse('2026-01-13T17:00:00Z'); // Tuesday 18:00: staff confirm
    expect(
      (await asStaff('PATCH', `/api/reservations/${id}`, { status: 'confirmed' })).statusCode,
    ).toBe(200);
    now = Date.parse('2026-01-13T17:05:00Z');
    expect(await harness.app.reservations.queueReminders()).toBe(0);
  });

  it('a booking that has begun gets its confirmation without a cancel link (which the outbox would drop, expired)', async () => {
    await start();
    const walkIn = await byPhone({
      party: 2,
      date: '2026-01-13',
      time: '12:00',
      email: 'marta@example.it',
    });
    expect(walkIn.statusCode).toBe(201);
    now = Date.parse('2026-01-13T11:30:00Z'); // 12:30 in Rome
    const late = await byPhone({
      party: 2,
      date: '2026-01-13',
      time: '12:00',
      email: 'gino@example.it',
    });
    expect(late.statusCode).toBe(201);
    const [early, begun] = await mails();
    expect(early!.secret_link).toMatch(/\/reservations\/cancel\?token=/);
    expect(begun).toMatchObject({
      recipient: 'gino@example.it',
      secret_link: null,
      calendar_method: 'REQUEST',
    });
  });
});

describe('settings and the calendar feed (owner)', () => {
  it('defaults, 403 for staff, a refused PUT changes nothing, a rotated feed address retires the old one', async () => {
    await start();
    const read = await asStaff('GET', '/api/reservations/settings', undefined, owner);
    const settings = read.json<ReservationSettingsAnswer>();
    expect(settings).toMatchObject(settingsBody());
    expect((await asStaff('GET', '/api/reservations/settings')).statusCode).toBe(403);
    expect((await asStaff('PUT', '/api/reservations/settings', settingsBody())).statusCode).toBe(
      403,
    );

    const bad = await asStaff(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ turnMinutes: 100 }),
      owner,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.turnMinutes[0]).toContain('multiplo di 15');
    expect((await asStaff('GET', '/api/reservations/settings', undefined, owner)).json()).toEqual(
      settings,
    );

    await byPhone({ party: 4, email: 'marta@example.it', name: 'Marta Greco' });
    const feedPath = new URL(settings.calendarFeedUrl).pathname;
    const feed = await harness.app.inject({ method: 'GET', url: feedPath });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('Marta Greco');

    const rotated = await asStaff(
      'POST',
      '/api/reservations/settings/calendar-feed',
      undefined,
      owner,
    );
    const newPath = new URL(rotated.json<ReservationSettingsAnswer>().calendarFeedUrl).pathname;
    expect(newPath).not.toBe(feedPath);
    expect((await harness.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);
  });
});

describe("one guest's data", () => {
  it('exports and erases by e-mail, whatever its case; the audit log keeps no address', async () => {
    await start();
    await book(guest());
    await book(guest({ time: '21:00', email: 'JONAS@example.de' }));
    await book(guest({ email: 'someone@else.example' }));
    await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstName: 'Jonas',
        lastName: 'Weber',
        email: 'jonas@example.de',
        message: 'Hallo!',
        privacy: true,
      },
    });
    const exported = await asStaff('GET', '/api/guest-data?email=Jonas@Example.de');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().reservations).toHaveLength(2);
    expect(exported.json().contactMessages).toHaveLength(1);

    const erased = await asStaff('DELETE', '/api/guest-data?email=jonas@example.de');
    expect(erased.json()).toMatchObject({ reservations: 2, contactMessages: 1 });
    expect(erased.json().mails).toBeGreaterThanOrEqual(4);
    const after = await asStaff('GET', '/api/guest-data?email=jonas@example.de');
    expect(after.json()).toMatchObject({ reservations: [], contactMessages: [] });
    const left = await harness.app.db
      .selectFrom('outbox')
      .select(['recipient', 'reply_to'])
      .execute();
    expect(JSON.stringify(left).toLowerCase()).not.toContain('jonas@');
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select(['target', 'summary'])
      .execute();
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('jonas');
  });

  it('exports and erases by phone, however it was written, a booking taken by phone without an e-mail included', async () => {
    await start();
    // Taken by phone without an e-mail, by phone with one, and online: one phone, three ways of writing it.
    expect((await byPhone({ party: 2, phone: '+39 333 123-4567', email: '' })).statusCode).toBe(
      201,
    );
    expect(
      (
        await byPhone({
          party: 2,
          time: '21:00',
          phone: '+39 (333) 1234567',
          email: 'rosa@example.it',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await book(guest({ phone: '+39/333/123.45.67', email: 'rosa@example.it' }))).statusCode,
    ).toBe(201);
    // Someone else: the same digits without the +, and another phone.
    expect(
      (await byPhone({ party: 2, time: '21:30', phone: '39 333 1234567', email: '' })).statusCode,
    ).toBe(201);
    expect((await book(guest({ time: '19:00' }))).statusCode).toBe(201);

    const exported = await asStaff('GET', '/api/guest-data?phone=%2B39%20333%201234567');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json()).toMatchObject({ phone: '+393331234567', contactMessages: [] });
    expect(exported.json().email).toBeUndefined();
    const phones = exported
      .json<{ reservations: { phone: string }[] }>()
      .reservations.map((r) => r.phone);
    expect(phones.sort()).toEqual(['+39 (333) 1234567', '+39 333 123-4567', '+39/333/123.45.67']);
    expect(JSON.stringify(exported.json())).not.toContain('client');

    const erased = await asStaff('DELETE', '/api/guest-data?phone=%2B393331234567');
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({
      phone: '+393331234567',
      reservations: 3,
      contactMessages: 0,
    });
    // The mails to and from the e-mail those bookings gave went with them.
    expect(erased.json().mails).toBeGreaterThanOrEqual(3);
    const left = await harness.app.db.selectFrom('reservations').select('phone').execute();
    expect(left.map((row) => row.phone).sort()).toEqual(['+49 170 1234567', '39 333 1234567']);
    const outbox = await harness.app.db
      .selectFrom('outbox')
      .select(['recipient', 'reply_to'])
      .execute();
    expect(JSON.stringify(outbox)).not.toContain('rosa@');
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select(['target', 'summary'])
      .execute();
    expect(JSON.stringify(audit)).not.toMatch(/333|rosa/i);

    // Exactly one of the two, and a phone that is one.
    for (const query of [
      '',
      '?email=rosa%40example.it&phone=3331234567',
      '?phone=12',
      '?phone=abc',
      '?phone=',
    ]) {
      const answer = await asStaff('GET', `/api/guest-data${query}`);
      expect(answer.statusCode, query).toBe(400);
    }
  });

  it("erasing one phone keeps the mails of an e-mail another phone's booking still uses", async () => {
    await start();
    // A family: one e-mail, two phones, two bookings.
    const family = 'famiglia@example.it';
    expect((await book(guest({ phone: '+39 333 1111111', email: family }))).statusCode).toBe(201);
    expect(
      (await book(guest({ time: '21:00', phone: '+39 333 2222222', email: family }))).statusCode,
    ).toBe(201);
    const erased = await asStaff('DELETE', '/api/guest-data?phone=%2B393331111111');
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ reservations: 1, mails: 0 });
    // The other booking stands, and so do the mails about it.
    const left = await harness.app.db.selectFrom('reservations').select('phone').execute();
    expect(left.map((row) => row.phone)).toEqual(['+39 333 2222222']);
    const toFamily = await harness.app.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', family)
      .execute();
    expect(toFamily.length).toBeGreaterThan(0);
  });

  it('the retention job anonymises bookings and deletes messages older than the period, and keeps the rest', async () => {
    await start();
    await byPhone({ party: 2 });
    await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstName: 'Jonas',
        lastName: 'Weber',
        email: 'jonas@example.de',
        message: 'Hallo!',
        privacy: true,
      },
    });
    // Contact messages are dated by the wall clock, not the app's: date this one back.
    await harness.app.db
      .updateTable('contact_messages')
      .set({ created_at: '2026-01-13T09:00:00.000Z' })
      .execute();
    now = Date.parse('2028-01-15T09:00:00Z'); // two years and a day after the dinner
    // Another guest: a returning one keeps their old bookings (guest-data.test.ts).
    await byPhone({ party: 2, date: '2028-01-19', time: '20:00', phone: '+39 320 7654321' });
    expect(await harness.app.guestData.purgeExpired(24)).toEqual({
      reservations: 1,
      takeawayOrders: 0,
      eventInquiries: 0,
      contactMessages: 1,
      guests: 1,
    });
    const left = await harness.app.db
      .selectFrom('reservations')
      .select(['date', 'party', 'name', 'phone'])
      .orderBy('date')
      .execute();
    expect(left).toEqual([
      { date: '2026-01-14', party: 2, name: '', phone: '' },
      { date: '2028-01-19', party: 2, name: 'Tavolata Russo', phone: '+39 320 7654321' },
    ]);
    expect(await harness.app.guestData.purgeExpired(24)).toEqual({
      reservations: 0,
      takeawayOrders: 0,
      eventInquiries: 0,
      contactMessages: 0,
      guests: 0,
    });
  });

  it('reach a real SMTP server, the invitation as its calendar part; then the outbox keeps no body', async () => {
    const smtp = await startSmtpServer();
    try {
      await start({ SMTP_URL: smtp.url }, { sending: true });
      await asStaff(
        'PUT',
        '/api/reservations/settings',
        settingsBody({ autoConfirmMaxParty: 8 }),
        owner,
      );
      await book(guest());
      const received = (await smtp.waitFor(3)).filter(
        (mail) => !mail.to.includes('anna@trattoria.example'),
      );
      const toGuest = received.find((mail) => mail.to.includes('jonas@example.de'))!;
      expect(toGuest.header('reply-to')).toContain('@');
      expect(toGuest.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      expect(toGuest.text).toContain('/reservations/cancel?token=');
      const notice = received.find((mail) => !mail.to.includes('jonas@example.de'))!;
      expect(notice.header('reply-to')).toBe('jonas@example.de');
      await harness.app.outbox.stop(); // lets the send under way record itself
      const rows = await mails();
      expect(
        rows.map((row) => [
          row.status,
          row.text_body,
          row.html_body,
          row.calendar_ics,
          row.secret_link,
        ]),
      ).toEqual([
        ['sent', '', '', null, null],
        ['sent', '', '', null, null],
      ]);
    } finally {
      await harness?.close();
      await smtp.stop();
    }
  });
});

describe('declining every pending request of one guest (docs/security.md item 41)', () => {
  it("by address: only that address's requests of the last 48 hours still to come; a decided request forgets its address", async () => {
    now = Date.parse('2026-01-10T09:00:00Z'); // Saturday
    await start();
    const from = '198.51.100.20';
    const request = async (overrides: Record<string, unknown>) => {
      const answer = await book(guest(overrides), harness.app, from);
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: number }>().id;
    };
    // Asked three days before the rest: another household behind the same address, maybe.
    const early = await request({ email: 'early@example.com', phone: '+39 333 3000001' });
    now = Date.parse('2026-01-13T09:00:00Z');
    const burst = await request({
      time: '12:15',
      email: 'burst@example.com',
      phone: '+39 333 3000002',
    });
    const confirmed = await request({
      time: '12:30',
      email: 'kept@example.com',
      phone: '+39 333 3000003',
    });
    expect(
      (await asStaff('PATCH', `/api/reservations/${confirmed}`, { status: 'confirmed' }))
        .statusCode,
    ).toBe(200);
    const keys = async () =>
      Object.fromEntries(
        (
          await harness.app.db.selectFrom('reservations').select(['id', 'client_key']).execute()
        ).map((row) => [row.id, row.client_key]),
      );
    expect(await keys()).toEqual({ [early]: from, [burst]: from, [confirmed]: null });

    const count = await asStaff('GET', `/api/reservations/decline-pending?addressOf=${burst}`);
    expect(count.json()).toEqual({ pending: 1 });
    const declined = await asStaff('POST', '/api/reservations/decline-pending', {
      addressOf: burst,
    });
    expect(declined.json()).toEqual({ declined: 1 });
    expect(await keys()).toEqual({ [early]: from, [burst]: null, [confirmed]: null });

    // Once its time has passed, a pending request is nobody's to decline, by e-mail either.
    now = Date.parse('2026-01-15T09:00:00Z');
    const late = await asStaff(
      'GET',
      '/api/reservations/decline-pending?email=early%40example.com',
    );
    expect(late.json()).toEqual({ pending: 0 });
  });

  it('by e-mail, phone or client address: each audited by number, one mail per guest in their language, through a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      await start({ SMTP_URL: smtp.url }, { sending: true });
      const times = ['12:00', '12:15', '12:30', '19:00', '19:15', '19:30', '20:00', '20:15'];
      let slot = 0;
      const request = async (overrides: Record<string, unknown>, from = nextAddress()) => {
        const answer = await book(guest({ time: times[slot++], ...overrides }), harness.app, from);
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json<{ id: number }>().id;
      };
      // Mallory: three requests (the last in French), one of them confirmed by staff.
      const mallory = { email: 'mallory@example.com', name: 'Mallory' };
      const m1 = await request({ ...mallory, lang: 'de', phone: '+44 20 0000001' });
      const m2 = await request({ ...mallory, lang: 'de', phone: '+44 20 0000002' });
      const m3 = await request({ ...mallory, lang: 'fr', party: 3, phone: '+44 20 0000003' });
      expect(
        (await asStaff('PATCH', `/api/reservations/${m2}`, { status: 'confirmed' })).statusCode,
      ).toBe(200);
      // Carol: one phone under two e-mails. Bob: someone else.
      const c1 = await request({
        email: 'carol@example.com',
        phone: '+39 333 7777777',
        lang: 'it',
      });
      const c2 = await request({
        email: 'carol.b@example.com',
        phone: '+39 (333) 777-7777',
        lang: 'en',
      });
      const bob = await request({ email: 'bob@example.com', phone: '+39 333 1111111' });
      // Two /64 networks of one /56, and another client.
      const a1 = await request(
        { email: 'a1@example.com', phone: '+39 333 2000001' },
        '2001:db8:9:100::1',
      );
      const a2 = await request(
        { email: 'a2@example.com', phone: '+39 333 2000002' },
        '2001:db8:9:1ff::2',
      );

      const count = (query: string) => asStaff('GET', `/api/reservations/decline-pending?${query}`);
      expect((await count('email=MALLORY%40example.com')).json()).toEqual({ pending: 2 });
      const byEmail = await asStaff('POST', '/api/reservations/decline-pending', {
        email: 'Mallory@Example.com',
        message: 'Troppe richieste dallo stesso indirizzo.',
      });
      expect(byEmail.statusCode, byEmail.body).toBe(200);
      expect(byEmail.json()).toEqual({ declined: 2 });
      expect((await count('email=mallory%40example.com')).json()).toEqual({ pending: 0 });

      expect((await count('phone=%2B393337777777')).json()).toEqual({ pending: 2 });
      const byPhone = await asStaff('POST', '/api/reservations/decline-pending', {
        phone: '+39 333 777 7777',
      });
      expect(byPhone.json()).toEqual({ declined: 2 });

      expect((await count(`addressOf=${a2}`)).json()).toEqual({ pending: 2 });
      const byAddress = await asStaff('POST', '/api/reservations/decline-pending', {
        addressOf: a1,
      });
      expect(byAddress.json()).toEqual({ declined: 2 });

      const statuses = Object.fromEntries(
        (await harness.app.db.selectFrom('reservations').select(['id', 'status']).execute()).map(
          (row) => [row.id, row.status],
        ),
      );
      expect(statuses).toEqual({
        [m1]: 'declined',
        [m2]: 'confirmed',
        [m3]: 'declined',
        [c1]: 'declined',
        [c2]: 'declined',
        [bob]: 'pending',
        [a1]: 'declined',
        [a2]: 'declined',
      });
      // Each decline audited by the booking's number, never the guest.
      const audit = await harness.app.db
        .selectFrom('audit_log')
        .select(['action', 'target', 'summary'])
        .where('action', '=', 'reservation.declined')
        .orderBy('id')
        .execute();
      expect(audit.map((entry) => entry.target)).toEqual(
        [m1, m3, c1, c2, a1, a2].map((id) => `reservation:${id}`),
      );
      expect(audit[0]!.summary).toMatch(
        new RegExp(`^Prenotazione n\\. ${m1} \\(2 persone, 14/01/2026 ore 12:00\\) rifiutata`),
      );
      expect(JSON.stringify(audit)).not.toMatch(/mallory|carol|333|2001/i);

      // One summary mail per guest (five: Mallory, Carol's two e-mails, a1, a2), none per booking.
      const kinds = (await mails()).map((mail) => mail.kind);
      expect(kinds.filter((kind) => kind === 'reservation-declined-all')).toHaveLength(5);
      expect(kinds).not.toContain('reservation-declined');
      const total = await harness.app.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const received = await smtp.waitFor(Number(total.n));
      const toMallory = received.filter((mail) => mail.to.includes('mallory@example.com'));
      const summary = toMallory.find((mail) => mail.text.includes('ces demandes de réservation'))!;
      expect(summary, 'the French summary').toBeDefined();
      expect(toMallory.filter((mail) => mail === summary)).toHaveLength(1);
      expect(summary.text).toContain('Bonjour Mallory,');
      expect(summary.text).toContain('– 2 personnes, mercredi 14 janvier 2026 à 12:00');
      expect(summary.text).toContain('– 3 personnes, mercredi 14 janvier 2026 à 12:30');
      expect(summary.text).not.toContain('12:15');
      expect(summary.text).toContain('Troppe richieste dallo stesso indirizzo.');
      const toCarol = received.filter((mail) => mail.to.some((to) => to.startsWith('carol')));
      // One request each: told in the singular.
      expect(
        toCarol.filter((mail) =>
          /questa richiesta di prenotazione:|this booking request:/.test(mail.text),
        ),
      ).toHaveLength(2);

      // The client address stays out of every JSON.
      const day = await asStaff('GET', `/api/reservations?date=${WEDNESDAY}`);
      const exported = await asStaff('GET', '/api/guest-data?email=a1%40example.com');
      expect(`${day.body}${exported.body}`).not.toMatch(/client|2001:|10\.0\./i);
    } finally {
      await harness?.close();
      await smtp.stop();
    }
  });

  it('names exactly one of e-mail, phone or a booking; unknown bookings are 404; staff only', async () => {
    await start();
    const decline = (payload: object, bearer = staff) =>
      asStaff('POST', '/api/reservations/decline-pending', payload, bearer);
    for (const payload of [
      {},
      { email: 'a@example.com', phone: '+39 333 1234567' },
      { email: 'a@example.com', addressOf: 1 },
      { email: 'not-an-email' },
      { phone: '12' },
      { addressOf: 0 },
      { addressOf: 'x' },
      { email: 'a@example.com', message: 'x'.repeat(1001) },
      { email: 'a@example.com', extra: 1 },
    ]) {
      expect((await decline(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await decline({ addressOf: 999_999 })).statusCode).toBe(404);
    expect((await decline({ email: 'nobody@example.com' })).json()).toEqual({ declined: 0 });
    // A booking staff took by phone has no client address: nothing to decline by it.
    const phoned = (await byPhone({ party: 2 })).json<{ id: number }>().id;
    expect((await decline({ addressOf: phoned })).json()).toEqual({ declined: 0 });
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/reservations/decline-pending',
      payload: { email: 'a@example.com' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('never overbooked (docs/security.md item 40)', () => {
  it('200 requests race for the last 10 covers: exactly 10 win, the rest get 409, nothing is lost', async () => {
    await start();
    const second = await testApp(
      {},
      { pages: false, sharedDatabase: harness.database, now: () => now },
    );
    others.push(second);
    // On PostgreSQL, two instances; on SQLite the one process owns the file.
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    expect((await byPhone({ party: 30, time: '20:00' })).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        book(
          guest({
            party: 1,
            name: `Gast ${index}`,
            email: `gast${index}@example.de`,
            phone: `+49 170 ${1_000_000 + index}`,
          }),
          apps[index % apps.length]!,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    const seated = await harness.app.db
      .selectFrom('reservations')
      .select(({ fn }) => fn.sum<number>('party').as('covers'))
      .where('status', 'in', ['pending', 'confirmed'])
      .executeTakeFirstOrThrow();
    expect(Number(seated.covers)).toBe(40);
    const won = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json().id);
    const stored = await harness.app.db
      .selectFrom('reservations')
      .select('id')
      .where('source', '=', 'online')
      .execute();
    expect(stored.map((row) => row.id).sort()).toEqual(won.sort());
  });
});

describe('covers one guest holds pending (docs/security.md item 41)', () => {
  /** Twice the largest online party (8 by default): what one e-mail or one phone may hold pending on a date. */
  const LIMIT = 16;
  const refusedAsTooMany = (response: Awaited<ReturnType<typeof book>>) => {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      errors: [
        { code: 'too-many-pending', description: expect.stringContaining('e-mail or phone') },
      ],
    });
  };
  // Each guest below sends at most 8 requests: one e-mail's or one phone's budget for a day.

  it('one e-mail (any case) or one phone (any spacing) holds at most 16 pending covers a date; other guests, other dates and staff aside', async () => {
    await start();
    expect((await book(guest({ party: 8, time: '19:00' }))).statusCode).toBe(201);
    expect((await book(guest({ party: 7, time: '19:30' }))).statusCode).toBe(201);
    expect((await book(guest({ party: 1, time: '20:00' }))).statusCode).toBe(201); // 16
    // The same e-mail in capitals with another phone; the same phone written otherwise with another e-mail.
    refusedAsTooMany(
      await book(guest({ party: 1, email: 'JONAS@Example.DE', phone: '+39 333 0000000' })),
    );
    refusedAsTooMany(
      await book(guest({ party: 1, email: 'weber@example.com', phone: '+49 (170) 123-45.67' })),
    );
    // Another guest, another date: their own count.
    expect(
      (await book(guest({ party: 8, email: 'weber@example.com', phone: '0170 1234567' })))
        .statusCode,
    ).toBe(201);
    expect((await book(guest({ party: 8, date: '2026-01-15' }))).statusCode).toBe(201);
    // Staff booking the same guest by phone are neither limited nor counted.
    expect(
      (await byPhone({ party: 8, email: 'jonas@example.de', phone: '+49 170 1234567' })).statusCode,
    ).toBe(201);
    const held = await harness.app.db
      .selectFrom('reservations')
      .select('party')
      .where('date', '=', WEDNESDAY)
      .where('status', '=', 'pending')
      .where('email', '=', 'jonas@example.de')
      .execute();
    expect(held.reduce((sum, row) => sum + row.party, 0)).toBe(LIMIT);

    // A request staff answer frees what it held.
    const day = (await asStaff('GET', `/api/reservations?date=${WEDNESDAY}`)).json<Reservation[]>();
    const eight = day.find((row) => row.source === 'online' && row.time === '19:00')!;
    expect(
      (await asStaff('PATCH', `/api/reservations/${eight.id}`, { status: 'confirmed' })).statusCode,
    ).toBe(200);
    expect((await book(guest({ party: 8, time: '21:00' }))).statusCode).toBe(201);
    refusedAsTooMany(await book(guest({ party: 1, time: '21:00' })));
  });

  it('bookings confirmed at once hold no pending covers, and are not limited by them', async () => {
    await start();
    const put = await asStaff(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ autoConfirmMaxParty: 2 }),
      owner,
    );
    expect(put.statusCode, put.body).toBe(200);
    for (const time of ['12:00', '12:30']) {
      expect((await book(guest({ party: 8, time }))).json()).toMatchObject({ status: 'pending' });
    }
    expect((await book(guest({ party: 2, time: '13:00' }))).json()).toMatchObject({
      status: 'confirmed',
    });
    refusedAsTooMany(await book(guest({ party: 3, time: '13:00' })));
  });

  it('racing requests of one e-mail, from other addresses and phones (and on PostgreSQL two instances), never hold more than 16 covers', async () => {
    await start();
    const second = await testApp(
      {},
      { pages: false, sharedDatabase: harness.database, now: () => now },
    );
    others.push(second);
    await second.app.outbox.stop();
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    const times = ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45'];
    const answers = await Promise.all(
      times.map((time, index) =>
        book(
          guest({ party: 4, time, phone: `+39 333 ${1_000_000 + index}` }),
          apps[index % apps.length]!,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(LIMIT / 4);
    for (const answer of answers.filter((response) => response.statusCode !== 201)) {
      refusedAsTooMany(answer);
    }
    const total = await harness.app.db
      .selectFrom('reservations')
      .select(({ fn }) => fn.sum<number>('party').as('covers'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(total.covers)).toBe(LIMIT);
  });
});

describe('logs', () => {
  it("keep neither the calendar feed's secret nor a guest's e-mail or phone looked up for export or erasure", async () => {
    const lines: string[] = [];
    harness = await testApp(
      {},
      { pages: false, now: () => now, logStream: { write: (line) => void lines.push(line) } },
    );
    await createStaff(harness.app, { role: 'owner' });
    owner = await login(harness.app);
    const settings = await asStaff('GET', '/api/reservations/settings', undefined, owner);
    const feed = new URL(settings.json<ReservationSettingsAnswer>().calendarFeedUrl).pathname;
    await harness.app.inject({ method: 'GET', url: feed });
    await asStaff('GET', '/api/guest-data?email=jonas%40example.de', undefined, owner);
    await asStaff('DELETE', '/api/guest-data?email=jonas%40example.de', undefined, owner);
    await asStaff('GET', '/api/guest-data?phone=%2B49%20170%209876543', undefined, owner);
    await asStaff('GET', '/api/guest-data?%65mail=lotte%40example.de', undefined, owner);
    const log = lines.join('\n');
    expect(log).toContain('/api/reservations/calendar/***');
    expect(log).not.toContain(feed.split('/').at(-1)!.slice(0, 20));
    expect(log.toLowerCase()).not.toContain('jonas');
    expect(log).toContain('/api/guest-data?***');
    expect(log).not.toContain('9876543');
    expect(log.toLowerCase()).not.toContain('lotte');
  });
});
