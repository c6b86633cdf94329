import fc from 'fast-check';
import { expect } from 'vitest';
import { STAFF_MESSAGE_MAX } from '../../../shared/schemas/guest.ts';
import { CLOCK } from './app-under-test.ts';
import { authCases } from './authorization.ts';
import { bodies, type BodyCase, junk, optional, text } from './bodies.ts';
import { type Expected, noWrites, refused } from './expected.ts';
import { queryOf, type QueryPart } from './queries.ts';
import { BAD_GUEST_PHONES, guestPhones } from './reservations-generators.ts';
import { limitEmail, limitPhone } from './reservations.ts';
import { family } from './runner.ts';
import { anyText, invalidEmails, simpleEmail, tooLongText } from './texts.ts';
import type { Table } from './snapshot.ts';

/** Whose pending requests staff decline at once: by e-mail, by phone, or by a request's client address. */
export type PendingOf = { email: string } | { phone: string } | { addressOf: number };
/** The three ways, as query keys and body fields. */
export const PENDING_KEYS = ['email', 'phone', 'addressOf'];

/**
 * A family's side of `GET|POST /api/{family}/decline-pending` for the
 * oracle (docs/security.md item 41): which rows a decline of `who` takes,
 * the ids there are to name, what the decline may write and what it leaves.
 */
export interface DeclinePendingOracle {
  family: 'takeaway' | 'events';
  /** The rows still pending that a decline of `who` takes, or null when `addressOf` names none. */
  pending: (who: PendingOf) => Promise<{ id: number; email: string; phone: string }[] | null>;
  /** The ids stored, to name by `addressOf`, and their guests, to name by e-mail or phone. */
  stored: () => Promise<{ id: number; email: string; phone: string }[]>;
  /** The tables a decline of some rows writes. */
  writes: (guestsMailed: boolean) => Table[];
  /** Each of `rows` declined as it should be, the message kept where it is kept. */
  declined: (rows: { id: number }[], message: string) => Promise<void>;
}

/**
 * A guest's rows as a decline of `who` names them (docs/security.md item 41),
 * or null for an unknown `addressOf`: for the oracles' `pending`.
 */
export function namedBy<
  Row extends {
    id: number;
    email: string;
    phone: string;
    client_key: string | null;
    created_at: string;
  },
>(rows: Row[], who: PendingOf): Row[] | null {
  if ('addressOf' in who) {
    const named = rows.find((row) => row.id === who.addressOf);
    if (!named) return null;
    const burst = new Date(CLOCK - 48 * 60 * 60 * 1000).toISOString();
    return rows.filter(
      (row) =>
        named.client_key !== null && row.client_key === named.client_key && row.created_at > burst,
    );
  }
  // One guest as the caps count them: an e-mail without its +tag, 00 for +.
  return 'email' in who
    ? rows.filter((row) => row.email !== '' && limitEmail(row.email) === limitEmail(who.email))
    : rows.filter((row) => limitPhone(row.phone) === limitPhone(who.phone));
}

/** One of the three, named from a stored row (mostly), or made up. */
interface Target {
  by: 'email' | 'phone' | 'addressOf';
  rank: number | null;
  email: string;
  phone: string;
  id: number;
}
const targets: fc.Arbitrary<Target> = fc.record({
  by: fc.constantFrom('email', 'phone', 'addressOf'),
  rank: fc.option(fc.nat(), { freq: 4 }),
  email: simpleEmail('nobody.example'),
  phone: guestPhones,
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});
async function targetOf(oracle: DeclinePendingOracle, target: Target): Promise<PendingOf> {
  const rows = await oracle.stored();
  const row = target.rank === null || rows.length === 0 ? null : rows[target.rank % rows.length]!;
  if (target.by === 'email') return { email: row?.email || target.email };
  if (target.by === 'phone') return { phone: row?.phone ?? target.phone };
  return { addressOf: row?.id ?? target.id };
}

/** Query strings the route refuses, and the field it names. */
const badQueries: fc.Arbitrary<{ parts: QueryPart[]; field: string }> = fc.oneof(
  fc.constant({ parts: [] as QueryPart[], field: 'email' }),
  fc.constant({
    parts: [
      ['email', 'a@example.com'],
      ['phone', '+39 333 1234567'],
    ] as QueryPart[],
    field: 'email',
  }),
  invalidEmails.map((value) => ({ parts: [['email', value]] as QueryPart[], field: 'email' })),
  fc
    .constantFrom(...BAD_GUEST_PHONES)
    .map((value) => ({ parts: [['phone', value]] as QueryPart[], field: 'phone' })),
  fc
    .constantFrom('0', '-1', '1.5', '2147483648', 'x', ' 7')
    .map((value) => ({ parts: [['addressOf', value]] as QueryPart[], field: 'addressOf' })),
  fc.constant({
    parts: [
      ['email', 'a@example.com'],
      ['date', '2026-01-01'],
    ] as QueryPart[],
    field: 'querystring',
  }),
);

/**
 * Bodies of `POST /api/{family}/decline-pending` (reservations too): exactly
 * one of the three, and sometimes a message.
 */
export const declinePendingBodies = bodies(
  {
    email: optional(text(simpleEmail('nobody.example'), invalidEmails)),
    phone: optional(text(guestPhones, fc.constantFrom(...BAD_GUEST_PHONES))),
    addressOf: optional({
      valid: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      invalid: fc.constantFrom(0, -1, 1.5, 2 ** 31, '', 'x', ' 7', '1e3'),
      wrongType: fc.oneof(junk.boolean, junk.null, junk.array, junk.object),
    }),
    message: optional(text(anyText(STAFF_MESSAGE_MAX), tooLongText(STAFF_MESSAGE_MAX))),
  },
  fc
    .tuple(
      fc.oneof(
        simpleEmail('nobody.example').map((email) => ({ email })),
        guestPhones.map((phone) => ({ phone })),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((addressOf) => ({ addressOf })),
      ),
      fc.option(anyText(STAFF_MESSAGE_MAX), { nil: undefined }),
    )
    .map(([who, message]) => ({ ...who, ...(message === undefined ? {} : { message }) })),
).filter(
  // A refused value beside another of the three is refused twice (the value, and not
  // exactly one): the oracle names a single field, so such bodies are made apart on purpose.
  (body) =>
    body.kind !== 'invalid' ||
    !PENDING_KEYS.includes(body.field) ||
    PENDING_KEYS.filter((key) => Object.hasOwn(body.json as object, key)).length === 1,
);

/** Whom a valid decline body names: its e-mail, phone or `addressOf`, without the message. */
export function pendingOfBody(json: PendingOf & { message?: string }): PendingOf {
  return 'email' in json
    ? { email: json.email }
    : 'phone' in json
      ? { phone: json.phone }
      : { addressOf: json.addressOf };
}

/**
 * The two families of `GET|POST /api/{family}/decline-pending`: the count
 * matches the oracle's pending rows and changes nothing; the decline takes
 * exactly those, one mail per guest, or is a 400 naming the field, 404 for
 * an unknown `addressOf`, 401 without a valid token, changing nothing.
 */
export function declinePendingFamilies(oracle: DeclinePendingOracle) {
  const path = `/api/${oracle.family}/decline-pending`;
  const getCount = family({
    name: `GET ${path}?email=|phone=|addressOf= (staff)`,
    runs: 150,
    cases: fc.record({
      target: targets,
      bad: fc.option(badQueries, { freq: 3 }),
      auth: authCases,
    }),
    route: async ({ target, bad, auth }) => {
      const who = await targetOf(oracle, target);
      const [key, value] = Object.entries(who)[0]!;
      const parts: QueryPart[] = bad ? bad.parts : [[key, String(value)]];
      return {
        method: 'GET',
        url: `${path}${queryOf(parts)}`,
        auth,
        paramRefusals: bad ? [bad.field] : [],
        handler: async (): Promise<Expected> => {
          const rows = await oracle.pending(who);
          if (rows === null) return refused(404, 'message');
          return noWrites((response) => expect(response.json()).toEqual({ pending: rows.length }));
        },
      };
    },
  });

  const postDecline = family({
    name: `POST ${path} (staff)`,
    runs: 200,
    cases: fc.record({
      target: fc.option(targets, { freq: 2 }),
      auth: authCases,
      body: declinePendingBodies,
    }),
    route: async ({ target, auth, body }) => {
      let sent: BodyCase = body;
      if (target && body.kind === 'valid') {
        const { message } = body.json as { message?: string };
        sent = {
          ...body,
          json: {
            ...(await targetOf(oracle, target)),
            ...(message === undefined ? {} : { message }),
          },
        };
      }
      return {
        method: 'POST',
        url: path,
        body: sent,
        auth,
        bodySchema: true,
        handler: async (): Promise<Expected> => {
          const json = (sent as { json: PendingOf & { message?: string } }).json;
          const rows = await oracle.pending(pendingOfBody(json));
          if (rows === null) return refused(404, 'message');
          const guests = new Set(
            rows.map((row) => row.email.toLowerCase()).filter((email) => email !== ''),
          );
          return {
            accepted: {
              status: 200,
              mayWrite: rows.length === 0 ? [] : oracle.writes(guests.size > 0),
              async verify(response) {
                expect(response.json()).toEqual({ declined: rows.length });
                await oracle.declined(rows, (json.message ?? '').trim());
              },
            },
          };
        },
      };
    },
  });
  return [getCount, postDecline] as const;
}
