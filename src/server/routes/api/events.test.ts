import { afterEach, describe, expect, it } from 'vitest';
import { GuestDataService } from '../../services/guest-data.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';

// A guest's request for an event (POST /api/events/inquiries): stored with
// every field; each refusal of the contract, storing nothing; the flood
// limits and the honeypot.

// The clock: Tuesday 13 January 2026, 08:30 in Rome; the seeded hours close on Mondays.
const CLOCK = Date.parse('2026-01-13T07:30:00Z');
const TODAY = '2026-01-13';
const MONDAY = '2026-01-19';
let harness: Awaited<ReturnType<typeof testApp>>;
let others: Awaited<ReturnType<typeof testApp>>[] = [];
let auth: { authorization: string };

async function start() {
  harness = await testApp({}, { pages: false, now: () => CLOCK });
  await harness.app.outbox.stop();
  await createStaff(harness.app);
  auth = { authorization: `Bearer ${await login(harness.app)}` };
}
afterEach(async () => {
  for (const other of others) await other.close();
  others = [];
  await harness?.close();
});

let address = 0;
const nextAddress = () => `10.7.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

const wedding = (overrides: Record<string, unknown> = {}) => ({
  kind: 'wedding',
  date: '2026-06-20',
  altDate: '2026-06-27',
  service: 'dinner',
  adults: 58,
  children: 6,
  area: 'terrace',
  budgetPerPerson: '65,50',
  allergens: ['molluscs', 'gluten'],
  dietaryNotes: 'Zwei Gäste essen vegetarisch',
  notes: 'Wir möchten auf der Terrasse anstoßen',
  name: 'Lena Schmidt',
  email: 'lena@example.de',
  phone: '+49 170 7654321',
  lang: 'de',
  privacy: true,
  ...overrides,
});
const post = (payload: object, remoteAddress = nextAddress()) =>
  harness.app.inject({ method: 'POST', url: '/api/events/inquiries', payload, remoteAddress });
const stored = () => harness.app.db.selectFrom('event_inquiries').selectAll().execute();

/** A refusal: 400 on `field`, nothing stored. */
async function refusedOn(payload: object, field: string) {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(400);
  expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(
    field,
  );
  expect(await stored()).toEqual([]);
}

describe('POST /api/events/inquiries', () => {
  it('stores a request with every field and answers its id', async () => {
    await start();
    const response = await post(wedding());
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    const [row] = await stored();
    expect(row).toMatchObject({
      id,
      kind: 'wedding',
      date: '2026-06-20',
      alt_date: '2026-06-27',
      service: 'dinner',
      adults: 58,
      children: 6,
      area: 'terrace',
      budget_cents: 6550,
      allergens: 'gluten,molluscs',
      dietary_notes: 'Zwei Gäste essen vegetarisch',
      notes: 'Wir möchten auf der Terrasse anstoßen',
      name: 'Lena Schmidt',
      email: 'lena@example.de',
      phone: '+49 170 7654321',
      lang: 'de',
      status: 'new',
      hold_covers: null,
    });
    expect(await harness.app.db.selectFrom('event_messages').selectAll().execute()).toEqual([]);
  });

  it('takes the least a request needs, and a weekly rest day', async () => {
    await start();
    const minimal: Record<string, unknown> = wedding({ date: MONDAY, children: 0, allergens: [] });
    for (const key of ['altDate', 'budgetPerPerson', 'dietaryNotes', 'notes']) delete minimal[key];
    expect((await post(minimal)).statusCode).toBe(201);
    expect((await stored())[0]).toMatchObject({
      date: MONDAY,
      alt_date: null,
      budget_cents: null,
      dietary_notes: '',
      notes: '',
    });
  });

  it('refuses a past day, today, and a day inside a closure, for the date and the second choice', async () => {
    await start();
    const closed = await harness.app.inject({
      method: 'PUT',
      url: '/api/opening-hours',
      headers: auth,
      payload: {
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
          day,
          ranges: day === 1 ? [] : [{ open: '19:00', close: '23:30' }],
        })),
        closures: [{ from: '2026-02-01', to: '2026-02-15', note: 'Ferie' }],
        exceptions: [],
      },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await refusedOn(wedding({ date: '2026-01-12' }), 'date');
    await refusedOn(wedding({ date: TODAY }), 'date');
    await refusedOn(wedding({ date: '2026-02-01' }), 'date');
    await refusedOn(wedding({ date: '2026-02-15' }), 'date');
    await refusedOn(wedding({ altDate: '2026-02-10' }), 'altDate');
    await refusedOn(wedding({ altDate: TODAY }), 'altDate');
    expect((await post(wedding({ date: '2026-02-16', altDate: '2026-01-31' }))).statusCode).toBe(
      201,
    );
  });

  it('refuses more than 300 guests, an unknown field or allergen, no privacy, a bad budget', async () => {
    await start();
    await refusedOn(wedding({ adults: 250, children: 51 }), 'adults');
    await refusedOn(wedding({ adults: 0 }), 'adults');
    await refusedOn(wedding({ children: -1 }), 'children');
    await refusedOn(wedding({ tableFor: 2 }), 'body');
    await refusedOn(wedding({ allergens: ['gluten', 'chocolate'] }), 'allergens.1');
    await refusedOn(wedding({ privacy: false }), 'privacy');
    await refusedOn(wedding({ budgetPerPerson: 65 }), 'budgetPerPerson');
    await refusedOn(wedding({ budgetPerPerson: '65.505' }), 'budgetPerPerson');
    await refusedOn(wedding({ kind: 'funeral' }), 'kind');
    expect((await post(wedding({ adults: 250, children: 50 }))).statusCode).toBe(201);
  });

  it('takes 10 requests an hour per address, per e-mail and per phone; then 429', async () => {
    await start();
    const from = '10.9.0.1';
    for (let n = 0; n < 10; n += 1) {
      const response = await post(
        wedding({ email: `guest${n}@example.de`, phone: `+39 333 00000${n}` }),
        from,
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const limited = await post(wedding({ email: 'x@example.de', phone: '+39 333 111111' }), from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ errors: { code: string }[] }>().errors[0]!.code).toBe('rate-limited');
    // The same e-mail (any case, any +tag) from ten addresses, then the same phone:
    // two requests wait, the rest are refused (409, item 41) yet counted against the hour.
    for (let n = 0; n < 10; n += 1) {
      expect(
        (await post(wedding({ email: `Anna+${n}@example.it`, phone: `+39 333 22222${n}` })))
          .statusCode,
      ).toBe(n < 2 ? 201 : 409);
    }
    expect((await post(wedding({ email: 'anna@example.it' }))).statusCode).toBe(429);
    for (let n = 0; n < 10; n += 1) {
      expect(
        (await post(wedding({ email: `p${n}@example.it`, phone: '0039 333 4444444' }))).statusCode,
      ).toBe(n < 2 ? 201 : 409);
    }
    expect(
      (await post(wedding({ email: 'q@example.it', phone: '+393334444444' }))).statusCode,
    ).toBe(429);
    expect(await stored()).toHaveLength(14);
  });

  it('mails the guest an acknowledgement in their language, repeating no free text, and the restaurant an Italian notice with every field', async () => {
    await start();
    expect((await post(wedding())).statusCode).toBe(201);
    const mails = await harness.app.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'reply_to', 'subject', 'text_body', 'html_body'])
      .where('kind', 'like', 'event-%')
      .orderBy('id')
      .execute();
    const restaurant = await harness.app.restaurantFacts.get();
    expect(mails.map(({ kind, recipient, reply_to }) => [kind, recipient, reply_to])).toEqual([
      ['event-received', 'lena@example.de', restaurant.email],
      ['event-notice', restaurant.email, 'lena@example.de'],
    ]);
    const [guest, notice] = mails;
    expect(guest!.subject).toBe(
      `${restaurant.name}: Wir haben Ihre Anfrage für eine Hochzeit erhalten`,
    );
    for (const line of [
      'Guten Tag Lena Schmidt,',
      'Anlass: eine Hochzeit',
      'Datum: Samstag, 20. Juni 2026',
      'Mahlzeit: Abendessen',
      'Gäste: 58 Erwachsene, 6 Kinder',
    ]) {
      expect(guest!.text_body).toContain(line);
    }
    // Anyone can type any address (docs/security.md item 41): the guest's words, and
    // the rest of the form, stay out of the acknowledgement.
    for (const text of [
      'Zwei Gäste essen vegetarisch',
      'Wir möchten auf der Terrasse anstoßen',
      'Ernährungsbedürfnisse',
      'Anmerkungen',
      'Ausweichdatum',
      'Budget',
      'Allergene',
    ]) {
      expect(guest!.text_body).not.toContain(text);
      expect(guest!.html_body).not.toContain(text);
    }
    expect(notice!.subject).toBe(
      'Richiesta evento: un matrimonio, 64, sabato 20 giugno 2026, cena',
    );
    for (const line of [
      'Evento: un matrimonio',
      'Data alternativa: sabato 27 giugno 2026',
      'Ospiti: 58 adulti, 6 bambini',
      'Dove: in terrazza',
      'Budget a persona: 65,50\u00a0€',
      'Nome: Lena Schmidt',
      'Telefono: +49 170 7654321',
      'E-mail: lena@example.de',
      'Lingua del cliente: de',
      'Esigenze alimentari: Zwei Gäste essen vegetarisch',
      'Note: Wir möchten auf der Terrasse anstoßen',
    ]) {
      expect(notice!.text_body).toContain(line);
    }
  });

  it('answers a filled honeypot as taken, with id 0, and stores nothing', async () => {
    await start();
    const response = await post(wedding({ website: 'https://spam.example' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: 0 });
    expect(await stored()).toEqual([]);
    expect(await harness.app.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });
});

describe("guests' data: event requests", () => {
  const guestData = (method: 'GET' | 'DELETE', query: string) =>
    harness.app.inject({ method, url: `/api/guest-data?${query}`, headers: auth });

  it('exports them with their threads, by e-mail or phone, and erases them with their mails', async () => {
    await start();
    const { id } = (await post(wedding())).json<{ id: number }>();
    await post(
      wedding({ name: 'Other Guest', email: 'other@example.it', phone: '+39 333 9999999' }),
    );
    const replied = await harness.app.inject({
      method: 'POST',
      url: `/api/events/inquiries/${id}/messages`,
      headers: auth,
      payload: { text: 'Volentieri!', translation: 'Gerne!' },
    });
    expect(replied.statusCode, replied.body).toBe(201);

    const byEmail = await guestData('GET', 'email=LENA%40example.de');
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json().eventInquiries).toEqual([
      {
        id,
        kind: 'wedding',
        date: '2026-06-20',
        altDate: '2026-06-27',
        service: 'dinner',
        adults: 58,
        children: 6,
        area: 'terrace',
        budgetPerPerson: '65.50',
        allergens: ['gluten', 'molluscs'],
        dietaryNotes: 'Zwei Gäste essen vegetarisch',
        notes: 'Wir möchten auf der Terrasse anstoßen',
        name: 'Lena Schmidt',
        email: 'lena@example.de',
        phone: '+49 170 7654321',
        lang: 'de',
        status: 'talking',
        createdAt: new Date(CLOCK).toISOString(),
        messages: [
          {
            at: new Date(CLOCK).toISOString(),
            from: 'staff',
            text: 'Volentieri!',
            translation: 'Gerne!',
          },
        ],
      },
    ]);
    const byPhone = await guestData('GET', 'phone=%2B491707654321');
    expect(byPhone.json().eventInquiries.map((row: { id: number }) => row.id)).toEqual([id]);

    const erased = await guestData('DELETE', 'phone=%2B491707654321');
    expect(erased.statusCode, erased.body).toBe(200);
    // The request, and its three mails (the acknowledgement and the reply to, the notice from the guest).
    expect(erased.json()).toMatchObject({ eventInquiries: 1, mails: 3 });
    expect((await stored()).map((row) => row.email)).toEqual(['other@example.it']);
    expect(await harness.app.db.selectFrom('event_messages').selectAll().execute()).toEqual([]);
    const mails = await harness.app.db
      .selectFrom('outbox')
      .select(['recipient', 'reply_to'])
      .execute();
    expect(JSON.stringify(mails)).not.toContain('lena@example.de');
  });

  it('anonymises a request once its day, and its second choice, passed longer ago than the retention period', async () => {
    await start();
    await post(wedding({ date: '2026-01-14', altDate: '2026-01-15' }));
    // Another guest's: retention counts from each guest's last day (docs/decisions/020).
    const later = (
      await post(wedding({ date: '2026-01-16', email: 'ada@example.it', phone: '+39 333 1112223' }))
    ).json<{ id: number }>().id;
    const purge = (now: number) => {
      // A second service on another clock: retention is worked out at `now`.
      return new GuestDataService({ db: harness.app.db, now: () => now }).purgeExpired(24);
    };
    // 24 months after 15 January 2026: the first request's second choice still counts that day.
    expect((await purge(Date.parse('2028-01-15T09:00:00Z'))).eventInquiries).toBe(0);
    expect((await purge(Date.parse('2028-01-16T09:00:00Z'))).eventInquiries).toBe(1);
    const named = (await stored()).filter((row) => row.name !== '' && row.anonymised_at === null);
    expect(named.map((row) => row.id)).toEqual([later]);
  });
});

describe('at most two open requests per e-mail or phone (docs/security.md item 41)', () => {
  it('refuses the third request new or talking of one e-mail (any case, +tag) or one phone (any spacing) with 409 too-many-pending, storing nothing; a settled one no longer counts', async () => {
    await start();
    const refused = async (payload: object) => {
      const before = await stored();
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(409);
      const [error] = response.json<{ errors: { code: string; description: string }[] }>().errors;
      expect(error!.code).toBe('too-many-pending');
      expect(error!.description).toContain('already have two requests waiting');
      expect(await stored()).toEqual(before);
    };
    const first = await post(wedding({ email: 'anna@example.it', phone: '+39 333 0000001' }));
    expect(first.statusCode, first.body).toBe(201);
    const second = await post(wedding({ email: 'Anna+2@EXAMPLE.it', phone: '+39 333 0000002' }));
    expect(second.statusCode, second.body).toBe(201);
    // Staff's reply puts the first "in trattativa": still open.
    expect(
      (
        await harness.app.inject({
          method: 'PATCH',
          url: `/api/events/inquiries/${first.json<{ id: number }>().id}`,
          payload: { status: 'talking' },
          headers: auth,
        })
      ).statusCode,
    ).toBe(200);
    await refused(wedding({ email: 'ANNA+x@example.it', phone: '+39 333 0000003' }));
    for (const phone of ['+39 320 555 0000', '+393205550000']) {
      expect((await post(wedding({ email: `${phone.length}@example.it`, phone }))).statusCode).toBe(
        201,
      );
    }
    await refused(wedding({ email: 'z@example.it', phone: '0039 (320) 555-0000' }));
    // Once staff settle one (lost), the guest may ask again.
    const lost = await harness.app.inject({
      method: 'PATCH',
      url: `/api/events/inquiries/${first.json<{ id: number }>().id}`,
      payload: { status: 'lost' },
      headers: auth,
    });
    expect(lost.statusCode, lost.body).toBe(200);
    expect((await post(wedding({ email: 'anna@example.it' }))).statusCode).toBe(201);
  });

  it('20 requests of one e-mail racing on every instance: exactly 2 are stored, the rest refused', async () => {
    await start();
    const second = await testApp(
      {},
      { pages: false, now: () => CLOCK, sharedDatabase: harness.database },
    );
    await second.app.outbox.stop();
    others.push(second);
    // On PostgreSQL, two instances race on one database; on SQLite the one process owns the file.
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        apps[index % apps.length]!.inject({
          method: 'POST',
          url: '/api/events/inquiries',
          payload: wedding({
            email: index % 2 ? `Mallory+${index}@example.com` : 'mallory@EXAMPLE.com',
            phone: `+44 20 ${1_000_000 + index}`,
          }),
          remoteAddress: nextAddress(),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    // The e-mail's hourly budget (10) stops half of them first; the cap, the rest.
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const capped = answers.filter((answer) => answer.statusCode === 409);
    expect(capped).toHaveLength(8);
    for (const refused of capped) expect(refused.json().errors[0].code).toBe('too-many-pending');
    expect(await stored()).toHaveLength(2);
  });
});
