import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { createStaff, login, testApp } from './app.ts';
import type { TestDatabase } from './database.ts';

/**
 * A takeaway test's app: the clock it runs on (Tuesday 13 January 2026,
 * 08:30 in Rome; the seeded hours: Tuesday to Sunday, 12-15 and
 * 19-23:30), an owner logged in, the outbox stopped so that the mails stay
 * to be read, and the calls the takeaway tests make.
 */
export const TAKEAWAY_CLOCK = Date.parse('2026-01-13T07:30:00Z');
export const TAKEAWAY_TODAY = '2026-01-13';

export type TakeawayHarness = Awaited<ReturnType<typeof takeawayApp>>;

let address = 0;
/** Each guest from an address of its own, so that the flood limits stay out of the way. */
export const nextAddress = () => `10.2.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

/**
 * `database`: another app's, for a second instance on its database; `env`
 * (an `SMTP_URL`) with `sending`: the outbox sends rather than stopping.
 */
export async function takeawayApp(
  clock: { now: number },
  shared: { database?: TestDatabase; env?: Record<string, string>; sending?: boolean } = {},
) {
  const harness = await testApp(shared.env ?? {}, {
    pages: false,
    now: () => clock.now,
    ...(shared.database ? { sharedDatabase: shared.database } : {}),
  });
  if (!shared.sending) await harness.app.outbox.stop();
  if (!shared.database) await createStaff(harness.app);
  const token = await login(harness.app);
  const { app } = harness;
  const auth = { authorization: `Bearer ${token}` };

  const dish = (sectionKey: string, index = 0) => takeawayDish(app.db, sectionKey, index);

  /** A dish's name as the public menu shows it in `lang` (what a guest's lines say). */
  const menuName = async (id: number, lang: string): Promise<string> => {
    const view = (await app.inject({ url: `/api/menu?lang=${lang}` })).json<{
      sections: { items: { id: number; name: string }[] }[];
    }>();
    return view.sections.flatMap((section) => section.items).find((item) => item.id === id)!.name;
  };

  const guestOrder = (overrides: Record<string, unknown> = {}) => ({
    name: 'Jonas Weber',
    phone: '+49 170 1234567',
    email: 'jonas@example.de',
    lang: 'de',
    pickup: { date: TAKEAWAY_TODAY, time: '19:30' },
    items: [] as unknown[],
    privacy: true,
    ...overrides,
  });

  // Jonas may hold two orders the kitchen has not answered (docs/security.md item 41):
  // `order` places a harness's later ones for guests of their own, unless told whose.
  let placed = 0;
  const nextGuest = () => {
    placed += 1;
    return placed <= 2
      ? {}
      : { email: `guest${placed}@example.de`, phone: `+49 170 ${2_000_000 + placed}` };
  };

  return {
    ...harness,
    auth,
    dish,
    menuName,
    guestOrder,
    /** A guest's order (Jonas's first two, then each another guest's); its id. */
    async order(overrides: Record<string, unknown> = {}): Promise<number> {
      const response = await app.inject({
        method: 'POST',
        url: '/api/takeaway/orders',
        payload: guestOrder({ ...nextGuest(), ...overrides }),
        remoteAddress: nextAddress(),
      });
      if (response.statusCode !== 201) throw new Error(response.body);
      return response.json<{ id: number }>().id;
    },
    postGuest: (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/takeaway/orders',
        payload,
        remoteAddress: nextAddress(),
      }),
    staff: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: auth,
        ...(payload ? { payload } : {}),
      }),
    /** The takeaway mails in the outbox, oldest first. */
    mails: () =>
      app.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', 'like', 'takeaway-%')
        .orderBy('id')
        .execute(),
    /** The audit log's takeaway entries, oldest first. */
    audits: () =>
      app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_email', 'target', 'summary'])
        .where('action', 'like', 'takeaway.%')
        .orderBy('id')
        .execute(),
  };
}

/** The `index`-th orderable dish of a seeded section, with its first price. */
export async function takeawayDish(db: Kysely<Database>, sectionKey: string, index = 0) {
  const rows = await db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .innerJoin('menu_item_prices', 'menu_item_prices.item_id', 'menu_items.id')
    .select([
      'menu_items.id as id',
      'menu_items.name as name',
      'menu_item_prices.amount_cents as cents',
    ])
    .where('menu_sections.key', '=', sectionKey)
    .where('menu_items.takeaway', '=', 1)
    .where('menu_item_prices.position', '=', 0)
    .orderBy('menu_items.position')
    .execute();
  return rows[index]!;
}
