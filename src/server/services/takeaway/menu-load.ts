import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { KitchenGroup } from '../../../shared/schemas/menu.ts';
import type { Load, OrderedItem } from '../../../shared/schemas/takeaway.ts';
import { orderLoad } from './slots.ts';

/** Every dish of the menu by id, with its section's kitchen group. */
export async function readKitchenGroups(
  db: Kysely<Database>,
): Promise<ReadonlyMap<number, KitchenGroup>> {
  const rows = await db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .select(['menu_items.id as id', 'menu_sections.kitchen as kitchen'])
    .execute();
  return new Map(rows.map((row) => [row.id, row.kitchen]));
}

/**
 * The load an order's dishes put on the oven and the kitchen, from the menu
 * (`readKitchenGroups`: the client's word on what a dish is never counts),
 * or the ids the menu does not have.
 */
export function loadOfItems(
  groups: ReadonlyMap<number, KitchenGroup>,
  items: readonly OrderedItem[],
): { ok: true; load: Load } | { ok: false; unknown: number[] } {
  const unknown = [...new Set(items.map((item) => item.id))].filter((id) => !groups.has(id));
  if (unknown.length > 0) return { ok: false, unknown };
  return {
    ok: true,
    load: orderLoad(
      items.map((item) => ({ group: groups.get(item.id)!, quantity: item.quantity })),
    ),
  };
}
