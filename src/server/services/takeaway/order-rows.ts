import type { Kysely, Selectable } from 'kysely';
import type { Database, TakeawayOrderLinesTable, TakeawayOrdersTable } from '../../db/database.ts';
import { FALLBACK_LANG, toLang } from '../../../shared/languages.ts';
import { centsToAmount } from '../../../shared/money.ts';
import { italianDate } from '../../../shared/schemas/opening-hours.ts';
import { guestSummaries } from '../guests/guest-records.ts';
import type {
  CreatedOrder,
  GuestOrder,
  OrderLine,
  TakeawayOrder,
} from '../../../shared/schemas/takeaway.ts';

/** An order as stored. */
export type OrderRow = Selectable<TakeawayOrdersTable>;
type OrderLineRow = Selectable<TakeawayOrderLinesTable>;

/** An order with its lines, as the API answers it: the base of staff's and the guest's views. */
export interface StoredOrder {
  row: OrderRow;
  /** The lines as the kitchen reads them: the dishes' Italian names. */
  lines: OrderLine[];
  /** The same lines with the names the guest read, in their language: their page and mails. */
  guestLines: OrderLine[];
}

/**
 * The lock every write to orders takes first (`decideUnderLock`,
 * capacity.ts): it counts the orders' version up, on the settings row, so
 * that orders and their changes on every connection and every instance take
 * turns until the holder commits or rolls back, and the kitchen board's
 * polling (one read of that row) sees every committed change. A refusal
 * rolls back, and the count with it.
 */
export async function lockOrders(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('takeaway_settings')
    .set((eb) => ({ orders_version: eb('orders_version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/**
 * The orders' version as the database has it: what each instance keeps the
 * slots' loads by (`ContentVersion` with this `read`, domains/takeaway.ts).
 */
export const readOrdersVersion = async (db: Kysely<Database>): Promise<number> =>
  (
    await db
      .selectFrom('takeaway_settings')
      .select('orders_version')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
  ).orders_version;

/** The orders `where` selects, each with its lines, by pickup time then id. */
export async function readOrders(
  db: Kysely<Database>,
  where: { date: string } | { id: number } | { unopened: true },
): Promise<StoredOrder[]> {
  let query = db.selectFrom('takeaway_orders').selectAll();
  if ('date' in where) query = query.where('date', '=', where.date);
  else if ('id' in where) query = query.where('id', '=', where.id);
  // What still rings: a new order nobody opened, not one the guest cancelled meanwhile.
  else query = query.where('opened_at', 'is', null).where('status', '=', 'received');
  const rows = await query.orderBy('date').orderBy('time').orderBy('id').execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('takeaway_order_lines')
    .selectAll()
    .where(
      'order_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  return rows.map((row) =>
    storedOrder(
      row,
      lines.filter((line) => line.order_id === row.id),
    ),
  );
}

/** An order and its lines (by position) as stored: the kitchen's and the guest's lines. */
export const storedOrder = (
  row: OrderRow,
  lines: readonly Pick<
    OrderLineRow,
    'item_id' | 'name' | 'guest_name' | 'label' | 'quantity' | 'amount_cents'
  >[],
): StoredOrder => ({
  row,
  lines: lines.map(orderLine),
  // Lines stored before the guest's names were kept have none: the Italian, as then.
  guestLines: lines.map((line) => orderLine({ ...line, name: line.guest_name || line.name })),
});

/** A stored line as the API answers it. */
const orderLine = (
  line: Pick<OrderLineRow, 'item_id' | 'name' | 'label' | 'quantity' | 'amount_cents'>,
): OrderLine => ({
  id: line.item_id,
  name: line.name,
  label: line.label,
  quantity: line.quantity,
  amount: centsToAmount(line.amount_cents),
});

/** One order with its lines, or null. */
export async function readOrder(db: Kysely<Database>, id: number): Promise<StoredOrder | null> {
  return (await readOrders(db, { id }))[0] ?? null;
}

const langOf = (row: OrderRow) => toLang(row.lang) ?? FALLBACK_LANG;

/** An order as staff see it (takeawayOrderAnswer). */
export function staffView({ row, lines }: StoredOrder): TakeawayOrder {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    lang: langOf(row),
    pickup: { date: row.date, time: row.time },
    status: row.status,
    total: centsToAmount(row.total_cents),
    lines,
    notes: row.notes,
    source: row.source,
    createdAt: row.created_at,
    opened: row.opened_at !== null,
    message: row.message,
  };
}

/**
 * Orders as staff see them where they meet the guest (the day's orders, the
 * board), each with its guest's summary: one grouped read for all of them.
 */
export async function staffViewsWithGuests(
  db: Kysely<Database>,
  orders: readonly StoredOrder[],
  nowMs: number,
): Promise<TakeawayOrder[]> {
  const summaries = await guestSummaries(
    db,
    orders.flatMap(({ row }) => (row.guest_id === null ? [] : [row.guest_id])),
    nowMs,
  );
  return orders.map((order) => ({
    ...staffView(order),
    guest: order.row.guest_id === null ? null : (summaries.get(order.row.guest_id) ?? null),
  }));
}

/** A new order as POST /api/takeaway/orders answers it. */
export const createdView = ({ row, guestLines: lines }: StoredOrder): CreatedOrder => ({
  id: row.id,
  status: 'received',
  pickup: { date: row.date, time: row.time },
  total: centsToAmount(row.total_cents),
  lines,
});

/** An order as its status page shows it (guestOrderAnswer): no phone, no e-mail. */
export function guestView({ row, guestLines: lines }: StoredOrder): GuestOrder {
  return {
    id: row.id,
    name: row.name,
    lang: langOf(row),
    pickup: { date: row.date, time: row.time },
    status: row.status,
    total: centsToAmount(row.total_cents),
    lines,
    notes: row.notes,
    message: row.message,
    cancellable: row.status === 'received',
  };
}

/**
 * "n. 12 (ritiro 13/01/2026 alle 19:30)": how the audit log names an order,
 * by number and time, never the guest's name (the log outlives a guest's erasure).
 */
export const orderSummaryIt = (row: Pick<OrderRow, 'id' | 'date' | 'time'>): string =>
  `n. ${row.id} (ritiro ${italianDate(row.date)} alle ${row.time})`;
