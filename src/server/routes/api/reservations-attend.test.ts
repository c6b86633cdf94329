import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import type { Reservation } from '../../../shared/schemas/reservations.ts';

// The reminder the guest can answer (CONTRACT.md part four, "Guests";
// docs/security.md, signed single-purpose mail links): the day-before mail
// carries "I'll be there" and "Cancel" in the guest's language; the attend
// link's press records `guestConfirmedAt` once, which staff see; a link
// tampered with, of another purpose, or past the booking's time does nothing.
let harness: Awaited<ReturnType<typeof testApp>>;
let owner: string;
/** Monday 12 January 2026, 10:00 in Rome (UTC+1): the booking is made. */
const BOOKED = Date.parse('2026-01-12T09:00:00Z');
/** Tuesday 13 January 2026, 10:05 in Rome: the reminder is due. */
const REMINDED = Date.parse('2026-01-13T09:05:00Z');
let now = BOOKED;
const WEDNESDAY = '2026-01-14';

afterEach(async () => {
  await harness?.close();
  now = BOOKED;
});

/**
 * An app whose owner confirms small parties at once, and a guest's booking
 * (German unless `guest` says otherwise) for Wednesday 20:00.
 */
async function bookedAndConfirmed(
  env: Record<string, string> = {},
  { sending = false, guest = {} as Record<string, unknown> } = {},
) {
  harness = await testApp(env, { pages: false, now: () => now });
  if (!sending) await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  owner = await login(harness.app);
  const settings = (await staffCall('GET', '/api/reservations/settings')).json<
    Record<string, unknown>
  >();
  delete settings.calendarFeedUrl; // an answer's field, not the body's
  const saved = await staffCall('PUT', '/api/reservations/settings', {
    ...settings,
    autoConfirmMaxParty: 8,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const booked = await harness.app.inject({
    method: 'POST',
    url: '/api/reservations',
    remoteAddress: '10.1.0.1',
    payload: {
      name: 'Jonas Weber',
      email: 'jonas@example.de',
      phone: '+49 170 1234567',
      party: 2,
      date: WEDNESDAY,
      time: '20:00',
      privacy: true,
      lang: 'de',
      ...guest,
    },
  });
  expect(booked.json(), booked.body).toMatchObject({ status: 'confirmed' });
  return booked.json<{ id: number }>().id;
}

const staffCall = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${owner}` },
  });

const attend = (token: string, remoteAddress = '10.2.0.1') =>
  harness.app.inject({
    method: 'POST',
    url: '/api/reservations/attend',
    payload: { token },
    remoteAddress,
  });

const day = async () =>
  (await staffCall('GET', `/api/reservations?date=${WEDNESDAY}`)).json<Reservation[]>();

/** The reminder's links as the outbox keeps them until the send: cancel first, then attend. */
async function reminderLinks(): Promise<{ cancel: string; attend: string }> {
  now = REMINDED;
  expect(await harness.app.reservations.queueReminders()).toBe(1);
  const { secret_link } = await harness.app.db
    .selectFrom('outbox')
    .select('secret_link')
    .where('kind', '=', 'reservation-reminder')
    .executeTakeFirstOrThrow();
  const [cancel, attendUrl] = secret_link!.split('\n') as [string, string];
  const token = (url: string) => new URL(url).searchParams.get('token')!;
  expect(cancel).toMatch(/^https:\/\/www\.trattoria\.example\/reservations\/cancel\?token=/);
  expect(attendUrl).toMatch(/^https:\/\/www\.trattoria\.example\/reservations\/confirm\?token=/);
  return { cancel: token(cancel), attend: token(attendUrl) };
}

describe("the reminder's answer", () => {
  it('reaches the guest with "Ich bin dabei" and "Stornieren", each its own link; then the outbox keeps neither', async () => {
    const smtp = await startSmtpServer();
    try {
      await bookedAndConfirmed({ SMTP_URL: smtp.url }, { sending: true });
      now = REMINDED;
      expect(await harness.app.reservations.queueReminders()).toBe(1);
      const received = await smtp.waitFor(3);
      const reminder = received.find(
        (mail) => mail.to.includes('jonas@example.de') && /Bis morgen/.test(mail.raw),
      );
      expect(reminder, received.map((mail) => mail.text).join('\n---\n')).toBeDefined();
      const text = reminder!.text;
      expect(text).toContain('Kommen Sie? Sagen Sie es uns mit einem Klick:');
      const attendLink = /Ich bin dabei: (https:\/\/\S+)/.exec(text)?.[1];
      const cancelLink = /Stornieren: (https:\/\/\S+)/.exec(text)?.[1];
      expect(attendLink).toMatch(
        /^https:\/\/www\.trattoria\.example\/reservations\/confirm\?token=[\w.-]+$/,
      );
      expect(cancelLink).toMatch(
        /^https:\/\/www\.trattoria\.example\/reservations\/cancel\?token=[\w.-]+$/,
      );
      expect(text).not.toContain('{{secret-link');
      // The HTML part links both buttons (quoted-printable: read its decoded hrefs).
      const html = reminder!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(html).toContain(`href="${attendLink!}"`);
      expect(html).toContain(`href="${cancelLink!}"`);

      await harness.app.outbox.stop(); // lets the send under way record itself
      const row = await harness.app.db
        .selectFrom('outbox')
        .select(['status', 'secret_link', 'text_body'])
        .where('kind', '=', 'reservation-reminder')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', secret_link: null, text_body: '' });

      // The mailed "Ich bin dabei" works, pressed.
      const pressed = await attend(new URL(attendLink!).searchParams.get('token')!);
      expect(pressed.statusCode, pressed.body).toBe(200);
    } finally {
      await harness?.close();
      await smtp.stop();
    }
  });

  it('in English, the buttons read exactly "I\'ll be there" and "Cancel"', async () => {
    await bookedAndConfirmed(
      {},
      {
        guest: { name: 'Ann Lee', email: 'ann@example.com', phone: '+44 7700 900123', lang: 'en' },
      },
    );
    now = REMINDED;
    expect(await harness.app.reservations.queueReminders()).toBe(1);
    const { text_body } = await harness.app.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', 'reservation-reminder')
      .executeTakeFirstOrThrow();
    expect(text_body).toContain("I'll be there: {{secret-link-1}}\nCancel: {{secret-link}}");
  });

  it('the press records the first time only, counts the bookings up, and staff see it', async () => {
    const id = await bookedAndConfirmed();
    const links = await reminderLinks();
    expect((await day()).find((booking) => booking.id === id)?.guestConfirmedAt).toBeNull();
    const plan = await staffCall('GET', `/api/reservations/plan?date=${WEDNESDAY}`);
    const tag = plan.headers.etag;

    now = REMINDED + 60_000;
    const first = await attend(links.attend);
    expect(first.statusCode, first.body).toBe(200);
    const confirmedAt = new Date(REMINDED + 60_000).toISOString();
    expect(first.json()).toEqual({ id, status: 'confirmed', guestConfirmedAt: confirmedAt });

    now = REMINDED + 3_600_000;
    const again = await attend(links.attend);
    expect(again.json()).toEqual({ id, status: 'confirmed', guestConfirmedAt: confirmedAt });

    const booking = (await day()).find((one) => one.id === id)!;
    expect(booking).toMatchObject({ status: 'confirmed', guestConfirmedAt: confirmedAt });
    const after = await staffCall('GET', `/api/reservations/plan?date=${WEDNESDAY}`);
    expect(after.headers.etag).not.toBe(tag);
    expect(
      after.json<{ bookings: { id: number; guestConfirmedAt: string | null }[] }>().bookings,
    ).toContainEqual(expect.objectContaining({ id, guestConfirmedAt: confirmedAt }));
  });

  it('refuses a tampered, a cancel-purpose or an expired token, changing nothing; the attend token cancels nothing', async () => {
    const id = await bookedAndConfirmed();
    const links = await reminderLinks();
    const [head, start, signature] = links.attend.split('.') as [string, string, string];
    for (const bad of [
      `${Number(head) + 1}.${start}.${signature}`,
      `${head}.${Number(start) + 900}.${signature}`,
      `${head}.${start}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      links.cancel,
      'nonsense',
    ]) {
      const refused = await attend(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ errors: [{ code: 'invalid-token' }] });
    }
    const cancelled = await harness.app.inject({
      method: 'POST',
      url: '/api/reservations/cancel',
      payload: { token: links.attend },
    });
    expect(cancelled.statusCode).toBe(400);

    now = Date.parse('2026-01-14T19:00:00Z'); // 20:00 in Rome: the booking's time has come
    expect((await attend(links.attend)).statusCode).toBe(400);
    expect((await day()).find((booking) => booking.id === id)).toMatchObject({
      status: 'confirmed',
      guestConfirmedAt: null,
    });
  });

  it('a booking no longer confirmed is answered as it is, unchanged', async () => {
    const id = await bookedAndConfirmed();
    const links = await reminderLinks();
    const cancel = await harness.app.inject({
      method: 'POST',
      url: '/api/reservations/cancel',
      payload: { token: links.cancel },
    });
    expect(cancel.json()).toEqual({ id, status: 'cancelled' });
    const pressed = await attend(links.attend);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json()).toEqual({ id, status: 'cancelled', guestConfirmedAt: null });
  });

  it('is counted against the address like the cancel button: the 21st press in an hour is refused', async () => {
    await bookedAndConfirmed();
    const links = await reminderLinks();
    for (let press = 1; press <= 20; press += 1) {
      expect((await attend(links.attend, '10.3.0.1')).statusCode).toBe(200);
    }
    const limited = await attend(links.attend, '10.3.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attend(links.attend, '10.3.0.2')).statusCode).toBe(200);
  });
});
