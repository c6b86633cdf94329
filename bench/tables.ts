/**
 * The `tables` measure of `npm run bench` (issue 38's proof): a guest's
 * availability for a day with 40 tables, 10 combinations and 200 bookings,
 * against the same request in covers mode (the same bookings, the plan
 * emptied) and against a bare Fastify route answering the same bytes. Also
 * each mode's time per request one at a time (the server's share, plus a
 * loopback round trip), against its budget at the median (bench/budgets.ts).
 */
import { insertPlan, type TestPlan } from '../src/server/testing/floor.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { bumpBookingsVersion } from '../src/server/services/reservations/rows.ts';
import { freePort, staffToken, startNodeScript, startSite } from './servers.ts';

const BOOKINGS = 200;
const ONE_AT_A_TIME = 1000;

type Compare = (
  ours: string,
  theirs: string,
) => Promise<{ ours: number; baseline: number; ratio: number; pairs: number[] }>;

/** Two rooms of 20 tables (twos, fours, sixes) and 10 combinations of two fours or two twos. */
function benchRoom(): TestPlan {
  const plan: Required<TestPlan> = { areas: [], tables: [], combinations: [] };
  for (const area of ['Sala', 'Terrazza']) {
    plan.areas.push({ name: area });
    const seats = [...Array(10).fill(2), ...Array(6).fill(4), ...Array(4).fill(6)] as number[];
    seats.forEach((maxSeats, index) =>
      plan.tables.push({
        name: `${area[0]}${index + 1}`,
        area,
        minSeats: Math.max(1, maxSeats - 2),
        maxSeats,
        priority: index % 3,
      }),
    );
    for (let pair = 0; pair < 5; pair += 1) {
      const [a, b] = pair < 3 ? [11 + pair * 2, 12 + pair * 2] : [1 + pair * 2, 2 + pair * 2];
      plan.combinations.push({
        name: `${area[0]}${a}+${b}`,
        tables: [`${area[0]}${a}`, `${area[0]}${b}`],
        minSeats: pair < 3 ? 6 : 3,
        maxSeats: pair < 3 ? 8 : 4,
      });
    }
  }
  return plan;
}

/** The median time of `count` requests sent one after the other (after a warm-up). */
async function medianOneAtATime(url: string, count: number): Promise<number> {
  for (let warm = 0; warm < 200; warm += 1) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.toSorted((a, b) => a - b)[count >> 1]!;
}

async function againstBare(compare: Compare, siteUrl: string, path: string) {
  const constant = await (await fetch(`${siteUrl}${path}`)).text();
  const bare = await startNodeScript(
    `import Fastify from 'fastify'; const app = Fastify();
   app.get('/ready', async () => 'ok');
   app.get(${JSON.stringify(path.split('?')[0])}, async (req, reply) => reply.type('application/json; charset=utf-8').send(${JSON.stringify(constant)}));
   await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`,
    await freePort(),
  );
  try {
    const measured = await compare(`${siteUrl}${path}`, `${bare.url}${path}`);
    const p50Ms = await medianOneAtATime(`${siteUrl}${path}`, ONE_AT_A_TIME);
    return { ...measured, p50Ms, available: (constant.match(/"available":true/g) ?? []).length };
  } finally {
    await bare.stop();
  }
}

export async function measureTables(compare: Compare) {
  const site = await startSite();
  const database = await openDatabase(site.databaseUrl);
  try {
    const token = await staffToken(site);
    const room = benchRoom();
    await insertPlan(database.db, room);
    // A date with its dinner open, a week ahead (every slot of it, lunch and dinner).
    let date = '';
    let slots: string[] = [];
    for (let offset = 7; offset <= 21 && slots.length === 0; offset += 1) {
      date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const answer = (await (
        await fetch(`${site.url}/api/reservations/availability?date=${date}&party=2`)
      ).json()) as { slots: { time: string }[] };
      slots = answer.slots.map((slot) => slot.time);
    }
    // 200 bookings by phone over the day's slots, seated by the plan (past it when full).
    for (let index = 0; index < BOOKINGS; index += 1) {
      const response = await fetch(`${site.url}/api/reservations/staff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: `Ospite ${index}`,
          phone: `+39 333 ${1_000_000 + index}`,
          party: 2 + (index % 5),
          date,
          time: slots[(index * 7) % slots.length],
          lang: 'it',
          override: true,
        }),
      });
      if (response.status !== 201) throw new Error(`booking ${index}: ${response.status}`);
    }
    const path = `/api/reservations/availability?date=${date}&party=4`;
    const tables = await againstBare(compare, site.url, path);
    // The same day in covers mode: the plan emptied, every booking kept.
    await database.db.deleteFrom('reservation_tables').execute();
    await database.db.deleteFrom('floor_combination_tables').execute();
    await database.db.deleteFrom('floor_combinations').execute();
    await database.db.deleteFrom('floor_tables').execute();
    await database.db.deleteFrom('floor_areas').execute();
    await bumpBookingsVersion(database.db);
    // Each instance reads the bookings' version at most every 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const covers = await againstBare(compare, site.url, path);
    return {
      date,
      tables: room.tables.length,
      combinations: room.combinations?.length ?? 0,
      bookings: BOOKINGS,
      byTables: tables,
      byCovers: covers,
    };
  } finally {
    await database.close();
    await site.stop();
  }
}
