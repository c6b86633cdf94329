import { describe, expect, it } from 'vitest';
import { reservationBody } from '../../../shared/schemas/reservations.ts';
import { GUEST_NOTES_MAX } from '../../../shared/schemas/guest.ts';
import { NOTES_MAX } from '../../guest-kit/guest-contact.tsx';
import {
  bookingFromForm,
  bookingStatus,
  checkBooking,
  partyChoice,
  readChoice,
  refusedFieldsOf,
  type BookingValues,
} from './booking.ts';
import { bookingAction, cancelAction } from './booking-action.server.ts';
import { CLIENT_ADDRESS, DAYS, fakeReservations } from './test-utils.tsx';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const COMPLETE = {
  party: '2',
  date: '2026-12-05',
  time: '20:00',
  name: 'Lena Schmidt',
  email: 'lena@example.de',
  phone: '+49 30 1234567',
  notes: 'Ein Kinderstuhl, bitte',
  privacy: 'on',
  lang: 'de',
  website: '',
};

const values = (overrides: Partial<BookingValues> = {}): BookingValues => ({
  party: '2',
  date: '2026-12-05',
  time: '20:00',
  name: 'Lena Schmidt',
  email: 'lena@example.de',
  phone: '+49 30 1234567',
  notes: '',
  privacy: true,
  ...overrides,
});

const posted = (body: string, type = 'application/x-www-form-urlencoded') =>
  new Request('http://localhost/reservations', {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  });

describe('the page and the server agree', () => {
  it('on the longest notes', () => {
    expect(NOTES_MAX).toBe(GUEST_NOTES_MAX);
  });

  it('a complete form becomes a body the shared schema accepts', () => {
    const { body } = bookingFromForm(form(COMPLETE));
    expect(reservationBody.parse(body)).toEqual({
      name: 'Lena Schmidt',
      email: 'lena@example.de',
      phone: '+49 30 1234567',
      party: 2,
      date: '2026-12-05',
      time: '20:00',
      notes: 'Ein Kinderstuhl, bitte',
      privacy: true,
      lang: 'de',
      website: '',
    });
  });

  it('an unticked consent is missing, and the schema refuses exactly that field', () => {
    const unticked = form(COMPLETE);
    unticked.delete('privacy');
    const { body, values } = bookingFromForm(unticked);
    expect(values.privacy).toBe(false);
    expect(body).not.toHaveProperty('privacy');
    const refusal = reservationBody.safeParse(body);
    expect(refusal.success).toBe(false);
    expect(refusal.error?.issues.map((issue) => issue.path)).toEqual([['privacy']]);
  });

  it('empty notes are left out', () => {
    const { body } = bookingFromForm(form({ ...COMPLETE, notes: '' }));
    expect(body).not.toHaveProperty('notes');
    expect(reservationBody.safeParse(body).success).toBe(true);
  });

  it.each([
    ['+39 347 123 4567', true],
    ['(030) 123-45.67', true],
    ['0923/555010', true],
    ['12345', false],
    ['+39 347 abc 4567', false],
    ['123456789012345678901', false],
    ['', false],
  ])('the phone %j: the browser and the schema say the same (%s)', (phone, good) => {
    expect(checkBooking(values({ phone })).phone).toBe(good ? undefined : true);
    const body = bookingFromForm(form({ ...COMPLETE, phone })).body;
    expect(reservationBody.safeParse(body).success).toBe(good);
  });
});

describe('readChoice', () => {
  const choice = (query: string) => readChoice(new URLSearchParams(query), DAYS);

  it('reads a party and an open date', () => {
    expect(choice('party=2&date=2026-12-05')).toEqual({ party: 2, date: '2026-12-05' });
  });

  it('keeps a party above the online maximum (the guest is asked to phone)', () => {
    expect(choice('party=40').party).toBe(40);
  });

  it('drops what is not a party or not an open day of the calendar', () => {
    expect(choice('party=0&date=2026-12-07')).toEqual({ party: null, date: null });
    expect(choice('party=2.5&date=2027-01-01')).toEqual({ party: null, date: null });
    expect(choice('party=-1&date=05/12/2026')).toEqual({ party: null, date: null });
    expect(choice('')).toEqual({ party: null, date: null });
  });
});

describe('partyChoice', () => {
  it('is the party, or one past the maximum for any larger party', () => {
    expect(partyChoice(null, 8)).toBe('');
    expect(partyChoice(3, 8)).toBe('3');
    expect(partyChoice(9, 8)).toBe('9');
    expect(partyChoice(40, 8)).toBe('9');
  });
});

describe('checkBooking', () => {
  it('finds nothing wrong with a complete booking', () => {
    expect(checkBooking(values())).toEqual({});
  });

  it('names every field a guest left empty', () => {
    expect(
      checkBooking(values({ time: '', name: ' ', email: '', phone: '', privacy: false })),
    ).toEqual({ time: true, name: true, email: true, phone: true, privacy: true });
  });

  it('refuses an e-mail without a domain and notes that are too long', () => {
    expect(checkBooking(values({ email: 'lena@example', notes: 'x'.repeat(501) }))).toEqual({
      email: true,
      notes: true,
    });
  });
});

describe('refusedFieldsOf', () => {
  it('marks the fields the page shows, and tells the others once', () => {
    expect(
      refusedFieldsOf({
        ok: false,
        code: 'invalid',
        fields: { email: ['must be an e-mail'], lang: ['bad'] },
      }),
    ).toEqual({ fields: { email: true }, other: true });
    expect(
      refusedFieldsOf({
        ok: false,
        code: 'invalid',
        fields: { phone: ['must be a phone number'] },
      }),
    ).toEqual({ fields: { phone: true }, other: false });
  });

  it('tells a refusal that names no field', () => {
    expect(refusedFieldsOf({ ok: false, code: 'invalid', fields: {} })).toEqual({
      fields: {},
      other: true,
    });
  });

  it('has nothing to mark for other outcomes', () => {
    expect(refusedFieldsOf({ ok: false, code: 'slot-full' })).toEqual({ fields: {}, other: false });
    expect(refusedFieldsOf({ ok: true, id: 1, status: 'pending' })).toEqual({
      fields: {},
      other: false,
    });
  });
});

describe('bookingStatus', () => {
  it('answers as the API does', () => {
    expect(bookingStatus({ ok: true, id: 1, status: 'confirmed' })).toBe(200);
    expect(bookingStatus({ ok: false, code: 'invalid', fields: {} })).toBe(400);
    expect(bookingStatus({ ok: false, code: 'slot-full' })).toBe(409);
    expect(bookingStatus({ ok: false, code: 'not-a-slot' })).toBe(409);
    expect(bookingStatus({ ok: false, code: 'party-too-large' })).toBe(409);
    expect(bookingStatus({ ok: false, code: 'rate-limited' })).toBe(429);
  });
});

describe('bookingAction', () => {
  it('books the posted form for the client address, and answers with what was sent', async () => {
    const fake = fakeReservations();
    const answer = await bookingAction(
      posted(new URLSearchParams(COMPLETE).toString()),
      fake.service,
      CLIENT_ADDRESS,
    );
    expect(fake.service.book).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Lena Schmidt', party: '2', privacy: true, lang: 'de' }),
      CLIENT_ADDRESS,
    );
    expect(answer.init?.status).toBe(200);
    expect(answer.data.outcome).toEqual({ ok: true, id: 41, status: 'pending' });
    expect(answer.data.values).toMatchObject({ name: 'Lena Schmidt', time: '20:00' });
  });

  it("answers a refusal with the API's status", async () => {
    const fake = fakeReservations();
    fake.bookAnswer = { ok: false, code: 'slot-full' };
    const answer = await bookingAction(posted('party=2'), fake.service, CLIENT_ADDRESS);
    expect(answer.init?.status).toBe(409);
    expect(answer.data.outcome).toEqual({ ok: false, code: 'slot-full' });
  });

  it('refuses an unreadable post without asking the service', async () => {
    const fake = fakeReservations();
    const answer = await bookingAction(posted('x', 'text/plain'), fake.service, CLIENT_ADDRESS);
    expect(answer.init?.status).toBe(400);
    expect(fake.service.book).not.toHaveBeenCalled();
  });
});

describe('cancelAction', () => {
  const booking = {
    id: 41,
    name: 'Lena Schmidt',
    party: 2,
    date: '2026-12-05',
    time: '20:00',
    status: 'confirmed',
    lang: 'de',
  } as const;

  it('cancels the booking the posted token names', async () => {
    const fake = fakeReservations();
    fake.booking = booking;
    const answer = await cancelAction(
      posted('token=41.1796500000.abc'),
      fake.service,
      CLIENT_ADDRESS,
    );
    expect(fake.service.cancel).toHaveBeenCalledWith('41.1796500000.abc', CLIENT_ADDRESS);
    expect(answer.init?.status).toBe(200);
    expect(answer.data.cancelled?.status).toBe('cancelled');
  });

  it('answers 400 for a link that does not work, and for a missing or oversized token', async () => {
    const fake = fakeReservations();
    expect(
      (await cancelAction(posted('token=nope'), fake.service, CLIENT_ADDRESS)).init?.status,
    ).toBe(400);
    expect(
      (await cancelAction(posted('other=1'), fake.service, CLIENT_ADDRESS)).data.cancelled,
    ).toBeNull();
    await cancelAction(posted(`token=${'a'.repeat(201)}`), fake.service, CLIENT_ADDRESS);
    expect(fake.service.cancel).toHaveBeenCalledTimes(1);
  });
});
