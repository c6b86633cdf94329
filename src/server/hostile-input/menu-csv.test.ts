// Over 400 lines: one route family, the menu's CSV export and import; most of it builds the edited files whose effect the oracle knows.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { type HTTPMethods, type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ALLERGENS } from '../../shared/allergens.ts';
import {
  KITCHEN_WORDS,
  MENU_CSV_COLUMNS,
  MENU_CSV_COLUMNS_BEFORE_TAKEAWAY,
} from '../../shared/schemas/menu-csv.ts';
import { KITCHEN_GROUPS, MENU_NAME_MAX, type KitchenGroup } from '../../shared/schemas/menu.ts';
import { app, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import { authCases } from '../testing/hostile-input/authorization.ts';
import { bodies, type FieldRule, notAString } from '../testing/hostile-input/bodies.ts';
import { type Expected, noWrites, refused } from '../testing/hostile-input/expected.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { anyText, stored } from '../testing/hostile-input/texts.ts';
import { amounts, MENU_TABLES, menuName, normalAmount } from '../testing/hostile-input/menu.ts';

// The menu as a CSV file: export, preview and import. Files are built from the
// current export with one edit whose effect the oracle knows, in any of the
// formats a spreadsheet saves (`;` or `,`, BOM or not, CRLF or LF); bad files
// carry one edit that is always refused.

/** Where the edits find a row's cells: by the column's name in the shared header. */
const CSV = {
  sectionId: MENU_CSV_COLUMNS.indexOf('sezione_id'),
  section: MENU_CSV_COLUMNS.indexOf('sezione'),
  type: MENU_CSV_COLUMNS.indexOf('tipo_sezione'),
  kitchen: MENU_CSV_COLUMNS.indexOf('reparto'),
  id: MENU_CSV_COLUMNS.indexOf('piatto_id'),
  name: MENU_CSV_COLUMNS.indexOf('nome'),
  prices: MENU_CSV_COLUMNS.indexOf('prezzi'),
  allergens: MENU_CSV_COLUMNS.indexOf('allergeni'),
  available: MENU_CSV_COLUMNS.indexOf('disponibile'),
  takeaway: MENU_CSV_COLUMNS.indexOf('asporto'),
};
/** A row's dish cells, empty: a section without dishes. */
const NO_DISH = MENU_CSV_COLUMNS.slice(CSV.id).map(() => '');

interface CsvFormat {
  delimiter: ';' | ',';
  bom: boolean;
  eol: '\r\n' | '\n';
}
const csvFormats: fc.Arbitrary<CsvFormat> = fc.record({
  delimiter: fc.constantFrom(';' as const, ',' as const),
  bom: fc.boolean(),
  eol: fc.constantFrom('\r\n' as const, '\n' as const),
});

/** `sì`/`no` as people type them. */
const yesNo = (value: boolean) =>
  fc.constantFrom(...(value ? ['sì', 'si', 'SI', 'Sì', ' sì '] : ['no', 'NO', 'No ']));
/** Codes with any spacing and case, or the word for none; empty: not declared. */
const allergenCells = fc.oneof(
  fc.constant({ codes: null as string[] | null, cell: '' }),
  fc
    .constantFrom('nessuno', 'NESSUNO', ' Nessuno')
    .map((cell) => ({ codes: [] as string[], cell })),
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...ALLERGENS), { minLength: 1 }),
      fc.constantFrom(', ', ',', ' , ', ',  '),
      fc.boolean(),
    )
    .map(([codes, separator, upper]) => ({
      codes: codes as string[],
      cell: codes.map((code) => (upper ? code.toUpperCase() : code)).join(separator),
    })),
);
const placementWords = fc.constantFrom('carosello', 'SEMPRE', ' Sotto ');
/** A kitchen group and its word as people type it. */
const kitchenCells = fc
  .tuple(fc.constantFrom(...KITCHEN_GROUPS), fc.constantFrom('lower', 'upper', 'spaced'))
  .map(([group, style]) => {
    const word = KITCHEN_WORDS[group];
    const cell =
      style === 'upper'
        ? word.toUpperCase()
        : style === 'spaced'
          ? ` ${word[0]!.toUpperCase()}${word.slice(1)} `
          : word;
    return { group, cell };
  });

type CsvEdit =
  | { kind: 'none' }
  | { kind: 'price'; pick: number; amount: string }
  | { kind: 'rename'; pick: number; name: string }
  | { kind: 'available'; pick: number; value: boolean; cell: string }
  | { kind: 'takeaway'; pick: number; value: boolean; cell: string }
  /** Every row of the picked dish's section says this kitchen group. */
  | { kind: 'kitchen'; pick: number; group: KitchenGroup; cell: string }
  /** The file as exported before takeaway: without `reparto` and `asporto`. */
  | { kind: 'beforeTakeaway' }
  | { kind: 'allergens'; pick: number; codes: string[] | null; cell: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'add'; pick: number; name: string; amount: string; takeaway: boolean }
  | { kind: 'move'; pick: number; to: number }
  | {
      kind: 'newSection';
      name: string;
      placement: string;
      kitchen: { group: KitchenGroup; cell: string };
      dish: string;
      amount: string;
    }
  /** Always refused. */
  | { kind: 'bad'; pick: number; how: (typeof BAD_CSV_EDITS)[number]; value: string }
  /** The body's own random text: never a menu (it has no header). */
  | { kind: 'random' };

const BAD_CSV_EDITS = [
  'header',
  'price',
  'allergen',
  'flag',
  'takeaway',
  'name',
  'type',
  'kitchen',
  'unknown-id',
  'bad-id',
  'duplicate',
  'apart',
] as const;
const BAD_VALUES: Record<(typeof BAD_CSV_EDITS)[number], string[]> = {
  header: ['swap', 'drop', 'prezzo', 'tab'],
  price: ['1.005', '-1', '1e3', '', '123456', 'abc', '7 | 9', 'Maxi=1 | maxi=2', '12,50 €'],
  allergen: ['shellfish', 'milk, lattosio', 'milk milk', 'milk, milk', 'none'],
  flag: ['forse', 'yes', 'true', '1', ''],
  takeaway: ['forse', 'yes', 'true', '1', ''],
  name: ['', '   ', 'x'.repeat(MENU_NAME_MAX + 1), 'a\u0000b', 'a\u202Eb', 'a\nb'],
  type: ['carousel', '', 'sopra'],
  kitchen: ['oven', '', 'grill', 'pizzeria'],
  'unknown-id': [String(2 ** 31 - 1), '1999999999'],
  'bad-id': ['abc', '0', '-3', '1.5', '2147483648'],
  duplicate: [''],
  apart: [''],
};

const csvEdits: fc.Arbitrary<CsvEdit> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('price' as const), pick: fc.nat(), amount: amounts }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      pick: fc.nat(),
      name: menuName.valid as fc.Arbitrary<string>,
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), fc.boolean())
      .chain(([pick, value]) =>
        yesNo(value).map((cell) => ({ kind: 'available' as const, pick, value, cell })),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), fc.boolean())
      .chain(([pick, value]) =>
        yesNo(value).map((cell) => ({ kind: 'takeaway' as const, pick, value, cell })),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), kitchenCells)
      .map(([pick, { group, cell }]) => ({ kind: 'kitchen' as const, pick, group, cell })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'beforeTakeaway' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), allergenCells)
      .map(([pick, { codes, cell }]) => ({ kind: 'allergens' as const, pick, codes, cell })),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      pick: fc.nat(),
      name: menuName.valid as fc.Arbitrary<string>,
      amount: amounts,
      takeaway: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('newSection' as const),
      name: menuName.valid as fc.Arbitrary<string>,
      placement: placementWords,
      kitchen: kitchenCells,
      dish: menuName.valid as fc.Arbitrary<string>,
      amount: amounts,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.constantFrom(...BAD_CSV_EDITS).chain((how) =>
      fc.record({
        kind: fc.constant('bad' as const),
        pick: fc.nat(),
        how: fc.constant(how),
        value: fc.constantFrom(...BAD_VALUES[how]),
      }),
    ),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'random' as const }) },
);

/** What a file's import must answer and do: its changes in the file's order, deletions last. */
interface CsvExpected {
  changes: Record<string, unknown>[];
  /** The stored effect, after an import. */
  verify: () => Promise<void>;
}

const csvFile = (rows: string[][], format: CsvFormat) =>
  stringify(rows, {
    delimiter: format.delimiter,
    bom: format.bom,
    record_delimiter: format.eol,
    quote_record_delimiter: true,
  });
/** A change as the answer names it (answers are UTF-8: a lone surrogate reads back as U+FFFD). */
const csvChange = (
  entity: 'section' | 'item',
  action: string,
  id: number | null,
  name: string,
  fields: string[] = [],
) => ({ action, entity, id, name: stored(name), fields });
const itemChange = (action: string, id: number | null, name: string, fields: string[] = []) =>
  csvChange('item', action, id, name, fields);

/** Builds a file from the current export and the edit; null: the file must be refused. */
async function csvCase(
  edit: CsvEdit,
  format: CsvFormat,
): Promise<{ csv: string; expected: CsvExpected | null }> {
  const rows: string[][] = parse(await app.menu.exportCsv(), { bom: true, delimiter: ';' });
  expect(rows[0]).toEqual(MENU_CSV_COLUMNS);
  const dishes = rows.filter((row, index) => index > 0 && row[CSV.id] !== '');
  const dish = 'pick' in edit ? dishes[edit.pick % dishes.length]! : dishes[0]!;
  const id = Number(dish[CSV.id]);
  const before = await app.menu.item(id);
  const file = (expected: CsvExpected | null) => ({ csv: csvFile(rows, format), expected });
  const nothing = async () => {};
  /** Removes a dish's row, keeping its section (as a row of its own) when it was the last there. */
  const removeRow = (row: string[]) => {
    const alone = rows.filter((other) => other[CSV.sectionId] === row[CSV.sectionId]).length === 1;
    rows.splice(rows.indexOf(row), 1, ...(alone ? [[...row.slice(0, CSV.id), ...NO_DISH]] : []));
  };

  switch (edit.kind) {
    case 'random':
      throw new Error('random text is the body as generated');
    case 'none':
      return file({ changes: [], verify: nothing });
    case 'price': {
      dish[CSV.prices] = edit.amount;
      const price = [{ label: '', amount: normalAmount(edit.amount) }];
      const same = JSON.stringify(before!.prices) === JSON.stringify(price);
      return file({
        changes: same ? [] : [itemChange('update', id, dish[CSV.name]!, ['prezzi'])],
        verify: async () => expect((await app.menu.item(id))!.prices).toEqual(price),
      });
    }
    case 'rename': {
      dish[CSV.name] = edit.name;
      const name = edit.name.trim();
      return file({
        changes: name === before!.name ? [] : [itemChange('update', id, name, ['nome'])],
        verify: async () => expect((await app.menu.item(id))!.name).toBe(stored(name)),
      });
    }
    case 'available':
      dish[CSV.available] = edit.cell;
      return file({
        changes:
          edit.value === before!.available
            ? []
            : [itemChange('update', id, before!.name, ['disponibile'])],
        verify: async () => expect((await app.menu.item(id))!.available).toBe(edit.value),
      });
    case 'takeaway':
      dish[CSV.takeaway] = edit.cell;
      return file({
        changes:
          edit.value === before!.takeaway
            ? []
            : [itemChange('update', id, before!.name, ['asporto'])],
        verify: async () => expect((await app.menu.item(id))!.takeaway).toBe(edit.value),
      });
    case 'kitchen': {
      const sectionId = Number(dish[CSV.sectionId]);
      for (const row of rows.filter((other) => other[CSV.sectionId] === dish[CSV.sectionId])) {
        row[CSV.kitchen] = edit.cell;
      }
      const section = await app.db
        .selectFrom('menu_sections')
        .selectAll()
        .where('id', '=', sectionId)
        .executeTakeFirstOrThrow();
      return file({
        changes:
          section.kitchen === edit.group
            ? []
            : [csvChange('section', 'update', sectionId, section.name, ['reparto'])],
        verify: async () => {
          const now = await app.db
            .selectFrom('menu_sections')
            .select('kitchen')
            .where('id', '=', sectionId)
            .executeTakeFirstOrThrow();
          expect(now.kitchen).toBe(edit.group);
        },
      });
    }
    case 'beforeTakeaway': {
      // What the older file does not say stays as it is: nothing changes.
      for (const [index, row] of rows.entries()) {
        rows[index] = row.filter((_, column) => column !== CSV.kitchen && column !== CSV.takeaway);
      }
      expect(rows[0]).toEqual(MENU_CSV_COLUMNS_BEFORE_TAKEAWAY);
      return file({ changes: [], verify: nothing });
    }
    case 'allergens': {
      dish[CSV.allergens] = edit.cell;
      const codes =
        edit.codes === null ? null : ALLERGENS.filter((code) => edit.codes!.includes(code));
      const same = JSON.stringify(codes) === JSON.stringify(before!.allergens);
      return file({
        changes: same ? [] : [itemChange('update', id, before!.name, ['allergeni'])],
        verify: async () => expect((await app.menu.item(id))!.allergens).toEqual(codes),
      });
    }
    case 'delete':
      removeRow(dish);
      return file({
        changes: [itemChange('delete', id, before!.name)],
        verify: async () => {
          expect(await app.menu.item(id)).toBeUndefined();
          const translations = await app.db
            .selectFrom('text_translations')
            .select('field')
            .where('entity', '=', 'menu_item')
            .where('entity_id', '=', id)
            .execute();
          expect(translations).toEqual([]);
        },
      });
    case 'add': {
      const row = [
        ...dish.slice(0, CSV.id),
        ...['', edit.name, '', '', edit.amount, '', 'sì', 'no', edit.takeaway ? 'sì' : 'no'],
      ];
      rows.splice(rows.indexOf(dish) + 1, 0, row);
      const name = edit.name.trim();
      return file({
        changes: [itemChange('add', null, name)],
        verify: async () => {
          // Right after the dish it follows in the file.
          const after = await app.db
            .selectFrom('menu_items')
            .selectAll()
            .where('section_id', '=', before!.sectionId)
            .where('position', '=', before!.position + 1)
            .executeTakeFirstOrThrow();
          expect(after.name).toBe(stored(name));
          expect(after.takeaway).toBe(edit.takeaway ? 1 : 0);
          expect((await app.menu.item(after.id))!.prices).toEqual([
            { label: '', amount: normalAmount(edit.amount) },
          ]);
        },
      });
    }
    case 'move': {
      const sections = [...new Set(rows.slice(1).map((row) => row[CSV.sectionId]!))];
      const others = sections.filter((section) => section !== dish[CSV.sectionId]);
      const target = others[edit.to % others.length]!;
      removeRow(dish);
      const last = rows.findLast((row) => row[CSV.sectionId] === target)!;
      const targetCells = last.slice(0, CSV.id);
      rows.splice(rows.indexOf(last) + 1, 0, [...targetCells, ...dish.slice(CSV.id)]);
      return file({
        changes: [itemChange('update', id, before!.name, ['sezione'])],
        verify: async () => {
          const moved = (await app.menu.item(id))!;
          expect(moved.sectionId).toBe(Number(target));
          const count = await app.db
            .selectFrom('menu_items')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('section_id', '=', Number(target))
            .executeTakeFirstOrThrow();
          expect(moved.position).toBe(Number(count.count) - 1);
        },
      });
    }
    case 'newSection': {
      rows.push([
        ...['', edit.name, edit.placement, edit.kitchen.cell, '', edit.dish, '', ''],
        ...[edit.amount, '', 'no', 'sì', 'no'],
      ]);
      const name = edit.name.trim();
      const dishName = edit.dish.trim();
      return file({
        changes: [csvChange('section', 'add', null, name), itemChange('add', null, dishName)],
        verify: async () => {
          const section = await app.db
            .selectFrom('menu_sections')
            .selectAll()
            .orderBy('position', 'desc')
            .executeTakeFirstOrThrow();
          expect([section.name, section.placement, section.kitchen, section.key]).toEqual([
            stored(name),
            { carosello: 'carousel', sempre: 'always', sotto: 'extras' }[
              edit.placement.trim().toLowerCase()
            ],
            edit.kitchen.group,
            null,
          ]);
          const items = await app.db
            .selectFrom('menu_items')
            .selectAll()
            .where('section_id', '=', section.id)
            .execute();
          expect(
            items.map((item) => [item.name, item.available, item.frozen, item.takeaway]),
          ).toEqual([[stored(dishName), 0, 1, 0]]);
        },
      });
    }
    case 'bad': {
      const { how, value } = edit;
      if (how === 'header') {
        const header = rows[0]!;
        if (value === 'swap') [header[4], header[5]] = [header[5]!, header[4]!];
        else if (value === 'drop') header.pop();
        else if (value === 'prezzo') header[CSV.prices] = 'prezzo';
        else
          return { csv: csvFile(rows, format).replaceAll(format.delimiter, '\t'), expected: null };
      } else if (how === 'price') dish[CSV.prices] = value;
      else if (how === 'allergen') dish[CSV.allergens] = value;
      else if (how === 'flag') dish[CSV.available] = value;
      else if (how === 'takeaway') dish[CSV.takeaway] = value;
      else if (how === 'kitchen') dish[CSV.kitchen] = value;
      else if (how === 'name') dish[CSV.name] = value;
      else if (how === 'type') dish[CSV.type] = value;
      else if (how === 'unknown-id' || how === 'bad-id') dish[CSV.id] = value;
      else if (how === 'duplicate') rows.splice(rows.indexOf(dish) + 1, 0, [...dish]);
      // The first row again at the end: its section's rows are apart (there are several sections).
      else rows.push([...rows[1]!]);
      return file(null);
    }
  }
}

/** An import's or preview's answer for what was expected: the changes, and the counts. */
async function expectImportAnswer(
  response: LightMyRequestResponse,
  expected: CsvExpected,
  existing: number,
) {
  const count = (action: string) => expected.changes.filter((c) => c.action === action).length;
  const updated = count('update');
  const deleted = count('delete');
  expect(response.json()).toEqual({
    changes: expected.changes,
    summary: { added: count('add'), updated, deleted, unchanged: existing - updated - deleted },
  });
}

/** Sections and dishes in the menu now. */
async function menuRowCount() {
  const [sections, items] = await Promise.all([
    app.db
      .selectFrom('menu_sections')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
    app.db
      .selectFrom('menu_items')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(sections.count) + Number(items.count);
}

/** Any text but a menu file: no header row. */
const csvRule: FieldRule = {
  valid: anyText(300).filter((text) => !text.toLowerCase().includes('sezione_id')),
  wrongType: notAString,
};

const getMenuCsv = family({
  name: 'GET /api/menu/export.csv (staff)',
  runs: 200,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/menu/export.csv${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: () =>
      noWrites(async (response) => {
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toBe('attachment; filename="menu.csv"');
        expect(response.headers['cache-control']).toBe('no-store');
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.body.startsWith(`\uFEFF${MENU_CSV_COLUMNS.join(';')}\r\n`)).toBe(true);
        expect(response.body).toBe(await app.menu.exportCsv());
      }),
  }),
});

/** POST /api/menu/import and its preview: the same files, the same answers; only the import writes. */
function importFamily(path: 'import' | 'import/preview', runs: number) {
  const applies = path === 'import';
  return family({
    name: `POST /api/menu/${path} (staff)`,
    runs,
    cases: fc.record({
      query: junkQuery,
      auth: authCases,
      body: bodies({ csv: csvRule }),
      edit: csvEdits,
      format: csvFormats,
    }),
    route: async ({ query, auth, body, edit, format }) => {
      let sent = body;
      let expected: CsvExpected | null = null;
      if (body.kind === 'valid' && edit.kind !== 'random') {
        const built = await csvCase(edit, format);
        sent = { ...body, json: { csv: built.csv } };
        expected = built.expected;
      }
      const existing = await menuRowCount();
      return {
        method: 'POST',
        url: `/api/menu/${path}${query}`,
        unknownQuery: hasQueryKeys(query),
        body: sent,
        auth,
        bodySchema: true,
        handler: (): Expected => {
          if (!expected) return refused(400, 'fields', { field: 'csv' });
          const { changes, verify } = expected;
          const writes = applies && changes.length > 0;
          return {
            accepted: {
              status: 200,
              mayWrite: writes ? MENU_TABLES : [],
              async verify(response) {
                await expectImportAnswer(response, expected, existing);
                if (!writes) return;
                await expectAudited('menu.import');
                await verify();
              },
            },
          };
        },
      };
    },
  });
}
const previewMenuCsv = importFamily('import/preview', 500);
const importMenuCsv = importFamily('import', 800);

// The file starts from the seeded menu, which the files built from its
// export keep close to: with every dish the menu families make, a file would
// pass the 100 KB body limit.
hostileFamilies('menu-csv', [getMenuCsv, previewMenuCsv, importMenuCsv]);
