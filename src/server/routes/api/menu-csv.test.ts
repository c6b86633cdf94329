// Over 400 lines: the CSV round trip and the bad files it refuses are many small cases, all over the same seeded menu and helpers.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../../testing/fake-translators.ts';
import type { MenuAnswer } from '../../../shared/schemas/menu.ts';
import type { MenuImportAnswer } from '../../../shared/schemas/menu-csv.ts';

// The whole menu as a CSV file for a spreadsheet: export, preview and import,
// on the seeded menu (every dish with its staff-written translations).
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

const HEADER =
  'sezione_id;sezione;tipo_sezione;reparto;piatto_id;nome;descrizione;ingredienti;prezzi;allergeni;disponibile;congelato;asporto';
/** The columns, by name. */
const C = {
  sectionId: 0,
  section: 1,
  type: 2,
  kitchen: 3,
  id: 4,
  name: 5,
  description: 6,
  ingredients: 7,
  prices: 8,
  allergens: 9,
  available: 10,
  frozen: 11,
  takeaway: 12,
} as const;

const authorization = () => ({ authorization: `Bearer ${token}` });

const exportCsv = async () => {
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/menu/export.csv',
    headers: authorization(),
  });
  expect(response.statusCode).toBe(200);
  return response;
};
const exported = async () => (await exportCsv()).body;
const post = (path: 'import' | 'import/preview', csv: string) =>
  harness.app.inject({
    method: 'POST',
    url: `/api/menu/${path}`,
    payload: { csv },
    headers: authorization(),
  });
const menu = async (lang = 'it'): Promise<MenuAnswer> => {
  const response = await harness.app.inject({ method: 'GET', url: `/api/menu?lang=${lang}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const LANGS = ['it', 'en', 'fr', 'es', 'de'] as const;
const ALL_ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
const allMenus = () => Promise.all(LANGS.map((lang) => menu(lang)));

/** Every menu row, the content version and the audit log: to show that nothing changed. */
const everything = async () => {
  const db = harness.app.db;
  return Promise.all([
    db.selectFrom('menu_sections').selectAll().orderBy('id').execute(),
    db.selectFrom('menu_items').selectAll().orderBy('id').execute(),
    db.selectFrom('menu_item_prices').selectAll().orderBy('item_id').orderBy('position').execute(),
    db
      .selectFrom('text_translations')
      .selectAll()
      .orderBy('entity')
      .orderBy('entity_id')
      .orderBy('field')
      .orderBy('lang')
      .orderBy('kind')
      .execute(),
    db.selectFrom('content_version').selectAll().execute(),
    db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  ]);
};

/** A staff write through the menu's API, which must succeed. */
const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
  const response = await harness.app.inject({ method, url, payload, headers: authorization() });
  expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(300);
  return response;
};

/** The file's rows (header included), as a spreadsheet would hold them. */
const rowsOf = (csv: string): string[][] => parse(csv, { bom: true, delimiter: ';' });
/** Rows back to a file, as a spreadsheet might save it. */
const fileOf = (
  rows: string[][],
  {
    delimiter = ';',
    bom = true,
    eol = '\r\n',
  }: { delimiter?: string; bom?: boolean; eol?: string } = {},
) => stringify(rows, { delimiter, bom, record_delimiter: eol, quote_record_delimiter: true });

const rowOf = (rows: string[][], name: string) => {
  const row = rows.find((cells) => cells[C.name] === name);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
/** The row number a spreadsheet shows for a dish (the header is row 1). */
const lineOf = (rows: string[][], name: string) => rows.indexOf(rowOf(rows, name)) + 1;

/** A bad file is 400 on `csv`: its messages. */
const refusal = async (path: 'import' | 'import/preview', csv: string) => {
  const response = await post(path, csv);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ errors: { csv: string[] } }>();
  expect(Object.keys(body.errors)).toEqual(['csv']);
  return body.errors.csv;
};

describe('the export', () => {
  beforeEach(() => start());

  it('is the seeded menu in menu order: UTF-8 with a BOM, semicolons, CRLF, an attachment', async () => {
    const response = await exportCsv();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="menu.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = text.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    // 115 dishes, each on its row, in the order of /api/menu.
    expect(lines).toHaveLength(1 + 115 + 1);
    const it_ = await menu();
    expect(lines[1]).toBe(
      `${it_.sections[0]!.id};Antipasti;carosello;cucina;${it_.sections[0]!.items[0]!.id};Arancine miste;;;8,00;;sì;no;sì`,
    );
    const rows = rowsOf(text);
    expect(rows.slice(1).map((row) => Number(row[C.id]))).toEqual(
      it_.sections.flatMap((section) => section.items.map((item) => item.id)),
    );
    expect(rowOf(rows, 'Patatine fritte').slice(0, 4)).toEqual([
      String(it_.sections[1]!.id),
      'Sfizi fritti',
      'sotto',
      'cucina',
    ]);
    expect(rowOf(rows, 'Margherita')[C.kitchen]).toBe('forno');
    expect(rowOf(rows, 'Cannolo siciliano')[C.kitchen]).toBe('nessuno');
    expect(rowOf(rows, 'Birra alla spina 0,30 l')[C.takeaway]).toBe('no');
    expect(rowOf(rows, 'Birra in bottiglia 0,33 l')[C.takeaway]).toBe('sì');
    expect(rowOf(rows, 'Margherita')[C.ingredients]).toBe(
      "pomodoro, mozzarella, basilico fresco, olio extravergine d'oliva",
    );
    expect(rowsOf(text).find((row) => row[C.section] === 'Bevande')![C.type]).toBe('sempre');
  });

  it('writes sizes, allergens, flags, empty sections and cells that need quotes', async () => {
    const it_ = await menu();
    const dish = it_.sections[0]!.items[0]!;
    await send('PATCH', `/api/menu/items/${dish.id}`, {
      name: 'Arancine "della casa"; miste',
      description: 'Riso, ragù\ne piselli',
      prices: [
        { label: '0,30 l', amount: '3.5' },
        { label: 'Maxi', amount: '12' },
      ],
      allergens: ['milk', 'gluten'],
      available: false,
      frozen: true,
      takeaway: false,
    });
    await send('PATCH', `/api/menu/items/${it_.sections[0]!.items[1]!.id}`, { allergens: [] });
    const empty = (
      await send('POST', '/api/menu/sections', {
        name: 'Crudi',
        placement: 'always',
        kitchen: 'none',
      })
    ).json();
    const text = await exported();
    expect(text).toContain(
      `;${dish.id};"Arancine ""della casa""; miste";"Riso, ragù\ne piselli";;0,30 l=3,50 | Maxi=12,00;gluten, milk;no;sì;no\r\n`,
    );
    const rows = rowsOf(text);
    expect(rows[2]![C.allergens]).toBe('nessuno');
    expect(rows.at(-1)).toEqual([
      String(empty.id),
      'Crudi',
      'sempre',
      'nessuno',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it('needs a staff bearer token, as do preview and import', async () => {
    const csv = await exported();
    const before = await everything();
    for (const [method, url, payload] of [
      ['GET', '/api/menu/export.csv', undefined],
      ['POST', '/api/menu/import/preview', { csv }],
      ['POST', '/api/menu/import', { csv: csv.replace('Arancine miste', 'Arancine') }],
    ] as const) {
      for (const headers of [{}, { authorization: 'Bearer not-a-session' }]) {
        const response = await harness.app.inject({
          method,
          url,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toHaveProperty('message');
      }
    }
    expect(await everything()).toEqual(before);
  });
});

describe('a round trip', () => {
  beforeEach(() => start());

  it('export → import → export is byte for byte the same, and the menu too, in every language', async () => {
    const first = await exportCsv();
    const menus = await allMenus();
    const before = await everything();
    const imported = await post('import', first.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      changes: [],
      summary: { added: 0, updated: 0, deleted: 0, unchanged: 11 + 115 },
    });
    const second = await exportCsv();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await allMenus()).toEqual(menus);
    // Nothing to change, nothing written: no new content version, no audit entry.
    expect(await everything()).toEqual(before);
  });

  it('keeps everything a dish can hold: sizes, allergens or none, flags, quotes, lines, empty sections', async () => {
    const it_ = await menu();
    const [first, second, third] = it_.sections[0]!.items;
    await send('PATCH', `/api/menu/items/${first!.id}`, {
      name: 'Arancine "della casa"; miste, al ragù',
      description: 'Riso, ragù\ne piselli;\n\n«fritte al momento» = 100% buone | davvero',
      ingredients: 'riso, ragù, piselli',
      prices: [
        { label: '0,30 l', amount: '3.5' },
        { label: 'Maxi', amount: '12' },
        { label: 'a=b', amount: '99999.99' },
      ],
      allergens: ['milk', 'gluten'],
      available: false,
      frozen: true,
      takeaway: false,
    });
    await send('PATCH', `/api/menu/items/${second!.id}`, {
      allergens: [],
      prices: [{ label: 'Porzione', amount: '0' }],
    });
    await send('PATCH', `/api/menu/items/${third!.id}`, { allergens: [...ALL_ALLERGENS] });
    await send('POST', '/api/menu/sections', {
      name: 'Crudi; "di mare"',
      placement: 'extras',
      kitchen: 'none',
    });
    await send('POST', '/api/menu/sections', { name: 'Novità', placement: 'always' });
    const first_ = await exportCsv();
    const menus = await allMenus();
    const before = await everything();
    const imported = await post('import', first_.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().changes).toEqual([]);
    expect((await exportCsv()).rawPayload.equals(first_.rawPayload)).toBe(true);
    expect(await allMenus()).toEqual(menus);
    expect(await everything()).toEqual(before);
  });

  it('texts that look like formulas go out behind an apostrophe and come back as typed', async () => {
    const it_ = await menu();
    const [first, second] = it_.sections[0]!.items;
    await send('PATCH', `/api/menu/items/${first!.id}`, {
      name: '=HYPERLINK("http://example.test","Clicca")',
      description: '-10% a pranzo',
      ingredients: '@tonno, +capperi',
    });
    await send('PATCH', `/api/menu/items/${second!.id}`, { description: "'citazione' tra apici" });
    const exported = await exportCsv();
    const rows = rowsOf(exported.body);
    // A spreadsheet shows these cells as text: none starts with a formula's character.
    const row = rowOf(rows, '\'=HYPERLINK("http://example.test","Clicca")');
    expect(row[C.description]).toBe("'-10% a pranzo");
    expect(row[C.ingredients]).toBe("'@tonno, +capperi");
    expect(rowOf(rows, it_.sections[0]!.items[1]!.name)[C.description]).toBe(
      "'citazione' tra apici",
    );
    const menus = await allMenus();
    const imported = await post('import', exported.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().changes).toEqual([]);
    expect(await allMenus()).toEqual(menus);
    expect((await exportCsv()).rawPayload.equals(exported.rawPayload)).toBe(true);
  });

  it('a file that went through a spreadsheet: comma or semicolon, BOM or not, CRLF or LF', async () => {
    const rows = rowsOf(await exported());
    const before = await everything();
    for (const delimiter of [';', ',']) {
      for (const bom of [true, false]) {
        for (const eol of ['\r\n', '\n']) {
          const csv = fileOf(rows, { delimiter, bom, eol });
          for (const path of ['import/preview', 'import'] as const) {
            const response = await post(path, csv);
            expect(response.statusCode, `${path} ${JSON.stringify({ delimiter, bom, eol })}`).toBe(
              200,
            );
            expect(response.json().changes).toEqual([]);
          }
        }
      }
    }
    // A comma file quotes the amounts with a decimal comma, and is still read right.
    expect(fileOf(rows, { delimiter: ',' })).toContain(',"8,00",');
    expect(await everything()).toEqual(before);
  });

  it('keeps staff translations of a dish whose Italian did not change', async () => {
    const rows = rowsOf(await exported());
    const menus = await allMenus();
    const arancine = rowOf(rows, 'Arancine miste');
    arancine[C.prices] = '8,50';
    const caponata = rowOf(rows, 'Caponata di melanzane');
    caponata[C.name] = 'Caponata della nonna';
    const imported = await post('import', fileOf(rows));
    expect(imported.statusCode, imported.body).toBe(200);
    const de = await menu('de');
    const [first, second] = de.sections[0]!.items;
    // The price changed, the Italian did not: the German is still staff's.
    expect(first).toEqual({
      ...menus[4]!.sections[0]!.items[0]!,
      prices: [{ label: '', amount: '8.50' }],
    });
    expect(first!.translation).toBe('staff');
    // A new Italian name: staff's German translated the old one, so the Italian shows (no provider here).
    expect(second).toMatchObject({ name: 'Caponata della nonna', translation: 'none' });
    // Every other dish, in every language, as it was.
    for (const [index, lang] of LANGS.entries()) {
      const now = await menu(lang);
      expect(now.sections.slice(1), lang).toEqual(menus[index]!.sections.slice(1));
      expect(now.sections[0]!.items.slice(2), lang).toEqual(
        menus[index]!.sections[0]!.items.slice(2),
      );
    }
  });
});

/** Four edits of the seeded menu: a price, a new dish, a deleted dish, a dish moved to another section. */
async function editedFile() {
  const rows = rowsOf(await exported());
  const it_ = await menu();
  const pizze = it_.sections.find((section) => section.name === 'Pizze')!;
  const dessert = it_.sections.find((section) => section.name === 'Dessert')!;
  const margherita = rowOf(rows, 'Margherita');
  margherita[C.prices] = 'Normale=7 | Maxi=12,5';
  const napoli = rowOf(rows, 'Napoli');
  const newPizza = [
    String(pizze.id),
    'Pizze',
    'carosello',
    'forno',
    '',
    'Pizza Tonnara',
    '',
    'pomodoro, tonno, cipolla',
    '11',
    'Gluten, MILK,fish',
    'Sì',
    'no',
    'SI',
  ];
  rows.splice(rows.indexOf(napoli) + 1, 0, newPizza);
  const deleted = rowOf(rows, 'Diavola');
  rows.splice(rows.indexOf(deleted), 1);
  const moved = rowOf(rows, 'Bruschette al pomodoro');
  rows.splice(rows.indexOf(moved), 1);
  const lastDessert = rows.findLast((row) => row[C.sectionId] === String(dessert.id))!;
  rows.splice(rows.indexOf(lastDessert) + 1, 0, [
    String(dessert.id),
    'Dessert',
    'carosello',
    'nessuno',
    ...moved.slice(C.id),
  ]);
  const id = (name: string) =>
    it_.sections.flatMap((section) => section.items).find((item) => item.name === name)!.id;
  return {
    csv: fileOf(rows),
    pizze,
    dessert,
    ids: {
      margherita: id('Margherita'),
      napoli: id('Napoli'),
      diavola: id('Diavola'),
      bruschette: id('Bruschette al pomodoro'),
    },
  };
}

describe('preview and import', () => {
  beforeEach(() => start());

  it('the preview lists a new price, a new dish, a deleted dish and a moved one, and changes nothing', async () => {
    const { csv, ids } = await editedFile();
    const menus = await allMenus();
    const before = await everything();
    const response = await post('import/preview', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      changes: [
        // The file's order: the moved dish is now the last dessert; deletions last.
        {
          action: 'update',
          entity: 'item',
          id: ids.margherita,
          name: 'Margherita',
          fields: ['prezzi'],
        },
        { action: 'add', entity: 'item', id: null, name: 'Pizza Tonnara', fields: [] },
        {
          action: 'update',
          entity: 'item',
          id: ids.bruschette,
          name: 'Bruschette al pomodoro',
          fields: ['sezione'],
        },
        { action: 'delete', entity: 'item', id: ids.diavola, name: 'Diavola', fields: [] },
      ],
      summary: { added: 1, updated: 2, deleted: 1, unchanged: 11 + 115 - 3 },
    } satisfies MenuImportAnswer);
    expect(await everything()).toEqual(before);
    expect(await allMenus()).toEqual(menus);
  });

  it('the import applies them in one change, audited; /api/menu shows them', async () => {
    const { csv, ids, pizze, dessert } = await editedFile();
    const preview = (await post('import/preview', csv)).json();
    const version = await harness.app.contentVersion.current();
    const response = await post('import', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(preview);
    // One new content version for the whole file.
    expect(await harness.app.contentVersion.current()).toBe(version! + 1);

    const it_ = await menu();
    const pizzeNow = it_.sections.find((section) => section.id === pizze.id)!;
    const names = pizzeNow.items.map((item) => item.name);
    expect(names).not.toContain('Diavola');
    expect(names.slice(names.indexOf('Napoli'), names.indexOf('Napoli') + 2)).toEqual([
      'Napoli',
      'Pizza Tonnara',
    ]);
    expect(pizzeNow.items.find((item) => item.id === ids.margherita)!.prices).toEqual([
      { label: 'Normale', amount: '7.00' },
      { label: 'Maxi', amount: '12.50' },
    ]);
    expect(pizzeNow.items.find((item) => item.name === 'Pizza Tonnara')).toMatchObject({
      ingredients: 'pomodoro, tonno, cipolla',
      prices: [{ label: '', amount: '11.00' }],
      allergens: ['gluten', 'fish', 'milk'],
      available: true,
      frozen: false,
    });
    expect(it_.sections.find((section) => section.id === dessert.id)!.items.at(-1)!.id).toBe(
      ids.bruschette,
    );
    expect(it_.sections[0]!.items.map((item) => item.id)).not.toContain(ids.bruschette);
    // Positions 0…n-1 in every section, in the file's order.
    for (const section of it_.sections) {
      const positions = await harness.app.db
        .selectFrom('menu_items')
        .select(['id', 'position'])
        .where('section_id', '=', section.id)
        .orderBy('position')
        .execute();
      expect(positions).toEqual(section.items.map((item, position) => ({ id: item.id, position })));
    }
    // The deleted dish's translations are gone; the moved dish keeps its own.
    const translations = await harness.app.db
      .selectFrom('text_translations')
      .select(['entity_id'])
      .where('entity', '=', 'menu_item')
      .where('entity_id', 'in', [ids.diavola, ids.bruschette])
      .execute();
    expect(new Set(translations.map((row) => row.entity_id))).toEqual(new Set([ids.bruschette]));
    expect(
      (await menu('en')).sections.find((section) => section.id === dessert.id)!.items.at(-1),
    ).toMatchObject({ id: ids.bruschette, translation: 'staff' });

    const audit = await harness.app.inject({
      method: 'GET',
      url: '/api/audit?limit=1',
      headers: authorization(),
    });
    expect(audit.json()).toEqual([
      expect.objectContaining({
        actor: { email: 'anna@trattoria.example' },
        action: 'menu.import',
        target: 'menu',
        summary: 'Menu importato da file CSV: 1 aggiunta, 2 modifiche, 1 eliminazione.',
      }),
    ]);
    // The file is the whole menu: the same file again would add the pizza once more (its row
    // has no id) and delete the one added. A new export has its id, and changes nothing.
    const tonnara = pizzeNow.items.find((item) => item.name === 'Pizza Tonnara')!;
    expect((await post('import/preview', csv)).json().changes).toEqual([
      { action: 'add', entity: 'item', id: null, name: 'Pizza Tonnara', fields: [] },
      { action: 'delete', entity: 'item', id: tonnara.id, name: 'Pizza Tonnara', fields: [] },
    ]);
    const again = await exported();
    expect(rowOf(rowsOf(again), 'Pizza Tonnara')[C.id]).toBe(String(tonnara.id));
    expect((await post('import', again)).json().changes).toEqual([]);
  });

  it('moves within a section, renames and retypes sections, adds and deletes sections', async () => {
    const rows = rowsOf(await exported());
    const it_ = await menu();
    const [antipasti, sfizi, primi] = it_.sections;
    // The third antipasto goes first: only it moved, not the two it passed.
    const third = rows[3]!;
    rows.splice(3, 1);
    rows.splice(1, 0, third);
    // "Sfizi fritti" is renamed and always shown; "Primi piatti" goes to the end of the menu.
    for (const row of rows.filter((cells) => cells[C.sectionId] === String(sfizi!.id))) {
      row[C.section] = 'Fritti';
      row[C.type] = 'SEMPRE';
      row[C.kitchen] = 'Nessuno';
    }
    const primiRows = rows.filter((cells) => cells[C.sectionId] === String(primi!.id));
    rows.splice(rows.indexOf(primiRows[0]!), primiRows.length);
    rows.push(...primiRows);
    // A new section with a dish, and a new one without; "Bevande" and its dishes are left out.
    rows.push([
      ...['', 'Crudi', 'carosello', 'cucina', '', 'Tartare di tonno', '', '', '16', ''],
      ...['sì', 'no', 'sì'],
    ]);
    rows.push([
      ...['', 'Crudi', 'carosello', 'cucina', '', 'Ostriche', '', '', '3', 'molluscs'],
      ...['sì', 'no', 'no'],
    ]);
    rows.push(['', 'Novità', 'sotto', 'forno', '', '', '', '', '', '', '', '', '']);
    const bevande = it_.sections.find((section) => section.name === 'Bevande')!;
    const kept = rows.filter((cells) => cells[C.sectionId] !== String(bevande.id));

    const response = await post('import', fileOf(kept));
    expect(response.statusCode, response.body).toBe(200);
    const answer: MenuImportAnswer = response.json();
    expect(answer.changes.filter((change) => change.action !== 'delete')).toEqual([
      {
        action: 'update',
        entity: 'item',
        id: antipasti!.items[2]!.id,
        name: 'Sarde a beccafico',
        fields: ['posizione'],
      },
      {
        action: 'update',
        entity: 'section',
        id: sfizi!.id,
        name: 'Fritti',
        fields: ['nome', 'tipo', 'reparto'],
      },
      {
        action: 'update',
        entity: 'section',
        id: primi!.id,
        name: 'Primi piatti',
        fields: ['posizione'],
      },
      { action: 'add', entity: 'section', id: null, name: 'Crudi', fields: [] },
      { action: 'add', entity: 'item', id: null, name: 'Tartare di tonno', fields: [] },
      { action: 'add', entity: 'item', id: null, name: 'Ostriche', fields: [] },
      { action: 'add', entity: 'section', id: null, name: 'Novità', fields: [] },
    ]);
    expect(answer.changes.filter((change) => change.action === 'delete')).toEqual([
      ...bevande.items.map((item) => ({
        action: 'delete',
        entity: 'item',
        id: item.id,
        name: item.name,
        fields: [],
      })),
      { action: 'delete', entity: 'section', id: bevande.id, name: 'Bevande', fields: [] },
    ]);
    expect(answer.summary).toEqual({
      added: 4,
      updated: 3,
      deleted: 8,
      unchanged: 10 + 108 - 1 - 2,
    });

    const now = await menu();
    expect(
      now.sections.map((section) => [
        section.name,
        section.placement,
        section.kitchen,
        section.items.length,
      ]),
    ).toEqual([
      ['Antipasti', 'carousel', 'kitchen', 13],
      ['Fritti', 'always', 'none', 4],
      ['Secondi di carne', 'carousel', 'kitchen', 11],
      ['Secondi di pesce', 'carousel', 'kitchen', 9],
      ['Insalate e contorni', 'carousel', 'none', 5],
      ['Pizze', 'carousel', 'oven', 30],
      ['Dessert', 'carousel', 'none', 10],
      ['Birre e vini', 'carousel', 'none', 9],
      ['Aperitivi', 'always', 'none', 5],
      ['Primi piatti', 'carousel', 'kitchen', 12],
      ['Crudi', 'carousel', 'kitchen', 2],
      ['Novità', 'extras', 'oven', 0],
    ]);
    expect(now.sections[0]!.items.slice(0, 3).map((item) => item.name)).toEqual([
      'Sarde a beccafico',
      'Arancine miste',
      'Caponata di melanzane',
    ]);
    expect(now.sections[10]!.items.map((item) => [item.name, item.takeaway])).toEqual([
      ['Tartare di tonno', true],
      ['Ostriche', false],
    ]);
    expect(now.sections[10]!.items[1]).toMatchObject({ name: 'Ostriche', allergens: ['molluscs'] });
    // The renamed section's German is the Italian until translated again; the others keep theirs.
    const de = await menu('de');
    expect(de.sections.map((section) => section.name).slice(0, 3)).toEqual([
      'Vorspeisen',
      'Fritti',
      (await menu('de')).sections[2]!.name,
    ]);
    const sections = await harness.app.db
      .selectFrom('menu_sections')
      .select(['id', 'position'])
      .orderBy('position')
      .execute();
    expect(sections.map((section) => section.id)).toEqual(
      now.sections.map((section) => section.id),
    );
    expect(sections.map((section) => section.position)).toEqual([...Array(12).keys()]);
  });

  it('a section the import deletes takes its card photo with it', async () => {
    const bevande = (await menu()).sections.find((section) => section.name === 'Bevande')!;
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#2a7f9e' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await harness.app.inject({
      method: 'PUT',
      url: `/api/photos/section-${bevande.id}?alt=Bevande`,
      payload: picture,
      headers: { ...authorization(), 'content-type': 'image/jpeg' },
    });
    expect(uploaded.statusCode).toBe(200);
    const rows = rowsOf(await exported());
    const kept = rows.filter((cells) => cells[C.sectionId] !== String(bevande.id));
    expect((await post('import', fileOf(kept))).statusCode).toBe(200);
    expect(await harness.app.db.selectFrom('photos').selectAll().execute()).toEqual([]);
    expect(await harness.app.db.selectFrom('image_files').select('name').execute()).toEqual([]);
  });

  it('the machine translates what an import changed', async () => {
    fake = await startFakeDeepL('secret-key');
    await harness.close();
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    await harness.app.textTranslations.refresh();
    const rows = rowsOf(await exported());
    rowOf(rows, 'Caponata di melanzane')[C.name] = 'Caponata della nonna';
    rowOf(rows, 'Arancine miste')[C.prices] = '9';
    expect((await post('import', fileOf(rows))).statusCode).toBe(200);
    await harness.app.textTranslations.refresh();
    const [arancine, caponata] = (await menu('de')).sections[0]!.items;
    expect(caponata).toMatchObject({ name: '[DE] Caponata della nonna', translation: 'machine' });
    expect(arancine).toMatchObject({
      name: 'Gemischte Arancine (sizilianische Reisbällchen)',
      translation: 'staff',
    });
  });
});

describe('a bad file', () => {
  beforeEach(() => start());

  /** Each bad file is refused by the preview and by the import, with these messages, and changes nothing. */
  async function expectRefused(csv: string, expected: (string | RegExp)[]) {
    const before = await everything();
    for (const path of ['import/preview', 'import'] as const) {
      const messages = await refusal(path, csv);
      expect(messages, path).toEqual(
        expected.map((message) =>
          typeof message === 'string' ? message : expect.stringMatching(message),
        ),
      );
    }
    expect(await everything()).toEqual(before);
  }

  it('a wrong header', async () => {
    const rows = rowsOf(await exported());
    const swapped = [...rows[0]!];
    [swapped[4], swapped[5]] = [swapped[5]!, swapped[4]!];
    const expected = [
      `Riga 1: l'intestazione deve avere queste colonne, in quest'ordine: ${HEADER}.`,
    ];
    await expectRefused(fileOf([swapped, ...rows.slice(1)]), expected);
    await expectRefused(fileOf([rows[0]!.slice(0, 10), ...rows.slice(1)]), expected);
    await expectRefused(fileOf(rows.slice(1)), expected);
    await expectRefused(fileOf(rows, { delimiter: '\t' }), expected);
    await expectRefused('', expected);
    await expectRefused('\uFEFF', expected);
  });

  it('a bad price on row N, another on row M', async () => {
    const rows = rowsOf(await exported());
    rowOf(rows, 'Panelle')[C.prices] = '3,505';
    rowOf(rows, 'Margherita')[C.prices] = '';
    rowOf(rows, 'Napoli')[C.prices] = '7 | 9';
    rowOf(rows, 'Diavola')[C.prices] = 'Maxi=9 | maxi=12';
    rowOf(rows, 'Capricciosa')[C.prices] = '€ 9';
    await expectRefused(fileOf(rows), [
      `Riga ${lineOf(rows, 'Panelle')}: Prezzo: scrivilo come 12 o 12,50.`,
      `Riga ${lineOf(rows, 'Margherita')}: Prezzi: almeno uno.`,
      `Riga ${lineOf(rows, 'Napoli')}: Con più prezzi ognuno ha il suo formato (per esempio "0,30 l").`,
      // Two prices without a size: both rules of the API's price list say so.
      `Riga ${lineOf(rows, 'Napoli')}: Due prezzi con lo stesso formato.`,
      `Riga ${lineOf(rows, 'Diavola')}: Due prezzi con lo stesso formato.`,
      `Riga ${lineOf(rows, 'Capricciosa')}: Prezzo: scrivilo come 12 o 12,50.`,
    ]);
  });

  it('an unknown allergen, named with the valid codes; a flag that is not sì or no; bad texts', async () => {
    const rows = rowsOf(await exported());
    rowOf(rows, 'Panelle')[C.allergens] = 'gluten, lattosio';
    rowOf(rows, 'Marinara')[C.allergens] = 'milk, milk';
    rowOf(rows, 'Margherita')[C.available] = 'forse';
    rowOf(rows, 'Napoli')[C.frozen] = 'yes';
    rowOf(rows, 'Bufalina')[C.takeaway] = '';
    rowOf(rows, 'Diavola')[C.name] = '   ';
    const line = (name: string) => lineOf(rows, name);
    rowOf(rows, 'Capricciosa')[C.name] = 'x'.repeat(121);
    const capricciosa = rows.findIndex((row) => row[C.name] === 'x'.repeat(121)) + 1;
    const diavola = rows.findIndex((row) => row[C.name] === '   ') + 1;
    await expectRefused(fileOf(rows), [
      `Riga ${line('Panelle')}: Allergene sconosciuto: «lattosio». Codici validi: gluten, crustaceans, eggs, fish, peanuts, soybeans, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs; «nessuno» se non ne contiene; vuoto se non ancora dichiarati.`,
      `Riga ${line('Marinara')}: Allergeni: ogni codice una volta sola.`,
      `Riga ${line('Margherita')}: Disponibile: scrivi «sì» o «no».`,
      `Riga ${line('Napoli')}: Congelato: scrivi «sì» o «no».`,
      `Riga ${diavola}: Nome: campo obbligatorio.`,
      `Riga ${capricciosa}: Nome: al massimo 120 caratteri.`,
      `Riga ${line('Bufalina')}: Asporto: scrivi «sì» o «no».`,
    ]);
  });

  it('an unknown id, a dish twice, a section on rows apart, a section that disagrees with itself', async () => {
    const rows = rowsOf(await exported());
    const margherita = rowOf(rows, 'Margherita');
    rows.splice(rows.indexOf(margherita) + 2, 0, [...margherita]);
    const antipasto = rowOf(rows, 'Bruschette al pomodoro');
    rows.splice(rows.indexOf(antipasto), 1);
    rows.push(antipasto);
    rowOf(rows, 'Busiate al pesto trapanese')[C.section] = 'Primi';
    rowOf(rows, 'Pasta alla Norma')[C.type] = 'sotto';
    rowOf(rows, 'Linguine allo scoglio')[C.kitchen] = 'forno';
    rowOf(rows, 'Spaghetti alle vongole')[C.id] = 'abc';
    const primi = rowOf(rows, 'Pasta con le sarde');
    const disagrees = (name: string) =>
      `Riga ${lineOf(rows, name)}: la sezione con id ${primi[C.sectionId]} ha nome «Primi piatti», tipo «carosello» e reparto «cucina» alla riga ${lineOf(rows, 'Pasta con le sarde')}: scrivi lo stesso nome, tipo e reparto su tutte le sue righe.`;
    await expectRefused(fileOf(rows), [
      disagrees('Busiate al pesto trapanese'),
      disagrees('Pasta alla Norma'),
      `Riga ${lineOf(rows, 'Spaghetti alle vongole')}: piatto_id non valido: «abc» (il numero del piatto, o vuoto per un piatto nuovo).`,
      disagrees('Linguine allo scoglio'),
      `Riga ${lineOf(rows, 'Margherita') + 2}: il piatto con id ${margherita[C.id]} è già alla riga ${lineOf(rows, 'Margherita')}: ogni piatto una volta sola (lascia vuoto piatto_id per un piatto nuovo).`,
      `Riga ${rows.length}: la sezione con id ${antipasto[C.sectionId]} è già alle righe da 2 in poi, con un'altra sezione in mezzo: metti le righe di una sezione tutte di seguito.`,
    ]);
    // With the rows fixed, the unknown id is found (it needs the database).
    const fixed = rowsOf(await exported());
    rowOf(fixed, 'Panelle')[C.id] = '999999';
    const bevande = fixed.filter((row) => row[C.section] === 'Bevande');
    for (const row of bevande) row[C.sectionId] = '888888';
    await expectRefused(fileOf(fixed), [
      `Riga ${lineOf(fixed, 'Panelle')}: il piatto con id 999999 non è nel menu: lascia vuoto piatto_id per aggiungere un piatto nuovo.`,
      `Riga ${fixed.indexOf(bevande[0]!) + 1}: la sezione con id 888888 non è nel menu: lascia vuoto sezione_id per aggiungere una sezione nuova.`,
    ]);
    // One row given to another section splits its own: the rows after it are reported once.
    const split = rowsOf(await exported());
    const margherita2 = rowOf(split, 'Margherita');
    margherita2[C.sectionId] = rowOf(split, 'Panelle')[C.sectionId]!;
    margherita2[C.section] = 'Sfizi fritti';
    margherita2[C.type] = 'sotto';
    margherita2[C.kitchen] = 'cucina';
    const next = lineOf(split, 'Margherita') + 1;
    await expectRefused(fileOf(split), [
      `Riga ${lineOf(split, 'Margherita')}: la sezione con id ${margherita2[C.sectionId]} è già alle righe da ${lineOf(split, 'Patatine fritte')} in poi, con un'altra sezione in mezzo: metti le righe di una sezione tutte di seguito.`,
      `Riga ${next}: la sezione con id ${split[next - 1]![C.sectionId]} è già alle righe da ${lineOf(split, 'Marinara')} in poi, con un'altra sezione in mezzo: metti le righe di una sezione tutte di seguito.`,
    ]);
  });

  it('broken quotes, extra cells, a section without a name or type; at most 20 messages', async () => {
    const rows = rowsOf(await exported());
    const csv = fileOf(rows);
    const broken = csv.replace('Caponata di melanzane', '"Caponata" di melanzane');
    await expectRefused(broken, [/^Riga 3: virgolette fuori posto/]);
    await expectRefused(`${csv}1;Antipasti;carosello;cucina;;"Fritto misto;;;9;;sì;no;sì\r\n`, [
      `Riga ${rows.length + 1}: virgolette aperte e mai chiuse: il file finisce dentro una cella.`,
    ]);
    await expectRefused(`${csv}1;Antipasti;carosello;cucina;;Fritto;;;9;;sì;no;sì;extra\r\n`, [
      `Riga ${rows.length + 1}: 14 colonne invece di 13: c'è qualcosa a destra dell'ultima colonna (asporto).`,
    ]);
    await expectRefused(`${csv};;;;;Fritto;;;9;;sì;no;sì\r\n;Crudi;;;;;;;;;;;\r\n`, [
      `Riga ${rows.length + 1}: manca la sezione: scrivi il suo nome (e lascia vuoto sezione_id se è nuova).`,
      `Riga ${rows.length + 2}: Tipo sezione: scrivi «carosello», «sempre», «sotto».`,
      `Riga ${rows.length + 2}: Reparto: scrivi «forno», «cucina», «nessuno».`,
    ]);
    await expectRefused(fileOf([rows[0]!]), [
      'Il file ha solo la riga di intestazione: il menu non può restare senza sezioni.',
    ]);
    const manyBad = rows.map((row, index) =>
      index === 0 ? row : [...row.slice(0, C.prices), 'x', ...row.slice(C.prices + 1)],
    );
    const messages = await refusal('import', fileOf(manyBad));
    expect(messages).toHaveLength(20);
    expect(messages[0]).toBe('Riga 2: Prezzo: scrivilo come 12 o 12,50.');
    expect(messages[19]).toBe('… e altri 96 errori.');
  });

  it('blank rows count as rows, and are skipped', async () => {
    const rows = rowsOf(await exported());
    const withBlanks = [
      rows[0]!,
      [''],
      ...rows.slice(1, 5),
      Array<string>(13).fill(''),
      ...rows.slice(5),
    ];
    const response = await post('import', fileOf(withBlanks));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().changes).toEqual([]);
    withBlanks[3]![C.prices] = 'x';
    expect(await refusal('import', fileOf(withBlanks))).toEqual([
      'Riga 4: Prezzo: scrivilo come 12 o 12,50.',
    ]);
  });
});

describe("a section's kitchen and a dish's takeaway mark", () => {
  beforeEach(() => start());

  it('go out in `reparto` and `asporto`; the preview names a change, the import writes it', async () => {
    const rows = rowsOf(await exported());
    const before = await menu();
    const pizze = before.sections.find((section) => section.name === 'Pizze')!;
    for (const row of rows.filter((cells) => cells[C.sectionId] === String(pizze.id))) {
      row[C.kitchen] = 'cucina';
    }
    rowOf(rows, 'Birra alla spina 0,30 l')[C.takeaway] = 'sì';
    rowOf(rows, 'Margherita')[C.takeaway] = 'no';
    const id = (name: string) =>
      before.sections.flatMap((section) => section.items).find((item) => item.name === name)!.id;
    const preview = await post('import/preview', fileOf(rows));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<MenuImportAnswer>().changes).toEqual([
      { action: 'update', entity: 'section', id: pizze.id, name: 'Pizze', fields: ['reparto'] },
      {
        action: 'update',
        entity: 'item',
        id: id('Margherita'),
        name: 'Margherita',
        fields: ['asporto'],
      },
      {
        action: 'update',
        entity: 'item',
        id: id('Birra alla spina 0,30 l'),
        name: 'Birra alla spina 0,30 l',
        fields: ['asporto'],
      },
    ]);
    expect(await menu()).toEqual(before);

    expect((await post('import', fileOf(rows))).statusCode).toBe(200);
    const after = await menu();
    const dishes = after.sections.flatMap((section) => section.items);
    expect(after.sections.find((section) => section.id === pizze.id)!.kitchen).toBe('kitchen');
    expect(dishes.find((item) => item.name === 'Margherita')!.takeaway).toBe(false);
    expect(dishes.find((item) => item.name === 'Birra alla spina 0,30 l')!.takeaway).toBe(true);
  });

  it('a file exported before takeaway keeps what the menu has; what it adds takes the defaults', async () => {
    const pizze = (await menu()).sections.find((section) => section.name === 'Pizze')!;
    // Pizze made by the kitchen now, the Margherita not for takeaway: the old file says neither.
    await send('PATCH', `/api/menu/sections/${pizze.id}`, { kitchen: 'kitchen' });
    const margherita = pizze.items.find((item) => item.name === 'Margherita')!;
    await send('PATCH', `/api/menu/items/${margherita.id}`, { takeaway: false });
    const withoutTakeaway = (cells: string[]) =>
      cells.filter((_, column) => column !== C.kitchen && column !== C.takeaway);
    const rows = rowsOf(await exported()).map(withoutTakeaway);
    expect(rows[0]!.join(';')).toBe(
      'sezione_id;sezione;tipo_sezione;piatto_id;nome;descrizione;ingredienti;prezzi;allergeni;disponibile;congelato',
    );
    const before = await everything();
    const unchanged = await post('import', fileOf(rows));
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json<MenuImportAnswer>().changes).toEqual([]);
    expect(await everything()).toEqual(before);

    // A new pizza, and a new section with a dish: the defaults (orderable; made by the kitchen).
    const napoli = rows.find((cells) => cells[4] === 'Napoli')!;
    rows.splice(rows.indexOf(napoli) + 1, 0, [
      ...napoli.slice(0, 3),
      ...['', 'Pizza Tonnara', '', '', '11', '', 'sì', 'no'],
    ]);
    rows.push(['', 'Crudi', 'carosello', '', 'Ostriche', '', '', '3', '', 'sì', 'no']);
    const imported = await post('import', fileOf(rows));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<MenuImportAnswer>().summary).toMatchObject({ added: 3, updated: 0 });
    const after = await menu();
    const pizzeNow = after.sections.find((section) => section.id === pizze.id)!;
    expect(pizzeNow.kitchen).toBe('kitchen');
    expect(pizzeNow.items.find((item) => item.id === margherita.id)!.takeaway).toBe(false);
    expect(pizzeNow.items.find((item) => item.name === 'Pizza Tonnara')!.takeaway).toBe(true);
    const crudi = after.sections.at(-1)!;
    expect([crudi.name, crudi.kitchen, crudi.items[0]!.takeaway]).toEqual([
      'Crudi',
      'kitchen',
      true,
    ]);
  });
});
