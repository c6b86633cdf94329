import type { Kysely } from 'kysely';
import type { KitchenGroup } from '../../../shared/schemas/menu.ts';
import type { TakeawayOrderBody } from '../../../shared/schemas/takeaway.ts';
import type { Database } from '../../db/database.ts';

/** A line as the menu prices it at the moment of ordering. */
export interface PricedLine {
  itemId: number;
  name: string;
  label: string;
  quantity: number;
  amountCents: number;
  /** Its section's kitchen group when ordered. */
  group: KitchenGroup;
}

/** The dishes that can be taken away, with their prices, as the menu has them now. */
export interface TakeawayDishes {
  dishes: ReadonlyMap<
    number,
    { id: number; name: string; available: number; kitchen: KitchenGroup }
  >;
  /** Each dish's sizes, in the menu's order. */
  prices: ReadonlyMap<number, readonly { label: string; amount_cents: number }[]>;
}

/**
 * Every takeaway dish and its prices, read in two statements: once for all
 * the orders of a turn of the orders' lock (orders.ts), whatever each asks.
 */
export async function readTakeawayDishes(db: Kysely<Database>): Promise<TakeawayDishes> {
  const rows = await db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .select([
      'menu_items.id as id',
      'menu_items.name as name',
      'menu_items.available as available',
      'menu_sections.kitchen as kitchen',
    ])
    .where('menu_items.takeaway', '=', 1)
    .execute();
  const sizes = await db
    .selectFrom('menu_item_prices')
    .innerJoin('menu_items', 'menu_items.id', 'menu_item_prices.item_id')
    .select(['menu_item_prices.item_id as item_id', 'label', 'amount_cents'])
    .where('menu_items.takeaway', '=', 1)
    .orderBy('menu_item_prices.item_id')
    .orderBy('menu_item_prices.position')
    .execute();
  const prices = new Map<number, { label: string; amount_cents: number }[]>();
  for (const size of sizes) {
    const ofDish = prices.get(size.item_id) ?? [];
    ofDish.push(size);
    prices.set(size.item_id, ofDish);
  }
  return { dishes: new Map(rows.map((row) => [row.id, row])), prices };
}

/**
 * The order's lines priced from the menu as it is now (`readTakeawayDishes`),
 * or the ids of the dishes that cannot be ordered: unknown, sold out, not
 * for takeaway, or asked in a size they do not have.
 */
export function priceLines(
  { dishes, prices }: TakeawayDishes,
  items: TakeawayOrderBody['items'],
): { ok: true; lines: PricedLine[] } | { ok: false; ids: number[] } {
  const lines: PricedLine[] = [];
  const refused = new Set<number>();
  for (const item of items) {
    const dish = dishes.get(item.id);
    const sizes = prices.get(item.id) ?? [];
    const size =
      item.price === undefined ? sizes[0] : sizes.find((row) => row.label === item.price);
    if (!dish || dish.available !== 1 || !size) {
      refused.add(item.id);
      continue;
    }
    lines.push({
      itemId: dish.id,
      name: dish.name,
      label: size.label,
      quantity: item.quantity,
      amountCents: size.amount_cents,
      group: dish.kitchen,
    });
  }
  return refused.size ? { ok: false, ids: [...refused] } : { ok: true, lines };
}
