import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import type { RestaurantFacts } from '../../../shared/schemas/restaurant.ts';

// The restaurant's own facts: the seed, the owner's round trip and its audit
// entry, validation that changes nothing, who may write, and two instances on
// one database.
let harness: Awaited<ReturnType<typeof testApp>>;
/** The owner's: the first account of a database is its owner. */
let token: string;

async function start(now?: () => number) {
  harness = await testApp({}, { pages: false, ...(now ? { now } : {}) });
  await createStaff(harness.app);
  token = await login(harness.app);
}
afterEach(async () => {
  await harness?.close();
});

const SEED: RestaurantFacts = {
  name: 'Trattoria La Tonnara',
  phones: { mobile: '+39 333 555 0187', landline: '+39 0924 555 0142' },
  email: 'info@latonnara.example',
  address: {
    street: 'Via Lungomare 12',
    postalCode: '91014',
    locality: 'Scopello',
    region: 'TP',
    country: 'IT',
  },
  geo: { latitude: 38.0712, longitude: 12.8203 },
  mapUrl: 'https://maps.example/?q=38.0712,12.8203',
  mapEmbedUrl: 'https://maps.example/embed?q=38.0712,12.8203&z=15',
  social: {
    instagram: 'https://www.instagram.example/latonnara',
    facebook: 'https://www.facebook.example/latonnara',
  },
  privacyPolicyUrl: 'https://privacy.example/policies/latonnara',
  foundedYear: 1998,
  priceRange: '€€',
};

const get = async (): Promise<RestaurantFacts> => {
  const response = await harness.app.inject({ method: 'GET', url: '/api/restaurant' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const put = (payload: unknown, bearer = token) =>
  harness.app.inject({
    method: 'PUT',
    url: '/api/restaurant',
    payload: payload as object,
    headers: { authorization: `Bearer ${bearer}` },
  });
/** The row, and what says it changed: a refused PUT leaves them all. */
const everything = async () => {
  const db = harness.app.db;
  return Promise.all([
    db.selectFrom('restaurant_facts').selectAll().execute(),
    db.selectFrom('content_version').selectAll().execute(),
    db.selectFrom('audit_log').select('id').execute(),
  ]);
};
const lastAudit = async () => {
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/audit?limit=1',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json<{ action: string; target: string; summary: string; actor: unknown }[]>()[0];
};

describe('GET /api/restaurant', () => {
  it('holds the facts content/restaurant.ts had, for anyone', async () => {
    await start();
    expect(await get()).toEqual(SEED);
    const withToken = await harness.app.inject({
      method: 'GET',
      url: '/api/restaurant',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(withToken.json()).toEqual(SEED);
  });

  it('refuses any query key', async () => {
    await start();
    const response = await harness.app.inject({ method: 'GET', url: '/api/restaurant?lang=en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('errors.querystring');
  });
});

describe('PUT /api/restaurant', () => {
  it('needs an owner: 401 without a session, 403 for staff, and changes nothing', async () => {
    await start();
    await createStaff(harness.app, {
      email: 'marco@trattoria.example',
      username: 'marco',
      role: 'staff',
    });
    const staff = await login(harness.app, 'marco@trattoria.example', STAFF_PASSWORD, '10.8.0.3');
    const before = await everything();
    const changed = { ...SEED, name: 'Da Marco' };
    for (const bearer of ['not-a-session', '']) {
      const response = await put(changed, bearer);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    const refused = await put(changed, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: [{ code: 'owner-only', description: 'Solo il titolare può farlo.' }],
    });
    expect(await everything()).toEqual(before);
  });

  it("stores the owner's facts, answers as GET does, and names what changed in the audit log", async () => {
    await start();
    const moved: RestaurantFacts = {
      ...SEED,
      name: 'Trattoria Il Faro',
      phones: { mobile: '+39 347 123 4567', landline: null },
      address: { ...SEED.address, street: 'Piazza Marina 3' },
      social: { ...SEED.social, facebook: null },
    };
    const saved = await put(moved);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(moved);
    expect(await get()).toEqual(moved);
    expect(await lastAudit()).toEqual({
      at: expect.any(String),
      actor: { email: 'anna@trattoria.example' },
      action: 'restaurant.update',
      target: 'restaurant',
      summary:
        'Dati del ristorante aggiornati: nome, cellulare, telefono fisso, indirizzo, Facebook.',
    });
    // The cache follows at once on this instance.
    const again = await put({ ...moved, geo: { latitude: 38.0198, longitude: 12.5136 } });
    expect(again.json().geo).toEqual({ latitude: 38.0198, longitude: 12.5136 });
    expect((await get()).geo).toEqual({ latitude: 38.0198, longitude: 12.5136 });
    expect((await lastAudit())?.summary).toBe('Dati del ristorante aggiornati: coordinate.');
  });

  it('keeps texts as they will be shown: trimmed, e-mail in lower case, country in capitals, links in their standard form, empty optional ones as null', async () => {
    await start();
    const saved = await put({
      ...SEED,
      name: '  Trattoria La Tonnara  ',
      email: ' Info@LaTonnara.Example ',
      phones: { mobile: ' +39 333 555 0187', landline: '  ' },
      address: { ...SEED.address, country: 'it' },
      mapUrl: 'HTTPS://Maps.Example/?q=38.0712,12.8203',
      social: { instagram: 'https://www.instagram.example', facebook: '' },
      privacyPolicyUrl: 'https://privacy.example/policies/la tonnara',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      ...SEED,
      phones: { ...SEED.phones, landline: null },
      social: { instagram: 'https://www.instagram.example/', facebook: null },
      privacyPolicyUrl: 'https://privacy.example/policies/la%20tonnara',
    });
  });

  it('takes back exactly what GET answers, and a PUT that changes nothing writes nothing', async () => {
    await start();
    const before = await everything();
    const same = await put(await get());
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(SEED);
    expect(await everything()).toEqual(before);
  });

  it('takes the facts without the map to embed, as before it was a fact, and keeps the stored one', async () => {
    await start();
    const { mapEmbedUrl, ...older } = SEED;
    const response = await put({ ...older, name: 'La Tonnara di Scopello' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...SEED, name: 'La Tonnara di Scopello', mapEmbedUrl });
    expect((await get()).mapEmbedUrl).toBe(mapEmbedUrl);
  });

  it('refuses what cannot be, naming the field in Italian, and changes nothing', async () => {
    await start();
    const before = await everything();
    const cases: [string, unknown, string, string][] = [
      ['no name', { ...SEED, name: '  ' }, 'name', 'Nome del ristorante: campo obbligatorio.'],
      [
        'a name over two lines',
        { ...SEED, name: 'Trattoria\nLa Tonnara' },
        'name',
        'una sola riga',
      ],
      ['a name too long', { ...SEED, name: 'x'.repeat(101) }, 'name', 'al massimo 100 caratteri'],
      [
        'a mobile without the country code',
        { ...SEED, phones: { ...SEED.phones, mobile: '333 555 0187' } },
        'phones.mobile',
        'Cellulare: scrivilo con il prefisso internazionale',
      ],
      [
        'a phone with letters',
        { ...SEED, phones: { ...SEED.phones, landline: '+39 0924 TONNARA' } },
        'phones.landline',
        'Telefono fisso: scrivilo con il prefisso internazionale',
      ],
      [
        'a phone of 16 digits',
        { ...SEED, phones: { ...SEED.phones, mobile: '+39 3335550187 1234' } },
        'phones.mobile',
        'prefisso internazionale',
      ],
      [
        'no landline key',
        { ...SEED, phones: { mobile: SEED.phones.mobile } },
        'phones.landline',
        "Telefono fisso: campo obbligatorio (null se non c'è).",
      ],
      ['a bad e-mail', { ...SEED, email: 'info@' }, 'email', 'Indirizzo e-mail non valido.'],
      [
        'no street',
        { ...SEED, address: { ...SEED.address, street: '' } },
        'address.street',
        'Via e numero civico: campo obbligatorio.',
      ],
      [
        'a postal code with a symbol',
        { ...SEED, address: { ...SEED.address, postalCode: '91014!' } },
        'address.postalCode',
        'CAP non valido',
      ],
      [
        'a postal code of one character (two to ten, as the message says)',
        { ...SEED, address: { ...SEED.address, postalCode: '9' } },
        'address.postalCode',
        'CAP non valido',
      ],
      [
        'a country by name',
        { ...SEED, address: { ...SEED.address, country: 'Italia' } },
        'address.country',
        'Paese: il codice di due lettere, come IT.',
      ],
      ['an address as one text', { ...SEED, address: 'Via Lungomare 12' }, 'address', ''],
      [
        'a latitude past the pole',
        { ...SEED, geo: { latitude: 90.5, longitude: 12 } },
        'geo.latitude',
        'Latitudine non valida: un numero da -90 a 90',
      ],
      [
        'a longitude past the date line',
        { ...SEED, geo: { latitude: 38, longitude: -181 } },
        'geo.longitude',
        'Longitudine non valida',
      ],
      [
        'a coordinate as text',
        { ...SEED, geo: { latitude: '38.07', longitude: 12 } },
        'geo.latitude',
        'Latitudine non valida',
      ],
      [
        'a map link over plain http',
        { ...SEED, mapUrl: 'http://maps.example/?q=38,12' },
        'mapUrl',
        'Link alla mappa: un indirizzo web che inizia con https://',
      ],
      [
        'an embedded map over plain http',
        { ...SEED, mapEmbedUrl: 'http://maps.example/embed?q=38,12' },
        'mapEmbedUrl',
        'Mappa nella pagina: un indirizzo web che inizia con https://',
      ],
      [
        'no embedded map',
        { ...SEED, mapEmbedUrl: '  ' },
        'mapEmbedUrl',
        'Mappa nella pagina: campo obbligatorio.',
      ],
      [
        'a javascript: link',
        { ...SEED, social: { ...SEED.social, instagram: 'javascript:alert(1)' } },
        'social.instagram',
        'inizia con https://',
      ],
      [
        'a link with a password',
        { ...SEED, privacyPolicyUrl: 'https://user:secret@privacy.example/' },
        'privacyPolicyUrl',
        'inizia con https://',
      ],
      [
        'a link to a host without a domain',
        { ...SEED, mapUrl: 'https://localhost/map' },
        'mapUrl',
        'inizia con https://',
      ],
      [
        'a link with a line break',
        { ...SEED, social: { ...SEED.social, facebook: 'https://www.face\nbook.example/x' } },
        'social.facebook',
        'inizia con https://',
      ],
      [
        'a link too long',
        { ...SEED, mapUrl: `https://maps.example/${'x'.repeat(500)}` },
        'mapUrl',
        'al massimo 500 caratteri',
      ],
      [
        'a link that its standard form makes too long',
        { ...SEED, mapUrl: `https://maps.example/${'è'.repeat(100)}` },
        'mapUrl',
        'al massimo 500 caratteri',
      ],
      [
        'an unknown social network',
        { ...SEED, social: { ...SEED.social, tiktok: 'https://tiktok.example/x' } },
        'social',
        'Campo sconosciuto: tiktok.',
      ],
      [
        'a founding year before 1000',
        { ...SEED, foundedYear: 999 },
        'foundedYear',
        'Anno di fondazione: un anno intero dal 1000',
      ],
      [
        'a founding year with a fraction',
        { ...SEED, foundedYear: 1998.5 },
        'foundedYear',
        'Anno di fondazione',
      ],
      ['a founding year as text', { ...SEED, foundedYear: '1998' }, 'foundedYear', 'Anno'],
      ['no founding year', { ...SEED, foundedYear: undefined }, 'foundedYear', 'Anno'],
      [
        'a price range in dollars',
        { ...SEED, priceRange: '$$' },
        'priceRange',
        'Fascia di prezzo: una tra €, €€, €€€, €€€€.',
      ],
      ['five euro signs', { ...SEED, priceRange: '€€€€€' }, 'priceRange', 'Fascia di prezzo'],
      ['an unknown key', { ...SEED, openingHours: [] }, 'body', 'Campo sconosciuto: openingHours.'],
      ['not an object', [], 'body', 'Dati non validi'],
    ];
    for (const [why, body, field, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, why).toBe(400);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect(Object.keys(errors), `${why}: ${response.body}`).toEqual([field]);
      expect(errors[field]!.join(' '), why).toContain(message);
    }
    expect(await everything()).toEqual(before);
  });
});

describe('the founding year and the price range', () => {
  it("take any year up to this one on the app's clock, and refuse next year", async () => {
    let now = Date.parse('2026-12-31T22:30:00Z'); // 23:30 on 31 December in Rome
    await start(() => now);
    const before = await everything();
    const future = await put({ ...SEED, foundedYear: 2027 });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({
      errors: { foundedYear: ['Anno di fondazione: non può essere nel futuro.'] },
    });
    expect(await everything()).toEqual(before);

    const saved = await put({ ...SEED, foundedYear: 2026, priceRange: '€€€' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await get()).toMatchObject({ foundedYear: 2026, priceRange: '€€€' });
    expect((await lastAudit())?.summary).toBe(
      'Dati del ristorante aggiornati: anno di fondazione, fascia di prezzo.',
    );
    // Midnight in Rome: 2027 has begun there, though not yet in UTC.
    now = Date.parse('2026-12-31T23:00:00Z');
    const newYear = await put({ ...SEED, foundedYear: 2027 });
    expect(newYear.statusCode, newYear.body).toBe(200);
    expect((await get()).foundedYear).toBe(2027);
  });
});

describe('e-mails', () => {
  it("are signed with the restaurant's name as the owner set it", async () => {
    await start();
    await put({ ...SEED, name: 'Trattoria Il Faro' });
    const invited = await harness.app.inject({
      method: 'POST',
      url: '/api/staff/invitations',
      payload: {
        email: 'marco@trattoria.example',
        firstName: 'Marco',
        lastName: 'Neri',
        role: 'staff',
      },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await harness.app.db
      .selectFrom('outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('recipient', '=', 'marco@trattoria.example')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Trattoria Il Faro: sei stato invitato nello staff');
    expect(mail.text_body).toContain('a gestire il sito di Trattoria Il Faro.');
    expect(mail.html_body).toContain('>Trattoria Il Faro</p></body></html>');
    expect(JSON.stringify(mail)).not.toContain('La Tonnara');
  });
});

describe('two instances behind one database', () => {
  it('a change on one shows on the other within a second', async () => {
    await start();
    const other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    try {
      const there = await login(other.app, 'anna@trattoria.example', STAFF_PASSWORD, '10.8.0.2');
      expect((await get()).phones.mobile).toBe(SEED.phones.mobile); // kept by this instance now
      const saved = await other.app.inject({
        method: 'PUT',
        url: '/api/restaurant',
        payload: { ...SEED, phones: { ...SEED.phones, mobile: '+39 320 000 1111' } },
        headers: { authorization: `Bearer ${there}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const savedAt = Date.now();
      let mobile = (await get()).phones.mobile;
      while (mobile === SEED.phones.mobile && Date.now() - savedAt < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        mobile = (await get()).phones.mobile;
      }
      expect(mobile).toBe('+39 320 000 1111');
      expect(Date.now() - savedAt).toBeLessThan(1_000);
    } finally {
      await other.close();
    }
  });
});
