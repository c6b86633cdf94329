import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { Turn } from '../turn.ts';
import { holdWaitingOrder, waitingInTurn } from './pending-orders.ts';

let database: TestDatabase;
let opened: AppDatabase;

afterEach(async () => {
  await opened.close();
  await database.drop();
});

const ANNA = { email: 'anna@example.it', phone: '+39 333 1234567' };
const BEFORE_MIDNIGHT = '2026-12-04';
const AFTER_MIDNIGHT = '2026-12-05';

const order = (date: string, source: 'online' | 'phone' = 'online') => ({
  ...ANNA,
  date,
  source,
  status: 'received' as const,
});

describe("a turn's count of the orders waiting for the kitchen", () => {
  it('counts an accepted order from every day it waits from, across midnight in Rome', async () => {
    database = await createTestDatabase(undefined, { migrated: true });
    opened = await openDatabase(database.url);
    // Anna's order for the 4th, waiting: counted from the 4th, not from the 5th (its day has passed).
    await sql`insert into takeaway_orders (name, phone, email, lang, date, time, status, notes, source, total_cents, created_at, updated_at)
        values ('Anna', ${ANNA.phone}, ${ANNA.email}, 'it', ${BEFORE_MIDNIGHT}, '23:30', 'received', '', 'online', 900, '2026-12-04T10:00:00.000Z', '2026-12-04T10:00:00.000Z')`.execute(
      opened.db,
    );
    const turn = new Turn();
    const before = await waitingInTurn(opened.db, turn, BEFORE_MIDNIGHT);
    const after = await waitingInTurn(opened.db, turn, AFTER_MIDNIGHT);
    expect([before.of(ANNA), after.of(ANNA)]).toEqual([
      { byEmail: 1, byPhone: 1 },
      { byEmail: 0, byPhone: 0 },
    ]);
    // Accepted in the same turn: one for the 5th counts from both days, one for the 4th from the 4th only.
    await holdWaitingOrder(turn, order(AFTER_MIDNIGHT));
    await holdWaitingOrder(turn, order(BEFORE_MIDNIGHT));
    // Neither a phone order nor one staff already answered waits.
    await holdWaitingOrder(turn, order(AFTER_MIDNIGHT, 'phone'));
    expect([before.of(ANNA).byEmail, after.of(ANNA).byEmail]).toEqual([3, 1]);
    // Read again, it is the same count.
    expect(await waitingInTurn(opened.db, turn, AFTER_MIDNIGHT)).toBe(after);
  });
});
