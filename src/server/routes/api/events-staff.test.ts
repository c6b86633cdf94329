import ical from 'node-ical';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventInquiry } from '../../../shared/schemas/events.ts';
import type {
  OccupancyAnswer,
  ReservationSettingsAnswer,
} from '../../../shared/schemas/reservations.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../../testing/fake-translators.ts';
import { startSmtpServer } from '../../testing/smtp.ts';

// Staff's side of event requests (the back office's "Eventi"): the list,
// status and held covers, replies in the guest's language with the
// Italian below, the preview; and what held covers do to table bookings
// (online, in the day view, racing) and to the owner's calendar feed.

// The clock: Tuesday 13 January 2026, 08:30 in Rome. The seeded hours:
// lunch 12:00-15:00 and dinner 19:00-23:30, every day but Monday; 40 covers.
const CLOCK = Date.parse('2026-01-13T07:30:00Z');
const FRIDAY = '2026-01-16';
let harness: Awaited<ReturnType<typeof testApp>>;
let others: Awaited<ReturnType<typeof testApp>>[] = [];
let fake: FakeTranslator | undefined;
let auth: { authorization: string };

async function start(env: Record<string, string> = {}, { sending = false } = {}) {
  harness = await testApp(env, { pages: false, now: () => CLOCK });
  if (!sending) await harness.app.outbox.stop();
  await createStaff(harness.app);
  auth = { authorization: `Bearer ${await login(harness.app)}` };
}
afterEach(async () => {
  for (const other of others) await other.close();
  others = [];
  await harness?.close();
  await fake?.close();
  fake = undefined;
});

let address = 0;
const nextAddress = () => `10.8.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

const wedding = (overrides: Record<string, unknown> = {}) => ({
  kind: 'wedding',
  date: FRIDAY,
  service: 'dinner',
  adults: 58,
  children: 2,
  area: 'whole',
  allergens: ['molluscs'],
  name: 'Lena Schmidt',
  email: 'lena@example.de',
  phone: '+49 170 7654321',
  lang: 'de',
  privacy: true,
  ...overrides,
});

/** A guest's request through the API: its id. */
async function inquire(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/events/inquiries',
    payload: wedding(overrides),
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const asStaff = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  harness.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const patch = (id: number, payload: object) =>
  asStaff('PATCH', `/api/events/inquiries/${id}`, payload);
const list = async (query = '') => {
  const response = await asStaff('GET', `/api/events/inquiries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventInquiry[]>();
};
const replies = () =>
  harness.app.db
    .selectFrom('outbox')
    .select(['recipient', 'reply_to', 'subject', 'text_body', 'html_body'])
    .where('kind', '=', 'event-reply')
    .orderBy('id')
    .execute();
const audit = () =>
  harness.app.db
    .selectFrom('audit_log')
    .select(['action', 'target', 'summary'])
    .where('action', 'like', 'event.%')
    .orderBy('id')
    .execute();

describe('GET /api/events/inquiries', () => {
  it('lists every request newest first, with its fields and thread, and filters by status', async () => {
    await start();
    const first = await inquire({ kind: 'baptism', service: 'lunch', adults: 30, children: 8 });
    const second = await inquire();
    const all = await list();
    expect(all.map((inquiry) => inquiry.id)).toEqual([second, first]);
    expect(all[0]).toEqual({
      id: second,
      kind: 'wedding',
      date: FRIDAY,
      altDate: null,
      service: 'dinner',
      adults: 58,
      children: 2,
      area: 'whole',
      budgetPerPerson: null,
      allergens: ['molluscs'],
      dietaryNotes: '',
      notes: '',
      name: 'Lena Schmidt',
      email: 'lena@example.de',
      phone: '+49 170 7654321',
      lang: 'de',
      status: 'new',
      holdCovers: null,
      holdArea: null,
      messages: [],
      createdAt: new Date(CLOCK).toISOString(),
    });
    expect((await patch(first, { status: 'lost' })).statusCode).toBe(200);
    expect((await list('?status=lost')).map((inquiry) => inquiry.id)).toEqual([first]);
    expect((await list('?status=new')).map((inquiry) => inquiry.id)).toEqual([second]);
  });

  it('is for staff only, and refuses an unknown status or parameter', async () => {
    await start();
    await inquire();
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/events/inquiries' });
    expect(anonymous.statusCode).toBe(401);
    expect((await asStaff('GET', '/api/events/inquiries?status=won')).statusCode).toBe(400);
    expect((await asStaff('GET', '/api/events/inquiries?page=2')).statusCode).toBe(400);
  });
});

describe('PATCH /api/events/inquiries/{id}', () => {
  it('confirming holds the guests by default, or a number, or the whole restaurant; any other status holds none', async () => {
    await start();
    const id = await inquire();
    const talking = await patch(id, { status: 'talking' });
    expect(talking.statusCode, talking.body).toBe(200);
    expect(talking.json<EventInquiry>()).toMatchObject({ status: 'talking', holdCovers: null });
    expect((await patch(id, { status: 'confirmed' })).json<EventInquiry>()).toMatchObject({
      status: 'confirmed',
      holdCovers: 60,
    });
    expect((await patch(id, { holdCovers: 45 })).json<EventInquiry>().holdCovers).toBe(45);
    // A confirmed event confirmed again keeps its hold.
    expect((await patch(id, { status: 'confirmed' })).json<EventInquiry>().holdCovers).toBe(45);
    expect((await patch(id, { holdCovers: 'all' })).json<EventInquiry>().holdCovers).toBe('all');
    expect((await patch(id, { status: 'lost' })).json<EventInquiry>()).toMatchObject({
      status: 'lost',
      holdCovers: null,
    });
    const [stored] = await list();
    expect(stored).toMatchObject({ status: 'lost', holdCovers: null });
    expect(await audit()).toEqual([
      {
        action: 'event.update',
        target: `event:${id}`,
        summary: `Richiesta di evento n. ${id} (matrimonio, 16/01/2026, cena): in trattativa.`,
      },
      expect.objectContaining({
        summary: expect.stringContaining('confermata, 60 coperti tenuti'),
      }),
      expect.objectContaining({
        summary: expect.stringContaining('confermata, 45 coperti tenuti'),
      }),
      expect.objectContaining({
        summary: expect.stringContaining('confermata, 45 coperti tenuti'),
      }),
      expect.objectContaining({ summary: expect.stringContaining('tutto il locale tenuti') }),
      expect.objectContaining({ summary: expect.stringContaining(': persa.') }),
    ]);
    // The audit log never names the guest.
    expect(JSON.stringify(await audit())).not.toContain('Schmidt');
  });

  it('refuses covers on a request that is not confirmed, an empty change, bad values, an unknown id: changing nothing', async () => {
    await start();
    const id = await inquire();
    const before = await list();
    for (const body of [
      { holdCovers: 20 },
      { status: 'talking', holdCovers: 20 },
      {},
      { status: 'won' },
      { status: 'confirmed', holdCovers: -1 },
      { status: 'confirmed', holdCovers: 1001 },
      { status: 'confirmed', holdCovers: 2.5 },
      { status: 'confirmed', holdCovers: 'some' },
      { status: 'confirmed', date: '2026-01-17' },
    ]) {
      const response = await patch(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(id, { holdCovers: 20 })).json().errors.holdCovers).toEqual([
      'Solo un evento confermato tiene dei coperti.',
    ]);
    const unknown = await patch(id + 1, { status: 'lost' });
    expect(unknown.statusCode).toBe(404);
    expect(await list()).toEqual(before);
    expect(await audit()).toEqual([]);
  });
});

describe('replies in the guest’s language', () => {
  it('sends the machine’s translation with the Italian below, keeps both in the thread, and moves a new request to talking', async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    const id = await inquire();
    fake.calls.length = 0;
    const text = 'Gentile Lena,\nla terrazza è libera quel giorno. Vi proponiamo un menù di mare.';

    const preview = await asStaff('POST', `/api/events/inquiries/${id}/messages/preview`, { text });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ translation: `[DE] ${text}` });
    expect(await replies()).toEqual([]);

    const sent = await asStaff('POST', `/api/events/inquiries/${id}/messages`, { text });
    expect(sent.statusCode, sent.body).toBe(201);
    const inquiry = sent.json<EventInquiry>();
    expect(inquiry.status).toBe('talking');
    expect(inquiry.messages).toEqual([
      { at: new Date(CLOCK).toISOString(), from: 'staff', text, translation: `[DE] ${text}` },
    ]);
    // The preview and the reply; the site's own texts may have their round too.
    expect(
      fake.calls.filter((call) => call.texts.includes(text)).map((call) => call.target),
    ).toEqual(['DE', 'DE']);

    const restaurant = await harness.app.restaurantFacts.get();
    const [mail] = await replies();
    expect(mail).toMatchObject({
      recipient: 'lena@example.de',
      reply_to: restaurant.email,
      subject: `${restaurant.name}: Ihre Anfrage für eine Hochzeit`,
    });
    const translationAt = mail!.text_body.indexOf(`[DE] Gentile Lena,`);
    const originalAt = mail!.text_body.indexOf('Unsere Nachricht im italienischen Original:');
    expect(translationAt).toBeGreaterThanOrEqual(0);
    expect(originalAt).toBeGreaterThan(translationAt);
    expect(mail!.text_body.slice(originalAt)).toContain(text);
    expect(await audit()).toEqual([
      expect.objectContaining({ action: 'event.reply', target: `event:${id}` }),
    ]);
  });

  it('a reply that waits for the machine never undoes a confirmation made meanwhile', async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    const id = await inquire();
    await harness.app.textTranslations.refresh();
    const asked = fake.requests;
    fake.delay = 300;
    const replying = asStaff('POST', `/api/events/inquiries/${id}/messages`, { text: 'Ecco!' });
    await vi.waitFor(() => expect(fake!.requests).toBeGreaterThan(asked));
    expect((await patch(id, { status: 'confirmed' })).json<EventInquiry>().holdCovers).toBe(60);
    const replied = await replying;
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json<EventInquiry>()).toMatchObject({ status: 'confirmed', holdCovers: 60 });
    expect((await list())[0]).toMatchObject({ status: 'confirmed', holdCovers: 60 });
  });

  it('sends the translation staff corrected as it is, without asking the machine', async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    const id = await inquire();
    fake.calls.length = 0;
    const sent = await asStaff('POST', `/api/events/inquiries/${id}/messages`, {
      text: 'A presto!',
      translation: 'Bis bald!',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<EventInquiry>().messages[0]).toMatchObject({
      text: 'A presto!',
      translation: 'Bis bald!',
    });
    expect(fake.calls.filter((call) => call.texts.includes('A presto!'))).toEqual([]);
    const [mail] = await replies();
    expect(mail!.text_body).toMatch(/Bis bald![\s\S]*A presto!/);
  });

  it('writes to a guest who reads Italian in Italian only, with no translation', async () => {
    await start();
    const id = await inquire({ lang: 'it', email: 'giulia@example.it' });
    const preview = await asStaff('POST', `/api/events/inquiries/${id}/messages/preview`, {
      text: 'Ciao Giulia!',
    });
    expect(preview.json()).toEqual({ translation: 'Ciao Giulia!' });
    const sent = await asStaff('POST', `/api/events/inquiries/${id}/messages`, {
      text: 'Ciao Giulia!',
      translation: 'ignored for Italian',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<EventInquiry>().messages[0]!.translation).toBeNull();
    const [mail] = await replies();
    expect(mail!.subject).toContain('la tua richiesta per un matrimonio');
    expect(mail!.text_body).toContain('Ciao Giulia!');
    expect(mail!.text_body).not.toContain('ignored');
    expect(mail!.text_body).not.toContain('originale');
  });

  it('answers 503 when no machine translation can be made, sending and keeping nothing; a translation staff wrote still goes', async () => {
    await start();
    const id = await inquire();
    for (const url of [
      `/api/events/inquiries/${id}/messages/preview`,
      `/api/events/inquiries/${id}/messages`,
    ]) {
      const response = await asStaff('POST', url, { text: 'A presto!' });
      expect(response.statusCode, url).toBe(503);
      expect(response.json().errors[0].code).toBe('translation-unavailable');
    }
    expect(await replies()).toEqual([]);
    expect((await list())[0]).toMatchObject({ status: 'new', messages: [] });
    const typed = await asStaff('POST', `/api/events/inquiries/${id}/messages`, {
      text: 'A presto!',
      translation: 'Bis bald!',
    });
    expect(typed.statusCode, typed.body).toBe(201);
  });

  it('refuses an empty or oversized reply, an unknown field, an unknown request', async () => {
    await start();
    const id = await inquire({ lang: 'it' });
    for (const body of [
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(5001) },
      { text: 'Ciao', cc: 'someone@example.com' },
      { text: 'Ciao\u0000' },
    ]) {
      const response = await asStaff('POST', `/api/events/inquiries/${id}/messages`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await asStaff('POST', `/api/events/inquiries/${id + 1}/messages`, {
      text: 'Ciao',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await replies()).toEqual([]);
  });
});

describe('covers a confirmed event holds (docs/security.md item 40)', () => {
  const booking = (index: number, time: string) => ({
    name: `Gast ${index}`,
    email: `gast${index}@example.de`,
    phone: `+49 170 ${1_000_000 + index}`,
    party: 2,
    date: FRIDAY,
    time,
    privacy: true,
    lang: 'de',
  });
  const book = (index: number, time: string, app = harness.app) =>
    app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: booking(index, time),
      remoteAddress: nextAddress(),
    });
  it('takes held covers from the service’s bookings online and in the day view, and gives them back', async () => {
    await start();
    const id = await inquire({ adults: 30, children: 3 });
    const slots = async (party: number) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/reservations/availability?date=${FRIDAY}&party=${party}`,
      });
      const answer = response.json<{ slots: { time: string; available: boolean }[] }>();
      return Object.fromEntries(answer.slots.map((slot) => [slot.time, slot.available]));
    };
    expect((await slots(8))['20:00']).toBe(true);
    // 33 of 40 dinner covers held: a party of 7 still fits, a party of 8 no longer does.
    expect((await patch(id, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await slots(7))['20:00']).toBe(true);
    expect((await slots(8))['20:00']).toBe(false);
    expect((await slots(8))['13:00']).toBe(true);
    expect((await book(1, '20:00')).statusCode).toBe(201);
    expect((await slots(7))['20:00']).toBe(false);

    const occupancy = await asStaff('GET', `/api/reservations/occupancy?date=${FRIDAY}`);
    const day = occupancy.json<OccupancyAnswer>();
    expect(day.events).toEqual([
      { id, kind: 'wedding', service: 'dinner', name: 'Lena Schmidt', guests: 33, holdCovers: 33 },
    ]);
    const held = Object.fromEntries(day.slots.map((slot) => [slot.time, slot.held]));
    expect(held['13:00']).toBe(0);
    expect(held['19:00']).toBe(33);
    expect(held['21:30']).toBe(33);
    expect(day.slots.find((slot) => slot.time === '20:00')!.covers).toBe(2);

    expect((await patch(id, { holdCovers: 'all' })).statusCode).toBe(200);
    const all = await slots(1);
    expect(all['20:00']).toBe(false);
    expect(all['13:00']).toBe(true);
    expect(
      (await asStaff('GET', `/api/reservations/occupancy?date=${FRIDAY}`))
        .json<OccupancyAnswer>()
        .slots.find((slot) => slot.time === '20:00')!.held,
    ).toBe(40);

    expect((await patch(id, { status: 'lost' })).statusCode).toBe(200);
    expect((await slots(8))['20:00']).toBe(true);
  });

  it('an event holding no cover (a room of its own) is in the day view and takes no seat', async () => {
    await start();
    const id = await inquire();
    await patch(id, { status: 'confirmed', holdCovers: 0 });
    const day = (
      await asStaff('GET', `/api/reservations/occupancy?date=${FRIDAY}`)
    ).json<OccupancyAnswer>();
    expect(day.events).toEqual([expect.objectContaining({ id, holdCovers: 0 })]);
    expect(day.slots.every((slot) => slot.held === 0)).toBe(true);
    expect((await book(1, '20:00')).statusCode).toBe(201);
  });

  it('erasing the guest’s data gives their event’s covers back at once', async () => {
    await start();
    const id = await inquire();
    await patch(id, { status: 'confirmed', holdCovers: 'all' });
    expect((await book(1, '20:00')).statusCode).toBe(409);
    const erased = await asStaff('DELETE', '/api/guest-data?email=lena%40example.de');
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await book(2, '20:00')).statusCode).toBe(201);
  });

  it('with an event holding the whole dinner, 50 racing bookings for that dinner all get 409, and lunch is unaffected', async () => {
    await start();
    const second = await testApp(
      {},
      { pages: false, sharedDatabase: harness.database, now: () => CLOCK },
    );
    others.push(second);
    // On PostgreSQL, two instances; on SQLite the one process owns the file.
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    const id = await inquire();
    expect((await patch(id, { status: 'confirmed', holdCovers: 'all' })).statusCode).toBe(200);
    const dinner = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        book(index, ['19:00', '20:00', '21:30'][index % 3]!, apps[index % apps.length]),
      ),
    );
    expect(dinner.map((answer) => answer.statusCode)).toEqual(Array(50).fill(409));
    const lunch = await book(99, '13:00', apps.at(-1));
    expect(lunch.statusCode, lunch.body).toBe(201);
    const stored = await harness.app.db.selectFrom('reservations').select('time').execute();
    expect(stored).toEqual([{ time: '13:00' }]);
  });

  it('staff may still seat a table past the hold by phone, as past any full slot, with override', async () => {
    await start();
    const id = await inquire();
    await patch(id, { status: 'confirmed', holdCovers: 'all' });
    const phone = (override: boolean) =>
      asStaff('POST', '/api/reservations/staff', {
        name: 'Zio Pino',
        phone: '+39 333 0000000',
        party: 2,
        date: FRIDAY,
        time: '20:00',
        lang: 'it',
        ...(override ? { override: true } : {}),
      });
    expect((await phone(false)).statusCode).toBe(409);
    expect((await phone(true)).statusCode).toBe(201);
  });
});

describe('the owner’s calendar feed', () => {
  it('carries confirmed events as whole days beside the confirmed bookings', async () => {
    await start();
    const confirmed = await inquire();
    await inquire({ kind: 'birthday', date: '2026-01-17', email: 'otto@example.de' });
    await patch(confirmed, { status: 'confirmed', holdCovers: 50 });
    const settings = await asStaff('GET', '/api/reservations/settings');
    const feed = await harness.app.inject({
      method: 'GET',
      url: new URL(settings.json<ReservationSettingsAnswer>().calendarFeedUrl).pathname,
    });
    expect(feed.statusCode).toBe(200);
    const events = Object.values(ical.sync.parseICS(feed.body)).filter(
      (entry) => entry?.type === 'VEVENT',
    );
    expect(events).toHaveLength(1);
    const [event] = events as ical.VEvent[];
    expect(event!.summary).toBe('Matrimonio, cena, 60 pers. – Lena Schmidt');
    expect(event!.datetype).toBe('date');
    expect(feed.body).toContain('DTSTART;VALUE=DATE:20260116');
    expect(event!.description).toContain('Coperti tenuti: 50');
  });
});

describe('GET|POST /api/events/decline-pending (docs/security.md item 41)', () => {
  it('by e-mail, phone or client address: counts, then sets each open request lost, audited by number; one mail per guest in their language, through a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      await start({ SMTP_URL: smtp.url }, { sending: true });
      const ask = async (overrides: Record<string, unknown>, remoteAddress = nextAddress()) => {
        const response = await harness.app.inject({
          method: 'POST',
          url: '/api/events/inquiries',
          payload: wedding(overrides),
          remoteAddress,
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ id: number }>().id;
      };
      // Mallory: one request confirmed, then two open (one talking; the latest in French).
      const mallory = { name: 'Mallory', email: 'mallory@example.com' };
      const m0 = await ask({ ...mallory, phone: '+44 20 0000001' });
      expect((await patch(m0, { status: 'confirmed' })).statusCode).toBe(200);
      const m1 = await ask({ ...mallory, kind: 'birthday', phone: '+44 20 0000002' });
      expect((await patch(m1, { status: 'talking' })).statusCode).toBe(200);
      const m2 = await ask({
        ...mallory,
        lang: 'fr',
        date: '2026-01-17',
        service: 'lunch',
        phone: '+44 20 0000003',
      });
      // Carol: one phone under two e-mails. Bob: someone else.
      const c1 = await ask({ email: 'carol@example.com', phone: '+39 333 7777777', lang: 'it' });
      const c2 = await ask({
        email: 'carol.b@example.com',
        phone: '+39 (333) 777-7777',
        lang: 'en',
      });
      const bob = await ask({ email: 'bob@example.com', phone: '+39 333 1111111' });
      // Two /64 networks of one /56.
      const a1 = await ask(
        { email: 'a1@example.com', phone: '+39 333 2000001' },
        '2001:db8:9:100::1',
      );
      const a2 = await ask(
        { email: 'a2@example.com', phone: '+39 333 2000002' },
        '2001:db8:9:1ff::2',
      );

      const count = async (query: string) =>
        (await asStaff('GET', `/api/events/decline-pending?${query}`)).json();
      const decline = (body: object) => asStaff('POST', '/api/events/decline-pending', body);
      expect(await count('email=MALLORY%40example.com')).toEqual({ pending: 2 });
      const byEmail = await decline({
        email: 'Mallory@Example.com',
        message: 'Troppe richieste dallo stesso indirizzo.',
      });
      expect(byEmail.statusCode, byEmail.body).toBe(200);
      expect(byEmail.json()).toEqual({ declined: 2 });
      expect(await count('email=mallory%40example.com')).toEqual({ pending: 0 });
      expect(await count('phone=%2B393337777777')).toEqual({ pending: 2 });
      expect((await decline({ phone: '+39 333 777 7777' })).json()).toEqual({ declined: 2 });
      expect(await count(`addressOf=${a2}`)).toEqual({ pending: 2 });
      expect((await decline({ addressOf: a1 })).json()).toEqual({ declined: 2 });
      expect((await asStaff('GET', '/api/events/decline-pending?addressOf=999')).statusCode).toBe(
        404,
      );

      const statuses = Object.fromEntries((await list()).map((row) => [row.id, row.status]));
      expect(statuses).toEqual({
        [m0]: 'confirmed',
        [m1]: 'lost',
        [m2]: 'lost',
        [c1]: 'lost',
        [c2]: 'lost',
        [bob]: 'new',
        [a1]: 'lost',
        [a2]: 'lost',
      });
      const audits = await harness.app.db
        .selectFrom('audit_log')
        .select(['target', 'summary'])
        .where('summary', 'like', '%in attesa%')
        .orderBy('id')
        .execute();
      expect(audits.map((entry) => entry.target)).toEqual(
        [m1, m2, c1, c2, a1, a2].map((id) => `event:${id}`),
      );
      expect(audits[1]!.summary).toBe(
        `Richiesta di evento n. ${m2} (matrimonio, 17/01/2026, pranzo): persa con tutte le richieste in attesa della stessa email, con un messaggio al cliente.`,
      );
      expect(JSON.stringify(audits)).not.toMatch(/mallory|carol|333|2001/i);

      // One mail per guest (Mallory, Carol's two e-mails, a1, a2), none per request.
      const kinds = (
        await harness.app.db.selectFrom('outbox').select('kind').orderBy('id').execute()
      ).map((mail) => mail.kind);
      expect(kinds.filter((kind) => kind === 'event-declined-all')).toHaveLength(5);
      const received = await smtp.waitFor(kinds.length);
      const toMallory = received.filter((mail) => mail.to.includes('mallory@example.com'));
      const summary = toMallory.find((mail) => mail.text.includes("ces demandes d'événement"))!;
      expect(summary, 'the French summary').toBeDefined();
      expect(summary.text).toContain('Mallory');
      expect(summary.text).toContain('– un mariage, samedi 17 janvier 2026, déjeuner');
      expect(summary.text).toContain('– un anniversaire, vendredi 16 janvier 2026, dîner');
      expect(summary.text).toContain('Troppe richieste dallo stesso indirizzo.');
      const toCarol = received.filter((mail) => mail.to.some((to) => to.startsWith('carol')));
      expect(
        toCarol.filter((mail) =>
          /questa richiesta di evento:|this request for an event:/.test(mail.text),
        ),
      ).toHaveLength(2);
    } finally {
      // The mailer keeps its connection open until the app closes.
      await harness?.close();
      await smtp.stop();
    }
  });
});
