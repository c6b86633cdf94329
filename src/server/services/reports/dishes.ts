import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { DishRow } from '../../../shared/schemas/reports.ts';

/**
 * The `dishes` report of one range: the takeaway lines of orders picked up
 * in it and not declined, cancelled or no-show, per menu item: the pieces
 * and their money (a decimal string, summed in cents), most sold first, then
 * by name. The name is the one the item's latest line there was ordered
 * with (the menu may have renamed it since); the id is null for an item the
 * menu no longer has. One grouped query, and one name per item.
 */
export async function dishRows(
  db: Kysely<Database>,
  range: { from: string; to: string },
): Promise<DishRow[]> {
  const sold = db
    .selectFrom('takeaway_orders')
    .innerJoin('takeaway_order_lines', 'takeaway_order_lines.order_id', 'takeaway_orders.id')
    .select((eb) => [
      'takeaway_order_lines.item_id as item_id',
      eb.fn.sum<number>('takeaway_order_lines.quantity').as('quantity'),
      sql<number>`sum(takeaway_order_lines.quantity * takeaway_order_lines.amount_cents)`.as(
        'cents',
      ),
      eb.fn.max('takeaway_order_lines.order_id').as('last_order'),
    ])
    .where('takeaway_orders.date', '>=', range.from)
    .where('takeaway_orders.date', '<=', range.to)
    .where('takeaway_orders.status', 'not in', ['declined', 'cancelled', 'no-show'])
    .groupBy('takeaway_order_lines.item_id');
  const rows = await db
    .selectFrom(sold.as('sold'))
    .leftJoin('menu_items', 'menu_items.id', 'sold.item_id')
    .select((eb) => [
      'menu_items.id as id',
      'sold.quantity',
      'sold.cents',
      eb
        .selectFrom('takeaway_order_lines')
        .select('takeaway_order_lines.name')
        .whereRef('takeaway_order_lines.order_id', '=', 'sold.last_order')
        .whereRef('takeaway_order_lines.item_id', '=', 'sold.item_id')
        .orderBy('takeaway_order_lines.position')
        .limit(1)
        .as('name'),
    ])
    .execute();
  return rows
    .map((row) => ({
      id: row.id ?? null,
      name: row.name ?? '',
      quantity: Number(row.quantity),
      total: centsToAmount(Number(row.cents)),
    }))
    .sort((a, b) => b.quantity - a.quantity || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
