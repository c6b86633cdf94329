/**
 * The bench's 200-request bursts (issue 43): 200 guests booking a table, or
 * ordering one pizza for takeaway, at the same moment, each from an address,
 * an e-mail and a phone of its own, so that no flood limit refuses one. Each
 * is answered 201, or 409 once the slot is full; the figure is the latency
 * each guest waits. bench/run.ts sends them to one site on SQLite, and to
 * two sites on one PostgreSQL database, alternately, when TEST_POSTGRES_URL
 * names one.
 */

export interface Burst {
  p50Ms: number;
  p99Ms: number;
  /** How many of each status, e.g. `{ 201: 27, 409: 173 }`. */
  answers: Record<number, number>;
}

/** The answers as the table prints them: "27× 201, 173× 409". */
const listAnswers = (answers: Record<number, number>) =>
  Object.entries(answers)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');

const GUESTS = 200;

/** Sends `request(index)` for 200 guests at once; throws on an answer other than 201 or 409. */
export async function burst(
  what: string,
  request: (index: number) => Promise<Response>,
): Promise<Burst> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: GUESTS }, async (_, index) => {
      const started = performance.now();
      const response = await request(index);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }),
  );
  const sorted = latencies.toSorted((a, b) => a - b);
  const percentile = (share: number) => sorted[Math.ceil(share * sorted.length) - 1]!;
  const answers = Object.fromEntries(statuses);
  if ([...statuses.keys()].some((status) => status !== 201 && status !== 409)) {
    throw new Error(`${what}: unexpected answers ${listAnswers(answers)}`);
  }
  return { p50Ms: percentile(0.5), p99Ms: percentile(0.99), answers };
}

/** "p50, p99 (answers)", as the table prints a burst. */
export const describeBurst = (measured: Burst) =>
  `${measured.p50Ms.toFixed(0)}, ${measured.p99Ms.toFixed(0)} (${listAnswers(measured.answers)})`;

/** A guest's own client address, sent as X-Forwarded-For (the sites trust proxies on loopback). */
const guestAddress = (network: number, index: number) =>
  `10.${network}.${index >> 8}.${(index & 255) + 1}`;

/** The first date with a free dinner slot for two, and that day's dinner times. */
export async function openDinner(siteUrl: string): Promise<{ date: string; times: string[] }> {
  for (let offset = 1; offset <= 14; offset += 1) {
    const date = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const answer = (await (
      await fetch(`${siteUrl}/api/reservations/availability?date=${date}&party=2`)
    ).json()) as { slots: { time: string; available: boolean }[] };
    const dinner = answer.slots.filter((slot) => slot.time >= '19:00');
    if (dinner.some((slot) => slot.available)) {
      return { date, times: dinner.map((slot) => slot.time) };
    }
  }
  throw new Error('no open date in the next two weeks');
}

/** Guest `index`'s booking for two at one of the dinner's times. */
export function booking(siteUrl: string, dinner: { date: string; times: string[] }, index: number) {
  return fetch(`${siteUrl}/api/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': guestAddress(1, index) },
    body: JSON.stringify({
      name: `Guest ${index}`,
      email: `guest${index}@example.com`,
      phone: `+39 333 ${1_000_000 + index}`,
      party: 2,
      date: dinner.date,
      time: dinner.times[index % dinner.times.length]!,
      privacy: true,
      lang: 'en',
    }),
  });
}

/**
 * Takes orders two weeks ahead (so that a day with pickup times is found
 * whatever today is) and returns the pizza every guest orders.
 */
export async function preparePizzaOrders(siteUrl: string, staffToken: string): Promise<number> {
  const staffHeaders = {
    'content-type': 'application/json',
    authorization: `Bearer ${staffToken}`,
  };
  const settings = await (
    await fetch(`${siteUrl}/api/takeaway/settings`, { headers: staffHeaders })
  ).json();
  const saved = await fetch(`${siteUrl}/api/takeaway/settings`, {
    method: 'PUT',
    headers: staffHeaders,
    body: JSON.stringify({ ...settings, horizonDays: 14 }),
  });
  if (!saved.ok) throw new Error(`takeaway settings not saved: ${saved.status}`);
  const menu = (await (await fetch(`${siteUrl}/api/menu`)).json()) as {
    sections: { kitchen: string; items: { id: number; takeaway: boolean; available: boolean }[] }[];
  };
  return menu.sections
    .filter((section) => section.kitchen === 'oven')
    .flatMap((section) => section.items)
    .find((item) => item.takeaway && item.available)!.id;
}

/** Guest `index`'s order of one pizza, "as soon as possible". */
export function pizzaOrder(siteUrl: string, pizzaId: number, index: number) {
  return fetch(`${siteUrl}/api/takeaway/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': guestAddress(2, index) },
    body: JSON.stringify({
      name: `Guest ${index}`,
      email: `guest${index}@example.com`,
      phone: `+39 333 ${2_000_000 + index}`,
      lang: 'en',
      pickup: 'asap',
      items: [{ id: pizzaId, quantity: 1 }],
      privacy: true,
    }),
  });
}
