import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStaff, login, testApp } from '../testing/app.ts';

// The five-minute chores as their timers run them: the reminders due
// (domains/reservations.ts), and guests' data past the retention period the
// owner set (domains/guest-data.ts), each apart so that a failure of one never
// stops the other. Only the timers are faked (the intervals fire when told); the
// database, and the app's clock the test sets, are real.
let harness: Awaited<ReturnType<typeof testApp>>;
let logged: string[];
let owner: string;
/** Tuesday 13 January 2026, 10:00 in Rome. */
let now = Date.parse('2026-01-13T09:00:00Z');
const FIVE_MINUTES = 5 * 60 * 1000;

beforeEach(async () => {
  logged = [];
  now = Date.parse('2026-01-13T09:00:00Z');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  harness = await testApp(
    {},
    { pages: false, now: () => now, logStream: { write: (line) => void logged.push(line) } },
  );
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  owner = await login(harness.app);
});
afterEach(async () => {
  await harness.close();
  vi.useRealTimers();
});

const asOwner = (method: 'POST' | 'PUT', url: string, payload: object) =>
  harness.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner}` } });

const phoneBooking = (date: string, phone = '+39 333 1234567') =>
  asOwner('POST', '/api/reservations/staff', {
    name: 'Tavolata Russo',
    phone,
    party: 2,
    date,
    time: '20:00',
    lang: 'it',
  });

const retentionOfSixMonths = async () => {
  const settings = await asOwner('PUT', '/api/reservations/settings', {
    coversPerSlot: 40,
    turnMinutes: 120,
    minNoticeMinutes: 120,
    horizonDays: 60,
    maxPartyOnline: 8,
    autoConfirmMaxParty: null,
    retentionMonths: 6,
  });
  expect(settings.statusCode, settings.body).toBe(200);
};

/**
 * Retention of 6 months; a dinner on 14 January 2026, then the clock at 20
 * July (past 6 months) and another guest's booking (a returning guest's old
 * bookings stay while they keep coming: the last test).
 */
async function sixMonthsLater() {
  await retentionOfSixMonths();
  expect((await phoneBooking('2026-01-14')).statusCode).toBe(201);
  now = Date.parse('2026-07-20T09:00:00Z');
  expect((await phoneBooking('2026-07-22', '+39 320 7654321')).statusCode).toBe(201);
}

/** The days of the bookings that still hold a guest's data (retention anonymises the others). */
const bookingDates = async () =>
  (
    await harness.app.db
      .selectFrom('reservations')
      .select('date')
      .where('anonymised_at', 'is', null)
      .orderBy('date')
      .execute()
  ).map((row) => row.date);
/** Every booking, anonymised or not, with what could name its guest. */
const allBookings = () =>
  harness.app.db
    .selectFrom('reservations')
    .select(['date', 'party', 'status', 'name', 'email', 'phone', 'notes', 'guest_id'])
    .orderBy('date')
    .execute();
const anonymised = (date: string) => ({
  date,
  party: 2,
  status: 'confirmed',
  name: '',
  email: '',
  phone: '',
  notes: '',
  guest_id: null,
});

describe('the five-minute chore', () => {
  it('anonymises what is older than the retention period the owner set, when its timer fires', async () => {
    await sixMonthsLater();
    expect(await bookingDates()).toEqual(['2026-01-14', '2026-07-22']);
    vi.advanceTimersByTime(FIVE_MINUTES);
    await expect.poll(bookingDates).toEqual(['2026-07-22']);
    expect((await allBookings())[0]).toEqual(anonymised('2026-01-14'));
  });

  it('runs the retention even when the reminders fail, and logs the failure by its code', async () => {
    await sixMonthsLater();
    vi.spyOn(harness.app.reservations, 'queueReminders').mockRejectedValue(
      Object.assign(new Error('reminder for jonas@example.de failed'), { code: 'EREMINDERS' }),
    );
    vi.advanceTimersByTime(FIVE_MINUTES);
    await expect.poll(bookingDates).toEqual(['2026-07-22']);
    const log = logged.join('');
    expect(log).toContain('"code":"EREMINDERS"');
    expect(log).not.toContain('jonas@example.de');
  });

  it('sends the reminders even when the retention fails', async () => {
    await sixMonthsLater();
    const reminders = vi.spyOn(harness.app.reservations, 'queueReminders');
    vi.spyOn(harness.app.guestData, 'purgeExpired').mockRejectedValue(
      Object.assign(new Error('retention failed'), { code: 'ERETENTION' }),
    );
    vi.advanceTimersByTime(FIVE_MINUTES);
    await expect.poll(() => reminders.mock.calls.length).toBe(1);
    await expect.poll(() => logged.join('')).toContain('"code":"ERETENTION"');
  });

  it("keeps a returning guest's old bookings while they keep coming, and anonymises all of them, deleting their record, once their last visit is past the period", async () => {
    await retentionOfSixMonths();
    const guests = () => harness.app.db.selectFrom('guests').select('phone').execute();
    expect((await phoneBooking('2026-01-14')).statusCode).toBe(201);
    now = Date.parse('2026-07-20T09:00:00Z');
    // Back in July: the January dinner is older than six months, but its guest is seen again.
    expect((await phoneBooking('2026-07-22', '+39 333 123 4567')).statusCode).toBe(201);
    vi.advanceTimersByTime(FIVE_MINUTES);
    // The next timer would be skipped while this run is still under way (src/server/scheduler.ts).
    await harness.app.scheduler.idle();
    await expect
      .poll(() => harness.app.guestData.purgeExpired(6))
      .toMatchObject({
        reservations: 0,
        guests: 0,
      });
    expect(await bookingDates()).toEqual(['2026-01-14', '2026-07-22']);
    expect(await guests()).toEqual([{ phone: '+39 333 123 4567' }]);
    // Six months and more after the last visit: the guest goes, every booking keeps only what
    // the reports count.
    now = Date.parse('2027-01-23T09:00:00Z');
    vi.advanceTimersByTime(FIVE_MINUTES);
    await expect.poll(bookingDates).toEqual([]);
    expect(await guests()).toEqual([]);
    expect(await allBookings()).toEqual([anonymised('2026-01-14'), anonymised('2026-07-22')]);
  });
});
