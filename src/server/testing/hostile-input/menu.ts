import fc from 'fast-check';
import { ALLERGENS } from '../../../shared/allergens.ts';
import {
  MENU_DESCRIPTION_MAX,
  MENU_INGREDIENTS_MAX,
  MENU_NAME_MAX,
} from '../../../shared/schemas/menu.ts';
import { actor, app } from './app-under-test.ts';
import { type FieldRule, junk, notABoolean, notAnArray, optional, text } from './bodies.ts';
import { notADotSegment, readsAsId, segment } from './paths.ts';
import type { Table } from './snapshot.ts';
import { anyText, tooLongText, trimmedText, withoutControls } from './texts.ts';

/*
 * The menu in the database: generators and helpers shared by menu.test.ts
 * (sections, dishes, their translations) and menu-csv.test.ts (the menu as
 * a CSV file).
 */

/** The content the menu routes may change when they accept. */
export const MENU_TABLES: Table[] = [
  'menu_sections',
  'menu_items',
  'menu_item_prices',
  'text_translations',
  'content_version',
  'audit_log',
];

/** "12", "12,5" → "12.50", independently of the server's code. */
export const normalAmount = (amount: string) => {
  const [euros = '0', cents = ''] = amount.trim().split(/[.,]/);
  return `${Number(euros)}.${cents.padEnd(2, '0')}`;
};

export const menuName = text(
  trimmedText(MENU_NAME_MAX).map(withoutControls),
  fc.oneof(
    fc.constantFrom('', '   ', 'Pizza\nTonnara', 'a\u0000', 'x\u202Ey'),
    tooLongText(MENU_NAME_MAX),
  ),
);
export const longMenuText = (max: number) => optional(text(anyText(max), tooLongText(max)));
export const amounts = fc.stringMatching(/^\d{1,5}([.,]\d{1,2})?$/);
const SIZE_LABELS = ['0,30 l', '0,40 l', 'Maxi', 'Piccola', 'Normale', '1 l'];
const priceRule: FieldRule = {
  valid: fc.oneof(
    amounts.map((amount) => [{ label: '', amount }]),
    amounts.map((amount) => [{ amount }]),
    fc
      .uniqueArray(fc.constantFrom(...SIZE_LABELS), { minLength: 1, maxLength: 4 })
      .chain((labels) =>
        fc.tuple(...labels.map((label) => amounts.map((amount) => ({ label, amount })))),
      ),
  ),
  invalid: fc.constantFrom(
    [],
    [{ amount: '1.005' }],
    [{ amount: '-1' }],
    [{ amount: '1e3' }],
    [{ amount: '' }],
    [{ amount: '123456' }],
    [
      { label: '', amount: '1' },
      { label: '', amount: '2' },
    ],
    [
      { label: 'Maxi', amount: '1' },
      { label: 'maxi', amount: '2' },
    ],
    [{ label: 'a\nb', amount: '1' }],
    [{ label: 'x'.repeat(31), amount: '1' }],
    Array.from({ length: 7 }, (_, i) => ({ label: `${i}`, amount: '1' })),
  ),
  wrongType: fc.oneof(notAnArray, fc.constant([{ amount: 12 }]), fc.constant([null])),
};
const allergenRule: FieldRule = optional({
  valid: fc.oneof(fc.constant(null), fc.uniqueArray(fc.constantFrom(...ALLERGENS))),
  invalid: fc.constantFrom(['shellfish'], ['milk', 'milk'], ['MILK'], ['']),
  wrongType: fc.oneof(junk.number, junk.boolean, junk.string, junk.object),
});
const flag: FieldRule = optional({ valid: fc.boolean(), wrongType: notABoolean });
export const positionRule: FieldRule = optional({
  valid: fc.integer({ min: 0, max: 200 }),
  invalid: fc.constantFrom(-1, 1.5, 10_001),
  wrongType: fc.oneof(junk.boolean, junk.null, junk.string, junk.array, fc.constant('1')),
});
export const placementRule: FieldRule = optional(
  text(fc.constantFrom('carousel', 'always', 'extras'), fc.constantFrom('', 'top', 'CAROUSEL')),
);
/** Who makes a section's dishes; the CSV file's Italian words are not the API's. */
export const kitchenRule: FieldRule = optional(
  text(fc.constantFrom('oven', 'kitchen', 'none'), fc.constantFrom('', 'forno', 'OVEN', 'grill')),
);
/** Seeded sections (ids 1 to 11), or none such (the route answers 400 sectionId). */
const sectionIdRule: FieldRule = {
  valid: fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 1, max: 11 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }) },
  ),
  invalid: fc.constantFrom(0, -1, 1.5, 2 ** 31),
  wrongType: fc.oneof(junk.boolean, junk.null, junk.string, junk.array, fc.constant('1')),
};

export const itemRules = {
  sectionId: sectionIdRule,
  name: menuName,
  description: longMenuText(MENU_DESCRIPTION_MAX),
  ingredients: longMenuText(MENU_INGREDIENTS_MAX),
  prices: priceRule,
  allergens: allergenRule,
  available: flag,
  frozen: flag,
  takeaway: flag,
};

export const sectionExists = async (id: number) =>
  (await app.db
    .selectFrom('menu_sections')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;
export const itemRow = (id: number) =>
  app.db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst();

/** A path id: a row made for the request, a seeded one, nobody, or junk. */
export const menuRowIds = () =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant('made' as const) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom('0', '-1', '1.5', 'abc', 'NaN', '2147483648', '1e400', 'true'),
        anyText(30).filter((id) => id.length > 0 && notADotSegment(id) && !readsAsId(id)),
      ),
    },
  );
export const newSection = async () =>
  (await app.menu.createSection({ name: 'Sezione di prova' }, actor())).id;
export const newItem = async () => {
  const item = await app.menu.createItem(
    { sectionId: 1, name: 'Piatto di prova', prices: [{ label: '', amount: '5' }] },
    actor(),
  );
  if (typeof item === 'string') throw new Error(item);
  return item.id;
};
/** Resolves a generated id to a path segment and what the route will find. */
export async function menuTarget(id: string, make: () => Promise<number>) {
  const param = segment(id === 'made' ? String(await make()) : id);
  return { param, valid: readsAsId(param.decoded), number: Number(param.decoded) };
}
