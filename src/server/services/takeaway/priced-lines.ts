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

/**
 * The order's lines priced from the menu as it is now, or the ids of the
 * dishes that cannot be ordered: unknown, sold out, not for takeaway, or
 * asked in a size they do not have.
 */
export async function priceLines(
  db: Kysely<Database>,
  items: TakeawayOrderBody['items'],
): Promise<{ ok: true; lines: PricedLine[] } | { ok: false; ids: number[] }> {
  const ids = [...new Set(items.map((item) => item.id))];
  const dishes = await db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .select([
      'menu_items.id as id',
      'menu_items.name as name',
      'menu_items.available as available',
      'menu_items.takeaway as takeaway',
      'menu_sections.kitchen as kitchen',
    ])
    .where('menu_items.id', 'in', ids)
    .execute();
  const prices = await db
    .selectFrom('menu_item_prices')
    .select(['item_id', 'label', 'amount_cents'])
    .where('item_id', 'in', ids)
    .orderBy('item_id')
    .orderBy('position')
    .execute();
  const lines: PricedLine[] = [];
  const refused = new Set<number>();
  for (const item of items) {
    const dish = dishes.find((row) => row.id === item.id);
    const sizes = prices.filter((row) => row.item_id === item.id);
    const size =
      item.price === undefined ? sizes[0] : sizes.find((row) => row.label === item.price);
    if (!dish || dish.available !== 1 || dish.takeaway !== 1 || !size) {
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
