import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Load, OrderedItem } from '../../../shared/schemas/takeaway.ts';
import { orderLoad } from './slots.ts';

/**
 * The load an order's dishes put on the oven and the kitchen, from the menu
 * in the database (the client's word on what a dish is never counts), or
 * the ids the menu does not have.
 */
export async function loadOfItems(
  db: Kysely<Database>,
  items: readonly OrderedItem[],
): Promise<{ ok: true; load: Load } | { ok: false; unknown: number[] }> {
  const ids = [...new Set(items.map((item) => item.id))];
  const rows = await db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .select(['menu_items.id as id', 'menu_sections.kitchen as kitchen'])
    .where('menu_items.id', 'in', ids)
    .execute();
  const groups = new Map(rows.map((row) => [row.id, row.kitchen]));
  const unknown = ids.filter((id) => !groups.has(id));
  if (unknown.length > 0) return { ok: false, unknown };
  return {
    ok: true,
    load: orderLoad(
      items.map((item) => ({ group: groups.get(item.id)!, quantity: item.quantity })),
    ),
  };
}
