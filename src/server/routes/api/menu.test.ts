// Over 400 lines: the /api/menu routes in one file (the seeded menu, staff writes, a dish's translations, two instances), sharing the fake DeepL set-up.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../../testing/fake-translators.ts';
import type { MenuAnswer } from '../../../shared/schemas/menu.ts';

// The menu in the database (docs/api.md, "Menu"): the seeded menu, every
// staff write, validation that changes nothing, and translations.
let harness: Awaited<ReturnType<typeof testApp>>;
let token: string;
let fake: FakeTranslator | undefined;

async function start(env: Record<string, string> = {}) {
  harness = await testApp(env, { pages: false });
  await createStaff(harness.app);
  token = await login(harness.app);
}
afterEach(async () => {
  await harness.close();
  await fake?.close();
  fake = undefined;
});

const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  harness.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${token}` },
  });
const menu = async (lang = 'it'): Promise<MenuAnswer> => {
  const response = await harness.app.inject({ method: 'GET', url: `/api/menu?lang=${lang}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const section = (answer: MenuAnswer, name: string) => answer.sections.find((s) => s.name === name)!;
/** Every menu row, to show a refused request changed nothing. */
const everything = async () => {
  const db = harness.app.db;
  return Promise.all([
    db.selectFrom('menu_sections').selectAll().orderBy('id').execute(),
    db.selectFrom('menu_items').selectAll().orderBy('id').execute(),
    db.selectFrom('menu_item_prices').selectAll().orderBy('item_id').orderBy('position').execute(),
    db
      .selectFrom('text_translations')
      .select(['entity', 'entity_id', 'field', 'lang', 'kind', 'text'])
      .execute(),
  ]);
};

const PIZZA = {
  name: 'Pizza Tonnara',
  ingredients: 'pomodoro, tonno, cipolla',
  prices: [{ label: '', amount: '11' }],
};

describe('the seeded menu', () => {
  beforeEach(() => start());

  it('holds content/menu.ts: eleven sections in order, 115 dishes, prices as exact decimals', async () => {
    const it_ = await menu('it');
    expect(it_.lang).toBe('it');
    expect(it_.sections.map((s) => [s.name, s.placement, s.items.length])).toEqual([
      ['Antipasti', 'carousel', 13],
      ['Sfizi fritti', 'extras', 4],
      ['Primi piatti', 'carousel', 12],
      ['Secondi di carne', 'carousel', 11],
      ['Secondi di pesce', 'carousel', 9],
      ['Insalate e contorni', 'carousel', 5],
      ['Pizze', 'carousel', 30],
      ['Dessert', 'carousel', 10],
      ['Birre e vini', 'carousel', 9],
      ['Aperitivi', 'always', 5],
      ['Bevande', 'always', 7],
    ]);
    const arancine = it_.sections[0]!.items[0]!;
    expect(arancine).toEqual({
      id: expect.any(Number),
      name: 'Arancine miste',
      description: '',
      ingredients: '',
      prices: [{ label: '', amount: '8.00' }],
      allergens: null,
      available: true,
      frozen: false,
      takeaway: true,
      translation: 'none',
    });
    const sardines = it_.sections[0]!.items[2]!;
    expect(sardines.prices).toEqual([{ label: '', amount: '9.50' }]);
  });

  it('every dish and section is in each language, as staff-written', async () => {
    const de = await menu('de');
    expect(de.sections[0]!.name).toBe('Vorspeisen');
    expect(de.sections[0]!.items[0]).toMatchObject({
      name: 'Gemischte Arancine (sizilianische Reisbällchen)',
      translation: 'staff',
    });
    const margherita = de.sections[6]!.items.find((item) => item.name === 'Margherita')!;
    expect(margherita.ingredients).toContain('Tomate');
    expect(de.sections.flatMap((s) => s.items).every((item) => item.translation === 'staff')).toBe(
      true,
    );
  });

  it('refuses an unknown language and unknown query keys', async () => {
    for (const url of ['/api/menu?lang=xx', '/api/menu?lang=it&debug=1']) {
      expect((await harness.app.inject({ method: 'GET', url })).statusCode, url).toBe(400);
    }
  });
});

describe('staff writes', () => {
  beforeEach(() => start());

  it('every write needs a staff bearer token', async () => {
    const before = await everything();
    // Valid requests: a bad one is refused by validation first, as everywhere in the API.
    for (const [method, url, payload] of [
      ['POST', '/api/menu/sections', { name: 'Crudi' }],
      ['PATCH', '/api/menu/sections/1', { name: 'Crudi' }],
      ['DELETE', '/api/menu/sections/1', undefined],
      ['POST', '/api/menu/items', { ...PIZZA, sectionId: 1 }],
      ['PATCH', '/api/menu/items/1', { available: false }],
      ['DELETE', '/api/menu/items/1', undefined],
      ['GET', '/api/menu/items/1/translations', undefined],
      [
        'PUT',
        '/api/menu/items/1/translations/de',
        { name: 'X', italian: { name: 'Arancine miste' } },
      ],
      ['DELETE', '/api/menu/items/1/translations/de', undefined],
    ] as const) {
      const response = await harness.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { authorization: 'Bearer not-a-session' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await everything()).toEqual(before);
  });

  it('adds a pizza with sizes: amounts normalised, allergens in the Annex order, audited', async () => {
    const pizze = section(await menu(), 'Pizze');
    const created = await send('POST', '/api/menu/items', {
      ...PIZZA,
      sectionId: pizze.id,
      prices: [
        { label: 'Normale', amount: '11' },
        { label: 'Maxi', amount: '16,5' },
      ],
      allergens: ['milk', 'gluten', 'fish'],
      frozen: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      sectionId: pizze.id,
      position: 30,
      name: 'Pizza Tonnara',
      description: '',
      ingredients: 'pomodoro, tonno, cipolla',
      prices: [
        { label: 'Normale', amount: '11.00' },
        { label: 'Maxi', amount: '16.50' },
      ],
      allergens: ['gluten', 'fish', 'milk'],
      available: true,
      frozen: true,
      takeaway: true,
      translation: 'none',
    });
    const shown = section(await menu('en'), 'Pizza').items.at(-1)!;
    expect(shown).toMatchObject({ name: 'Pizza Tonnara', translation: 'none', frozen: true });
    const audit = await harness.app.inject({
      method: 'GET',
      url: '/api/audit?limit=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(audit.json()[0]).toMatchObject({
      action: 'menu.item.create',
      summary: 'Piatto «Pizza Tonnara» aggiunto a «Pizze».',
    });
  });

  it('refuses bad dishes with 400 and changes nothing', async () => {
    const pizze = section(await menu(), 'Pizze');
    const before = await everything();
    const bad: [string, unknown][] = [
      ['no name', { ...PIZZA, sectionId: pizze.id, name: '  ' }],
      ['no price', { ...PIZZA, sectionId: pizze.id, prices: [] }],
      ['float price', { ...PIZZA, sectionId: pizze.id, prices: [{ label: '', amount: 11 }] }],
      [
        'three decimals',
        { ...PIZZA, sectionId: pizze.id, prices: [{ label: '', amount: '1.005' }] },
      ],
      ['negative', { ...PIZZA, sectionId: pizze.id, prices: [{ label: '', amount: '-1' }] }],
      [
        'sizes without labels',
        { ...PIZZA, sectionId: pizze.id, prices: [{ amount: '1' }, { amount: '2' }] },
      ],
      [
        'same size twice',
        {
          ...PIZZA,
          sectionId: pizze.id,
          prices: [
            { label: 'M', amount: '1' },
            { label: 'm', amount: '2' },
          ],
        },
      ],
      ['unknown allergen', { ...PIZZA, sectionId: pizze.id, allergens: ['shellfish'] }],
      ['allergen twice', { ...PIZZA, sectionId: pizze.id, allergens: ['milk', 'milk'] }],
      ['unknown field', { ...PIZZA, sectionId: pizze.id, price: '11' }],
      ['unknown section', { ...PIZZA, sectionId: 999_999 }],
      ['line break in a name', { ...PIZZA, sectionId: pizze.id, name: 'Pizza\nTonnara' }],
      ['not an object', [1, 2]],
    ];
    for (const [why, payload] of bad) {
      const response = await send('POST', '/api/menu/items', payload);
      expect(response.statusCode, why).toBe(400);
      expect(response.json(), why).toHaveProperty('errors');
    }
    expect(await everything()).toEqual(before);
  });

  it('moves a dish by position, shifting the others, and marks it sold out in every language', async () => {
    const antipasti = section(await menu(), 'Antipasti');
    const [first, second, third] = antipasti.items;
    const moved = await send('PATCH', `/api/menu/items/${third!.id}`, { position: 0 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().position).toBe(0);
    expect(
      section(await menu(), 'Antipasti')
        .items.slice(0, 3)
        .map((i) => i.id),
    ).toEqual([third!.id, first!.id, second!.id]);
    const soldOut = await send('PATCH', `/api/menu/items/${first!.id}`, { available: false });
    expect(soldOut.json()).toMatchObject({ available: false, name: 'Arancine miste' });
    for (const lang of ['it', 'en', 'fr', 'es', 'de']) {
      const shown = (await menu(lang)).sections[0]!.items.find((i) => i.id === first!.id)!;
      expect(shown.available, lang).toBe(false);
    }
    // Past the end: last.
    await send('PATCH', `/api/menu/items/${third!.id}`, { position: 500 });
    expect(section(await menu(), 'Antipasti').items.at(-1)!.id).toBe(third!.id);
    expect(section(await menu(), 'Antipasti').items.map((_, i) => i)).toHaveLength(13);
  });

  it('allergens: null is "not declared", [] is "none", and both round-trip', async () => {
    const item = (await menu()).sections[0]!.items[0]!;
    expect(
      (await send('PATCH', `/api/menu/items/${item.id}`, { allergens: [] })).json().allergens,
    ).toEqual([]);
    expect((await menu('fr')).sections[0]!.items[0]!.allergens).toEqual([]);
    expect(
      (await send('PATCH', `/api/menu/items/${item.id}`, { allergens: null })).json().allergens,
    ).toBeNull();
  });

  it('moves a dish to another section: last there, and the old section closes the gap', async () => {
    const before = await menu();
    const dish = section(before, 'Antipasti').items[0]!;
    const dolci = section(before, 'Dessert');
    const moved = await send('PATCH', `/api/menu/items/${dish.id}`, { sectionId: dolci.id });
    expect(moved.json()).toMatchObject({ sectionId: dolci.id, position: 10 });
    const after = await menu();
    expect(section(after, 'Dessert').items.at(-1)!.id).toBe(dish.id);
    const positions = await harness.app.db
      .selectFrom('menu_items')
      .select('position')
      .where('section_id', '=', section(after, 'Antipasti').id)
      .orderBy('position')
      .execute();
    expect(positions.map((row) => row.position)).toEqual([...Array(12).keys()]);
  });

  it('sections: add, rename, reorder, and delete only when empty', async () => {
    const created = await send('POST', '/api/menu/sections', { name: 'Crudi' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await menu()).sections.at(-1)).toMatchObject({
      id,
      name: 'Crudi',
      placement: 'carousel',
      items: [],
    });
    expect(
      (await send('PATCH', `/api/menu/sections/${id}`, { name: 'Crudi di mare', position: 0 }))
        .statusCode,
    ).toBe(204);
    expect((await menu()).sections[0]).toMatchObject({ id, name: 'Crudi di mare' });
    const dish = await send('POST', '/api/menu/items', { ...PIZZA, sectionId: id });
    const full = await send('DELETE', `/api/menu/sections/${id}`);
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0].code).toBe('section-not-empty');
    expect((await send('DELETE', `/api/menu/items/${dish.json().id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/menu/sections/${id}`)).statusCode).toBe(204);
    expect((await menu()).sections.map((s) => s.name)).not.toContain('Crudi di mare');
    expect((await menu()).sections[0]!.name).toBe('Antipasti');
  });

  it('unknown ids are 404 and change nothing', async () => {
    const before = await everything();
    for (const [method, url, payload] of [
      ['PATCH', '/api/menu/sections/999999', { name: 'X' }],
      ['DELETE', '/api/menu/sections/999999', undefined],
      ['PATCH', '/api/menu/items/999999', { available: false }],
      ['DELETE', '/api/menu/items/999999', undefined],
      ['PUT', '/api/menu/items/999999/translations/de', { name: 'X', italian: { name: 'Y' } }],
      ['DELETE', '/api/menu/items/999999/translations/de', undefined],
    ] as const) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), url).toHaveProperty('message');
    }
    const get = await harness.app.inject({
      method: 'GET',
      url: '/api/menu/items/999999/translations',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(get.statusCode).toBe(404);
    expect(await everything()).toEqual(before);
  });
});

describe('translations of a dish', () => {
  it('staff correct one field in one language; it wins until that Italian changes', async () => {
    await start();
    const dish = (await menu()).sections[0]!.items[0]!;
    const put = (body: unknown) => send('PUT', `/api/menu/items/${dish.id}/translations/de`, body);
    const saved = await put({ name: 'Arancini gemischt', italian: { name: 'Arancine miste' } });
    expect(saved.statusCode).toBe(200);
    expect(
      saved.json().translations.find((t: { lang: string }) => t.lang === 'de').fields.name,
    ).toEqual({
      italian: 'Arancine miste',
      machine: null,
      staff: 'Arancini gemischt',
      staffStale: false,
    });
    expect((await menu('de')).sections[0]!.items[0]!.name).toBe('Arancini gemischt');
    // The Italian shown to staff is no longer the current one: refused.
    const stale = await put({ name: 'Arancini', italian: { name: 'Arancine' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe('italian-changed');
    // The Italian changes: the correction is stale and not shown; the Italian is.
    await send('PATCH', `/api/menu/items/${dish.id}`, { name: 'Arancine della casa' });
    expect((await menu('de')).sections[0]!.items[0]!.name).toBe('Arancine della casa');
    const review = await harness.app.inject({
      method: 'GET',
      url: `/api/menu/items/${dish.id}/translations`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(review.json().translations[3].fields.name).toMatchObject({
      staff: null,
      staffStale: true,
    });
    // Back to the machine's text (none here: no provider): the Italian.
    expect((await send('DELETE', `/api/menu/items/${dish.id}/translations/de`)).statusCode).toBe(
      200,
    );
  });

  it('refuses a translation without the Italian it translates, or for Italian', async () => {
    await start();
    const dish = (await menu()).sections[0]!.items[0]!;
    const before = await everything();
    for (const [lang, body] of [
      ['de', { name: 'X' }],
      ['de', { name: 'X', italian: {} }],
      ['de', { italian: { name: 'Arancine miste' } }],
      ['it', { name: 'X', italian: { name: 'Arancine miste' } }],
    ] as const) {
      const response = await send('PUT', `/api/menu/items/${dish.id}/translations/${lang}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await everything()).toEqual(before);
  });

  it('the machine translates a new dish after the save, ingredient by ingredient', async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    // The seeded menu needs nothing (staff wrote its translations); the daily menu's calls come first.
    await harness.app.textTranslations.refresh();
    fake.calls.length = 0;
    await harness.app.textTranslations.refresh();
    expect(fake.calls).toEqual([]);
    const pizze = section(await menu(), 'Pizze');
    const created = await send('POST', '/api/menu/items', { ...PIZZA, sectionId: pizze.id });
    await harness.app.textTranslations.refresh();
    const shown = (await menu('de')).sections.find((s) => s.id === pizze.id)!.items.at(-1)!;
    expect(shown).toMatchObject({
      id: created.json().id,
      name: '[DE] Pizza Tonnara',
      ingredients: '[DE] pomodoro, [DE] tonno, [DE] cipolla',
      translation: 'machine',
    });
    expect(fake.calls).toHaveLength(4);
    // Staff correct the German name: it wins over the machine's.
    await send('PUT', `/api/menu/items/${shown.id}/translations/de`, {
      name: 'Pizza Thunfischfalle',
      italian: { name: 'Pizza Tonnara' },
    });
    expect((await menu('de')).sections.find((s) => s.id === pizze.id)!.items.at(-1)).toMatchObject({
      name: 'Pizza Thunfischfalle',
      ingredients: '[DE] pomodoro, [DE] tonno, [DE] cipolla',
      translation: 'staff',
    });
  });

  it('staff go back to the machine on a seeded dish: the machine translates it, visitors never keep the Italian', async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    await harness.app.textTranslations.refresh();
    fake.calls.length = 0;
    const dish = (await menu()).sections[0]!.items[0]!;
    expect((await menu('de')).sections[0]!.items[0]!.translation).toBe('staff');
    const reset = await send('DELETE', `/api/menu/items/${dish.id}/translations/de`);
    expect(reset.statusCode).toBe(200);
    // The reset itself starts the round that translates what staff's text stood for.
    await vi.waitFor(() => expect(fake!.calls.length).toBeGreaterThan(0));
    await harness.app.textTranslations.refresh();
    expect((await menu('de')).sections[0]!.items[0]!).toMatchObject({
      name: '[DE] Arancine miste',
      translation: 'machine',
    });
  });
});

describe('two instances behind one database', () => {
  it('an edit on one shows on the other within a second', async () => {
    await start();
    const other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    try {
      await createStaff(other.app, { email: 'there@trattoria.example', username: 'there' });
      const there = await login(other.app, 'there@trattoria.example', STAFF_PASSWORD, '10.8.0.2');
      const dish = (await menu('en')).sections[0]!.items[0]!;
      expect(dish.available).toBe(true);
      const saved = await other.app.inject({
        method: 'PATCH',
        url: `/api/menu/items/${dish.id}`,
        payload: { available: false },
        headers: { authorization: `Bearer ${there}` },
      });
      expect(saved.statusCode).toBe(200);
      const savedAt = Date.now();
      let available = true;
      while (Date.now() - savedAt < 1_000) {
        available = (await menu('en')).sections[0]!.items[0]!.available;
        if (!available) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(available).toBe(false);
      expect(Date.now() - savedAt).toBeLessThan(1_000);
    } finally {
      await other.close();
    }
  });
});
