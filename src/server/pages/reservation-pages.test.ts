// Over 400 lines: the guest's booking pages through the real build, the booking form and both mail links' pages.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp } from '../testing/app.ts';
import { bookingToken, GuestLinkKey } from '../services/guests/guest-links.ts';

// The guest's booking pages without JavaScript, through the real build, the
// page handler and the reservations service: the choice form's answer, the
// booking's post, the cancel and "I'll be there" links' pages and their buttons. The seeded hours
// open Tuesday to Sunday 12:00–15:00 and 19:00–23:30; Monday is closed.
let harness: Awaited<ReturnType<typeof testApp>>;
/** Tuesday 13 January 2026, 10:00 in Rome. */
const now = Date.parse('2026-01-13T09:00:00Z');
const WEDNESDAY = '2026-01-14';
const MONDAY = '2026-01-19';

beforeAll(async () => {
  harness = await testApp({}, { now: () => now });
  // The guests' mails stay in the outbox, where the test reads the cancel link.
  await harness.app.outbox.stop();
});
afterAll(() => harness.close());

let address = 0;
/** Each post from an address of its own, so that the flood limit stays out of the way. */
const nextAddress = () => `10.1.0.${++address}`;

const get = (url: string) => harness.app.inject({ method: 'GET', url });
/**
 * The rendered markup, without the scripts after it: their hydration data
 * holds every text of the page's language, so a text must be looked for here.
 */
const shown = (html: string) => html.slice(0, html.indexOf('<script'));
const post = (
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = nextAddress(),
) =>
  harness.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://www.trattoria.example',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

const BOOKING = {
  party: '2',
  date: WEDNESDAY,
  time: '20:00',
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  phone: '+49 170 1234567',
  notes: 'Ein Kinderstuhl, bitte',
  privacy: 'on',
  lang: 'de',
  website: '',
};

const bookings = () =>
  harness.app.db
    .selectFrom('reservations')
    .select(['id', 'name', 'status'])
    .orderBy('id')
    .execute();
const cancelLink = async (email: string) => {
  const mails = await harness.app.db
    .selectFrom('outbox')
    .select(['secret_link', 'recipient'])
    .where('kind', '=', 'reservation-received')
    .execute();
  const link = mails.find((mail) => mail.recipient === email)?.secret_link;
  expect(link, `the received mail to ${email}`).toBeDefined();
  return new URL(link!);
};
const options = (html: string, name: string) =>
  [
    ...(
      html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`))?.[1] ?? ''
    ).matchAll(/<option([^>]*)>([^<]*)<\/option>/g),
  ].map(
    ([, attributes = '', label]) =>
      `${label}${attributes.includes('disabled') ? ' [disabled]' : ''}`,
  );

describe('/reservations without JavaScript', () => {
  it('lists the parties and the days from the service, Monday closed', async () => {
    const response = await get('/reservations?lng=de');
    expect(response.statusCode).toBe(200);
    const html = shown(response.body);
    expect(html).toMatch(/<h1>Tisch reservieren<\/h1>/);
    expect(options(html, 'party').at(-1)).toBe('Mehr als 8 Personen');
    const days = options(html, 'date');
    expect(days.slice(0, 3)).toEqual([
      'Bitte wählen…',
      'Dienstag, 13. Januar',
      'Mittwoch, 14. Januar',
    ]);
    expect(days).toContain('Montag, 19. Januar (geschlossen) [disabled]');
    expect(html).toMatch(/<form [^>]*action="\/reservations" method="get">/);
    expect(html).not.toContain('<form method="post"');
  });

  it('answers the choice with the times, and books the posted form', async () => {
    const choice = `/reservations?party=2&date=${WEDNESDAY}&lng=en`;
    const page = await get(choice);
    expect(page.statusCode).toBe(200);
    const times = options(shown(page.body), 'time');
    expect(times.slice(0, 3)).toEqual(['Choose a time…', '12:00', '12:15']);
    expect(times).toContain('21:30');
    expect(times).not.toContain('21:45'); // one table-turn (two hours) before closing

    const before = (await bookings()).length;
    const answer = await post(choice, BOOKING);
    expect(answer.statusCode).toBe(200);
    expect(shown(answer.body)).toContain('Request received');
    expect(shown(answer.body)).toContain(
      'Thank you, Jonas Weber! We have received your request for a table for 2 people on Wednesday 14 January at 20:00.',
    );
    const after = await bookings();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ name: 'Jonas Weber', status: 'pending' });
  });

  it('a refused post comes back with the errors and what was typed', async () => {
    const unticked: Record<string, string> = { ...BOOKING };
    delete unticked.privacy;
    const choice = `/reservations?party=2&date=${WEDNESDAY}&lng=en`;
    const answer = await post(choice, { ...unticked, phone: '12' });
    expect(answer.statusCode).toBe(400);
    expect(shown(answer.body)).toContain('Please enter a valid phone number (6 to 20 digits).');
    expect(shown(answer.body)).toContain('To book, please accept the privacy policy.');
    expect(shown(answer.body)).toMatch(/<input[^>]*name="name"[^>]*value="Jonas Weber"/);
    // U+0000 (which PostgreSQL cannot store) in a form's notes: refused, nothing stored.
    const before = await bookings();
    const nul = await post(choice, { ...BOOKING, notes: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(await bookings()).toEqual(before);
    const closed = await post(choice, { ...BOOKING, date: MONDAY });
    expect(closed.statusCode).toBe(409);
    expect(shown(closed.body)).toContain(
      'This time can no longer be booked: please choose another one.',
    );
  });

  it('a filled honeypot looks booked to the robot, and books nothing', async () => {
    const before = await bookings();
    const answer = await post('/reservations?lng=en', {
      ...BOOKING,
      website: 'https://spam.example',
    });
    expect(shown(answer.body)).toContain('Request received');
    expect(await bookings()).toEqual(before);
  });

  it("limits bookings per e-mail as the API does, with a message in the visitor's language", async () => {
    const choice = `/reservations?party=2&date=${WEDNESDAY}&lng=it`;
    const times = ['12:00', '12:15', '12:30', '12:45', '13:00', '19:00', '19:15', '19:30'];
    for (const [i, time] of times.entries()) {
      const answer = await post(choice, {
        ...BOOKING,
        time,
        email: 'maria@example.it',
        phone: `+39 333 20000${i}`,
      });
      expect(answer.statusCode).toBe(200);
    }
    const before = await bookings();
    const over = await post(choice, {
      ...BOOKING,
      time: '20:00',
      email: 'MARIA@example.it',
      phone: '+39 333 299999',
    });
    expect(over.statusCode).toBe(429);
    expect(shown(over.body)).toContain('Troppe richieste: riprova più tardi o chiamaci.');
    expect(await bookings()).toEqual(before);
  });

  it('refuses a form posted from another site (400), and books nothing', async () => {
    const before = await bookings();
    // React Router refuses it (its check of the Origin header against the
    // page's own origin, src/server/pages/page-handler.ts) and logs why.
    const logged = vi.mocked(console.error);
    logged.mockImplementationOnce(() => {});
    const answer = await post(
      `/reservations?party=2&date=${WEDNESDAY}&lng=en`,
      { ...BOOKING, email: 'cross@example.de', phone: '+49 170 7654321' },
      { origin: 'https://evil.example' },
    );
    expect(answer.statusCode).toBe(400);
    expect(String(logged.mock.lastCall?.[0])).toMatch(/origin does not match/);
    expect(shown(answer.body)).not.toContain('Request received');
    expect(await bookings()).toEqual(before);
    // The same post from the site itself books.
    const own = await post(`/reservations?party=2&date=${WEDNESDAY}&lng=en`, {
      ...BOOKING,
      email: 'cross@example.de',
      phone: '+49 170 7654321',
    });
    expect(shown(own.body)).toContain('Request received');
  });

  it('refuses a body no booking form sends', async () => {
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/reservations?lng=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `notes=${'x'.repeat(20_000)}`,
      remoteAddress: nextAddress(),
    });
    expect(answer.statusCode).toBe(400);
    expect(shown(answer.body)).toContain('Something in the request is not right');
  });

  it('one guest past the covers they may hold pending on a day: told in their language, with the phone', async () => {
    const choice = `/reservations?party=8&date=${WEDNESDAY}&lng=it`;
    const greta = {
      ...BOOKING,
      name: 'Greta Lind',
      email: 'greta@example.se',
      phone: '+46 70 123 45 67',
      party: '8',
      lang: 'it',
    };
    for (const time of ['12:00', '19:00']) {
      expect((await post(choice, { ...greta, time })).statusCode).toBe(200);
    }
    const before = await bookings();
    const third = await post(choice, { ...greta, email: 'GRETA@example.se', time: '21:00' });
    expect(third.statusCode).toBe(409);
    const html = shown(third.body);
    expect(html).toContain(
      'Per questo giorno hai già richieste in attesa della nostra conferma per il massimo di persone che un cliente può tenere in attesa online: aspetta la nostra risposta, chiamaci o scegli meno persone.',
    );
    expect(html).toMatch(/<a [^>]*href="tel:\+\d+"/);
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Greta Lind"/);
    expect(await bookings()).toEqual(before);
  });
});

describe('/reservations/cancel', () => {
  it('opening the link changes nothing; the button cancels', async () => {
    const choice = `/reservations?party=2&date=${WEDNESDAY}&lng=de`;
    const lenas = { ...BOOKING, name: 'Lena Schmidt', email: 'lena@example.de', time: '19:30' };
    expect((await post(choice, lenas)).statusCode).toBe(200);
    const link = await cancelLink('lena@example.de');
    expect(link.pathname).toBe('/reservations/cancel');
    const lena = (await bookings()).find((row) => row.name === 'Lena Schmidt')!;

    for (let visit = 0; visit < 2; visit += 1) {
      const page = await get(`${link.pathname}${link.search}&lng=de`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect([page.headers['cache-control'], page.headers['x-robots-tag']]).toEqual([
        'no-store',
        'noindex',
      ]);
      expect(shown(page.body)).toContain('<meta name="robots" content="noindex"/>');
      expect(shown(page.body)).not.toContain('rel="canonical"');
      expect(shown(page.body)).toMatch(/<button[^>]*type="submit">Meine Reservierung stornieren</);
      expect(shown(page.body)).toContain(
        'auf den Namen Lena Schmidt, am Mittwoch, 14. Januar um 19:30 Uhr',
      );
    }
    expect((await bookings()).find((row) => row.id === lena.id)?.status).toBe('pending');

    const token = link.searchParams.get('token')!;
    const pressed = await post(`${link.pathname}${link.search}&lng=de`, { token });
    expect(pressed.statusCode).toBe(200);
    expect(shown(pressed.body)).toContain('Reservierung storniert');
    expect((await bookings()).find((row) => row.id === lena.id)?.status).toBe('cancelled');
    // The page of a cancelled booking says so, with no button.
    const again = await get(`${link.pathname}${link.search}&lng=de`);
    expect(shown(again.body)).toContain('Ihre Reservierung ist storniert.');
    expect(shown(again.body)).not.toContain('Meine Reservierung stornieren');
  });

  it('the button takes the same per-address budget as POST /api/reservations/cancel', async () => {
    const choice = `/reservations?party=2&date=${WEDNESDAY}&lng=en`;
    const karls = { ...BOOKING, name: 'Karl Braun', email: 'karl@example.de', time: '21:00' };
    expect((await post(choice, karls)).statusCode).toBe(200);
    const link = await cancelLink('karl@example.de');
    const karl = (await bookings()).find((row) => row.name === 'Karl Braun')!;
    const presser = '10.2.0.1';
    // Ten presses through the API and ten on the page, all of a forged link…
    for (let i = 0; i < 10; i += 1) {
      const api = await harness.app.inject({
        method: 'POST',
        url: '/api/reservations/cancel',
        payload: { token: `forged-${i}` },
        remoteAddress: presser,
      });
      expect(api.statusCode).toBe(400);
      const page = await post('/reservations/cancel?lng=en', { token: `forged-${i}` }, {}, presser);
      expect(page.statusCode).toBe(400);
    }
    // …and the address's next press is refused, even with the real link.
    const token = link.searchParams.get('token')!;
    const pressed = await post(`${link.pathname}${link.search}&lng=en`, { token }, {}, presser);
    expect(pressed.statusCode).toBe(429);
    expect(shown(pressed.body)).toContain('Too many requests: please try again later, or call us.');
    expect((await bookings()).find((row) => row.id === karl.id)?.status).toBe('pending');
    // Another address cancels.
    const other = await post(`${link.pathname}${link.search}&lng=en`, { token });
    expect(other.statusCode).toBe(200);
    expect((await bookings()).find((row) => row.id === karl.id)?.status).toBe('cancelled');
  });

  it('a forged link: a clear message, the phone and the booking page', async () => {
    const page = await get(
      '/reservations/cancel?token=1.1768400000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&lng=en',
    );
    expect(page.statusCode).toBe(200);
    expect(shown(page.body)).toContain('This link is no longer valid');
    expect(shown(page.body)).toMatch(/<a class="button" href="tel:\+\d+">Call /);
    expect(shown(page.body)).toMatch(
      /<a class="button button--ghost" href="\/reservations"[^>]*>Book a table</,
    );
    const pressed = await post('/reservations/cancel?lng=en', { token: 'forged' });
    expect(pressed.statusCode).toBe(400);
    expect(shown(pressed.body)).toContain('This link is no longer valid');
  });
});

describe('/reservations/confirm', () => {
  /** A confirmed booking of Wednesday 20:30, and its reminder's signed links. */
  async function confirmedBooking(name: string, email: string) {
    const choice = `/reservations?party=2&date=${WEDNESDAY}&lng=de`;
    expect((await post(choice, { ...BOOKING, name, email, time: '20:30' })).statusCode).toBe(200);
    const row = await harness.app.db
      .updateTable('reservations')
      .set({ status: 'confirmed' })
      .where('email', '=', email)
      .returning(['id', 'starts_at'])
      .executeTakeFirstOrThrow();
    const key = await new GuestLinkKey().read(harness.app.db);
    const claim = { id: row.id, startsAt: Date.parse(row.starts_at) };
    const confirmedAt = async () =>
      (
        await harness.app.db
          .selectFrom('reservations')
          .selectAll()
          .where('id', '=', row.id)
          .execute()
      )[0]!.guest_confirmed_at;
    return {
      attend: bookingToken(key, 'attend', claim),
      cancel: bookingToken(key, 'cancel', claim),
      confirmedAt,
    };
  }

  it('opening the link changes nothing; the button records the guest is coming, once', async () => {
    const { attend, cancel, confirmedAt } = await confirmedBooking('Uwe Kohl', 'uwe@example.de');
    const url = `/reservations/confirm?token=${attend}&lng=de`;
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect([page.headers['cache-control'], page.headers['x-robots-tag']]).toEqual([
        'no-store',
        'noindex',
      ]);
      expect(shown(page.body)).toContain('<meta name="robots" content="noindex"/>');
      expect(shown(page.body)).toContain('<title>Reservierung bestätigen');
      expect(shown(page.body)).toMatch(/<button[^>]*type="submit">Ich bin dabei</);
      expect(shown(page.body)).toContain(
        'auf den Namen Uwe Kohl, am Mittwoch, 14. Januar um 20:30',
      );
    }
    expect(await confirmedAt()).toBeNull();

    const pressed = await post(url, { token: attend });
    expect(pressed.statusCode).toBe(200);
    expect(shown(pressed.body)).toContain('Vielen Dank, bis bald!');
    expect(await confirmedAt()).toBe(new Date(now).toISOString());
    const again = await get(url);
    expect(shown(again.body)).toContain('Sie haben bereits bestätigt');
    expect(shown(again.body)).not.toContain('Ich bin dabei<');

    // The booking's cancel token is no "I'll be there" link.
    const other = await get(`/reservations/confirm?token=${cancel}&lng=en`);
    expect(shown(other.body)).toContain('This link is no longer valid');
  });

  it('never answers junk posted to its form with a 500, and records nothing', async () => {
    const { attend, confirmedAt } = await confirmedBooking('Eva Roth', 'eva@example.de');
    for (const [fields, type] of [
      [{}, undefined],
      [{ token: '' }, undefined],
      [{ token: 'x'.repeat(5000) }, undefined],
      [{ token: `${attend}x` }, undefined],
      [{ token: attend, more: '\u0000' }, 'text/plain'],
      [{ token: attend }, 'application/json'],
    ] as const) {
      const answer = await post(
        '/reservations/confirm?lng=it',
        fields,
        type ? { 'content-type': type } : {},
      );
      expect(answer.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, JSON.stringify(fields)).toBeLessThan(500);
    }
    expect(await confirmedAt()).toBeNull();
  });
});
