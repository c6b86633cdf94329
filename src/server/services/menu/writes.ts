import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { amountToCents } from '../../../shared/money.ts';
import type { ContentChanges } from '../content-version.ts';

/*
 * How every part of the menu service writes: through `content.change` (so
 * every instance's pages follow), then the machine translates what changed;
 * and the rows' positions kept 0…n-1 in menu order.
 */

/** The outcomes of a write that was refused. */
const REFUSALS: readonly unknown[] = [
  'not-found',
  'section-not-found',
  'not-empty',
  'italian-changed',
];
const changedSomething = (outcome: unknown) => !REFUSALS.includes(outcome);

export class MenuWrites {
  readonly #content: ContentChanges;
  readonly #onChange: () => void;

  constructor(content: ContentChanges, onChange: () => void) {
    this.#content = content;
    this.#onChange = onChange;
  }

  /**
   * A write, then the machine translates what it changed (visitors never
   * wait for it). An outcome named in REFUSALS (or that `changed` says changed
   * nothing) changed nothing: no new content version, nothing to translate.
   */
  async change<T>(
    work: (trx: Kysely<Database>) => Promise<T>,
    changed: (result: T) => boolean = changedSomething,
  ): Promise<T> {
    const result = await this.#content.change(work, changed);
    if (changed(result)) this.#onChange();
    return result;
  }

  /** A write after which nothing needs translating (a staff translation saved). */
  changeUntranslated<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.#content.change(work, changedSomething);
  }
}

/** One section by id, in the caller's transaction or on the database. */
export function findSection(trx: Kysely<Database>, id: number) {
  return trx.selectFrom('menu_sections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One dish by id, in the caller's transaction or on the database. */
export function findItem(trx: Kysely<Database>, id: number) {
  return trx.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many dishes a section has: the position of one added last. */
export async function countItems(trx: Kysely<Database>, sectionId: number): Promise<number> {
  const row = await trx
    .selectFrom('menu_items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('section_id', '=', sectionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function writePrices(
  trx: Kysely<Database>,
  itemId: number,
  prices: readonly { label: string; amount: string }[],
): Promise<void> {
  await trx.deleteFrom('menu_item_prices').where('item_id', '=', itemId).execute();
  await trx
    .insertInto('menu_item_prices')
    .values(
      prices.map((price, position) => ({
        item_id: itemId,
        position,
        label: price.label,
        // The schema has checked the pattern: the conversion cannot fail.
        amount_cents: amountToCents(price.amount)!,
      })),
    )
    .execute();
}

type Ordered = 'menu_sections' | 'menu_items';

/** The ids in order: sections, or the dishes of one section. */
async function ordered(
  trx: Kysely<Database>,
  table: Ordered,
  sectionId: number | undefined,
): Promise<number[]> {
  if (table === 'menu_sections') {
    const rows = await trx
      .selectFrom('menu_sections')
      .select('id')
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }
  const rows = await trx
    .selectFrom('menu_items')
    .select('id')
    .where('section_id', '=', sectionId!)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Moves `id` to `position` (clamped to the end) and shifts the others. */
export async function reorder(
  trx: Kysely<Database>,
  table: Ordered,
  sectionId: number | undefined,
  id: number,
  position: number,
): Promise<void> {
  const others = (await ordered(trx, table, sectionId)).filter((other) => other !== id);
  others.splice(Math.min(position, others.length), 0, id);
  await writeOrder(trx, table, others);
}

/** Positions 0…n-1 again, after a removal. */
export async function renumber(
  trx: Kysely<Database>,
  table: Ordered,
  sectionId: number | undefined,
): Promise<void> {
  await writeOrder(trx, table, await ordered(trx, table, sectionId));
}

/** `ids` take positions 0…n-1 in this order. */
export async function writeOrder(
  trx: Kysely<Database>,
  table: Ordered,
  ids: number[],
): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await trx.updateTable(table).set({ position }).where('id', '=', id).execute();
  }
}
