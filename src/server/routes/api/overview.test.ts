import { afterEach, describe, expect, it } from 'vitest';
import type { Overview } from '../../../shared/schemas/overview.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { insertPlan } from '../../testing/floor.ts';
import { seedBooking, seedEvent, seedOrder } from '../../testing/guests.ts';

// GET /api/overview (CONTRACT.md part four, "The owner's view"): the back
// office's first screen, tonight at a glance, for every staff member. Each
// figure counts today's (Rome's) rows only, in the statuses that say so.
let harness: Awaited<ReturnType<typeof testApp>>;
/** Wednesday 14 January 2026, 18:00 in Rome. */
let now = Date.parse('2026-01-14T17:00:00Z');
const TODAY = '2026-01-14';

afterEach(async () => {
  await harness?.close();
  now = Date.parse('2026-01-14T17:00:00Z');
});

async function start(role: 'owner' | 'staff' = 'owner') {
  harness = await testApp({}, { pages: false, now: () => now });
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role });
  return login(harness.app);
}
const overview = (token?: string) =>
  harness.app.inject({
    method: 'GET',
    url: '/api/overview',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/**
 * Today: bookings in every status (those declined, cancelled or no-show hold
 * no seats), yesterday's and tomorrow's that must not count; orders to make
 * and done; event requests new and answered; messages read, unread and spam.
 */
async function seedDay() {
  const { db } = harness.app;
  const guest = { email: 'marta@example.com' };
  const parties = {
    pending: 2,
    confirmed: 4,
    arrived: 3,
    seated: 5,
    finished: 6,
    declined: 7,
    cancelled: 8,
    'no-show': 9,
  } as const;
  for (const [status, party] of Object.entries(parties)) {
    await seedBooking(db, guest, { date: TODAY, party, status: status as keyof typeof parties });
  }
  await seedBooking(db, guest, { date: '2026-01-13', party: 10 });
  await seedBooking(db, guest, { date: '2026-01-15', party: 11, status: 'pending' });

  for (const status of ['received', 'accepted', 'ready', 'collected', 'cancelled'] as const) {
    await seedOrder(db, guest, { date: TODAY, status });
  }
  await seedOrder(db, guest, { date: '2026-01-15', status: 'received' });
  await seedOrder(db, guest, { date: '2026-01-13', status: 'accepted' });

  await seedEvent(db, guest, { date: '2026-03-01' });
  await seedEvent(db, guest, { date: '2026-03-02' });
  const answered = await seedEvent(db, guest, { date: '2026-03-03' });
  const lost = await seedEvent(db, guest, { date: '2026-03-04' });
  await db
    .updateTable('event_inquiries')
    .set({ status: 'talking' })
    .where('id', '=', answered.id)
    .execute();
  await db
    .updateTable('event_inquiries')
    .set({ status: 'lost' })
    .where('id', '=', lost.id)
    .execute();

  const message = (read: boolean, spam = false) =>
    db
      .insertInto('contact_messages')
      .values({
        first_name: 'Marta',
        last_name: 'Greco',
        email: 'marta@example.com',
        message: 'Avete posto per il cane?',
        lang: 'it',
        privacy_accepted_at: '2026-01-10T10:00:00.000Z',
        created_at: '2026-01-10T10:00:00.000Z',
        read_at: read ? '2026-01-11T10:00:00.000Z' : null,
        spam: spam ? 1 : 0,
        outbox_id: null,
      })
      .execute();
  await message(false);
  await message(false);
  await message(false);
  await message(true);
  await message(false, true);
}

describe('GET /api/overview', () => {
  it("counts today's covers, orders to make, new event requests and unread messages", async () => {
    const token = await start();
    await seedDay();
    const response = await overview(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<Overview>()).toEqual({
      date: TODAY,
      // pending 2 + confirmed 4 + arrived 3 + seated 5 + finished 6
      covers: 20,
      // No table in the plan: the reservations' settings (their default, 40).
      capacity: 40,
      // received, accepted, ready (the kitchen's LOADING_STATUSES)
      takeawayToMake: 3,
      newEventRequests: 2,
      unreadMessages: 3,
    } satisfies Overview);
  });

  it('answers zeros on an empty day', async () => {
    const token = await start();
    expect((await overview(token)).json()).toEqual({
      date: TODAY,
      covers: 0,
      capacity: 40,
      takeawayToMake: 0,
      newEventRequests: 0,
      unreadMessages: 0,
    });
  });

  it("takes the day from Rome's clock: past midnight in Rome, tomorrow's bookings are tonight's", async () => {
    const token = await start();
    await seedDay();
    // 00:30 on Thursday in Rome, still Wednesday in UTC.
    now = Date.parse('2026-01-14T23:30:00Z');
    const answer = (await overview(token)).json<Overview>();
    expect(answer).toMatchObject({ date: '2026-01-15', covers: 11, takeawayToMake: 1 });
  });

  it("counts the room in covers mode from the settings' covers, in table mode from the tables' seats", async () => {
    const token = await start();
    const settings = await harness.app.inject({
      method: 'GET',
      url: '/api/reservations/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    const body = settings.json<Record<string, unknown>>();
    delete body.calendarFeedUrl; // an answer's field, not the body's
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/reservations/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...body, coversPerSlot: 60 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await overview(token)).json()).toMatchObject({ capacity: 60 });

    await insertPlan(harness.app.db, {
      areas: [{ name: 'Sala' }, { name: 'Terrazza' }],
      tables: [
        { name: '1', area: 'Sala', maxSeats: 4 },
        { name: '2', area: 'Sala', minSeats: 2, maxSeats: 6 },
        { name: '3', area: 'Terrazza', maxSeats: 2 },
      ],
      combinations: [{ name: '1+2', tables: ['1', '2'], maxSeats: 10 }],
    });
    // The tables' seats, combinations adding none.
    expect((await overview(token)).json()).toMatchObject({ capacity: 12 });
  });

  it('answers every staff member, not only owners', async () => {
    const token = await start('staff');
    const response = await overview(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses anyone not signed in (401)', async () => {
    await start();
    await seedDay();
    const anonymous = await overview();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.body).not.toContain('covers');
    expect((await overview('not-a-session-token')).statusCode).toBe(401);
  });
});
