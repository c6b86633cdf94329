import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { CLOSURE_NOTE_MAX } from '../../shared/schemas/opening-hours.ts';
import { TARGET_LANGS } from '../../shared/languages.ts';
import { actor, app, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import {
  bodies,
  type BodyCase,
  type FieldRule,
  junk,
  notAnArray,
  optional,
  text,
} from '../testing/hostile-input/bodies.ts';
import { noWrites } from '../testing/hostile-input/expected.ts';
import { fitsRoute, isTargetLang, translationLangs } from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery, menuLangQueries } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import {
  deleteTranslationFamily,
  translationSaved,
} from '../testing/hostile-input/translations.ts';
import type { Table } from '../testing/hostile-input/snapshot.ts';
import {
  hhmm,
  padded,
  stored,
  tooLongText,
  trimmedText,
  withoutControls,
} from '../testing/hostile-input/texts.ts';

// Opening hours. Valid bodies are built valid: each
// day's ranges from sorted distinct minutes, paired (the last one may run past
// midnight, closing by 05:00, while every range opens from 06:00), closures
// from sorted distinct dates, special days that open from 06:00 and close the
// same day; so nothing valid can overlap, not even with special days already
// stored. Refused values carry one known defect each.

const OPENING_TABLES: Table[] = [
  'opening_weekly_ranges',
  'opening_closures',
  'opening_exception_ranges',
  'text_translations',
  'content_version',
  'audit_log',
];

const dateAfter = (days: number) =>
  new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);

/** Up to four ranges opening from 06:00, none overlapping; the last one maybe past midnight. */
const openingRanges = (options: { pastMidnight: boolean; min: number }) =>
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 360, max: 1439 }), {
        minLength: options.min * 2,
        maxLength: 8,
      }),
      fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
    )
    .map(([marks, lateClose]) => {
      const sorted = marks.sort((a, b) => a - b);
      const ranges = [];
      for (let i = 0; i + 1 < sorted.length; i += 2) {
        ranges.push({ open: hhmm(sorted[i]!), close: hhmm(sorted[i + 1]!) });
      }
      if (options.pastMidnight && lateClose !== undefined && ranges.length > 0) {
        ranges[ranges.length - 1]!.close = hhmm(lateClose);
      }
      return ranges;
    });
const shuffled = <T>(items: fc.Arbitrary<T[]>) =>
  items.chain((list) => fc.shuffledSubarray(list, { minLength: list.length }));

const validWeek = shuffled(
  fc
    .tuple(
      fc.subarray([1, 2, 3, 4, 5, 6, 7]),
      fc.array(openingRanges({ pastMidnight: true, min: 0 }), { minLength: 7, maxLength: 7 }),
    )
    .map(([days, ranges]) => days.map((day, i) => ({ day, ranges: ranges[i]! }))),
);
const validNote = fc.oneof(
  trimmedText(CLOSURE_NOTE_MAX).map(withoutControls),
  fc.constantFrom(null, '', '   ', undefined),
);
const validClosures = shuffled(
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 0, max: 1500 }), { maxLength: 12 }),
      fc.array(fc.tuple(fc.boolean(), validNote), { minLength: 6, maxLength: 6 }),
    )
    .map(([days, extras]) => {
      const sorted = days.sort((a, b) => a - b);
      const closures = [];
      for (let i = 0; i + 1 < sorted.length; i += 2) {
        const [oneDay, note] = extras[i / 2]!;
        closures.push({
          from: dateAfter(sorted[i]!),
          to: dateAfter(oneDay ? sorted[i]! : sorted[i + 1]!),
          ...(note === undefined ? {} : { note }),
        });
      }
      return closures;
    }),
);
const validSpecialDays = fc
  .uniqueArray(fc.integer({ min: 0, max: 1500 }), { maxLength: 6 })
  .chain((days) =>
    fc.tuple(
      ...days.map((day) =>
        openingRanges({ pastMidnight: false, min: 1 }).map((ranges) => ({
          date: dateAfter(day),
          ranges,
        })),
      ),
    ),
  );

const WEEK_DEFECTS = [
  [{ day: 8, ranges: [] }],
  [{ day: 0, ranges: [] }],
  [{ day: '2', ranges: [] }],
  [
    { day: 3, ranges: [] },
    { day: 3, ranges: [] },
  ],
  [{ day: 2, ranges: [{ open: '12:00', close: '12:00' }] }],
  [{ day: 2, ranges: [{ open: '24:00', close: '01:00' }] }],
  [{ day: 2, ranges: [{ open: '9:00', close: '12:00' }] }],
  [{ day: 2, ranges: [{ open: '12:00', close: '15:00', extra: 1 }] }],
  [{ day: 2, ranges: [{ open: '12:00' }] }],
  [
    {
      day: 2,
      ranges: [
        { open: '12:00', close: '15:00' },
        { open: '14:00', close: '16:00' },
      ],
    },
  ],
  [
    {
      day: 2,
      ranges: [
        { open: '19:00', close: '01:00' },
        { open: '23:00', close: '23:30' },
      ],
    },
  ],
  [
    { day: 6, ranges: [{ open: '19:00', close: '02:00' }] },
    { day: 7, ranges: [{ open: '01:00', close: '03:00' }] },
  ],
  [
    { day: 7, ranges: [{ open: '19:00', close: '01:00' }] },
    { day: 1, ranges: [{ open: '00:00', close: '00:30' }] },
  ],
  [
    {
      day: 2,
      ranges: ['08', '10', '12', '14', '16'].map((h) => ({ open: `${h}:00`, close: `${h}:30` })),
    },
  ],
  [1, 2, 3, 4, 5, 6, 7, 1].map((day) => ({ day, ranges: [] })),
];
const CLOSURE_DEFECTS = [
  [{ from: '2027-01-06', to: '2026-12-24' }],
  [{ from: '2027-02-30', to: '2027-03-02' }],
  [{ from: '2026-12-24T00:00', to: '2026-12-26' }],
  [{ from: '1999-12-24', to: '1999-12-26' }],
  [{ from: '2026-12-24' }],
  [{ from: '2026-12-24', to: '2026-12-26', reason: 'x' }],
  [
    { from: '2026-12-24', to: '2027-01-06' },
    { from: '2027-01-06', to: '2027-02-28' },
  ],
  [{ from: '2026-12-24', to: '2026-12-26', note: 'x'.repeat(CLOSURE_NOTE_MAX + 1) }],
  [{ from: '2026-12-24', to: '2026-12-26', note: 'Chiuso\nper ferie' }],
  [{ from: '2026-12-24', to: '2026-12-26', note: 'Chiuso \u202e' }],
  [{ from: '2026-12-24', to: '2026-12-26', note: 5 }],
  Array.from({ length: 101 }, () => ({ from: '2030-01-01', to: '2030-01-01' })),
];
const SPECIAL_DAY_DEFECTS = [
  [{ date: '2026-08-10', ranges: [] }],
  [{ date: '2026-08-32', ranges: [{ open: '19:00', close: '23:00' }] }],
  [{ date: '2026-08-10' }],
  [
    { date: '2026-08-10', ranges: [{ open: '12:00', close: '15:00' }] },
    { date: '2026-08-10', ranges: [{ open: '19:00', close: '23:00' }] },
  ],
  [
    {
      date: '2026-08-10',
      ranges: [
        { open: '12:00', close: '15:00' },
        { open: '13:00', close: '14:00' },
      ],
    },
  ],
  Array.from({ length: 101 }, (_, i) => ({
    date: dateAfter(i),
    ranges: [{ open: '19:00', close: '23:00' }],
  })),
];
const openingHoursBodies = bodies({
  weekly: {
    valid: validWeek,
    invalid: fc.constantFrom(...WEEK_DEFECTS),
    wrongType: notAnArray,
  },
  closures: {
    valid: validClosures,
    invalid: fc.constantFrom(...CLOSURE_DEFECTS),
    wrongType: notAnArray,
  },
  exceptions: optional({
    valid: validSpecialDays,
    invalid: fc.constantFrom(...SPECIAL_DAY_DEFECTS),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.string, junk.object),
  }),
});

interface SentHours {
  weekly: { day: number; ranges: { open: string; close: string }[] }[];
  closures: { from: string; to: string; note?: string | null }[];
  exceptions?: { date: string; ranges: { open: string; close: string }[] }[];
}
const inOrder = <T>(list: T[], key: (item: T) => string) =>
  [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const byOpen = (ranges: { open: string; close: string }[]) => inOrder(ranges, (r) => r.open);

/** What GET shows after a PUT of `sent`, over `before` (independently of the server's code). */
function expectedHours(sent: SentHours, before: OpeningHoursView) {
  return {
    timezone: 'Europe/Rome',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      ranges: byOpen(sent.weekly.find((d) => d.day === day)?.ranges ?? []),
    })),
    closures: inOrder(sent.closures, (c) => c.from).map(({ from, to, note }) => {
      const text = stored((note ?? '').trim());
      return { from, to, note: text === '' ? null : text };
    }),
    exceptions: sent.exceptions
      ? inOrder(sent.exceptions, (d) => d.date).map(({ date, ranges }) => ({
          date,
          ranges: byOpen(ranges),
        }))
      : before.exceptions,
  };
}
type OpeningHoursView = Omit<Awaited<ReturnType<typeof app.openingHours.get>>, 'today'>;
const withoutToday = ({ today: _today, ...hours }: { today: unknown } & OpeningHoursView) => hours;

const getOpeningHours = family({
  name: 'GET /api/opening-hours?lang=',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: menuLangQueries,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/opening-hours${query.query}`,
    headers: authorizationHeader(auth),
    paramRefusals: query.refusals,
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const body = response.json<Record<string, unknown>>();
        expect(Object.keys(body).sort()).toEqual(
          ['timezone', 'weekly', 'closures', 'exceptions', 'today'].sort(),
        );
        const italian = await app.openingHours.get('it');
        expect(body.weekly).toEqual(italian.weekly);
        expect(body.exceptions).toEqual(italian.exceptions);
        expect(body.today).toEqual(italian.today);
      }),
  }),
});

const putOpeningHours = family({
  name: 'PUT /api/opening-hours (staff)',
  runs: 1200,
  cases: fc.record({ query: junkQuery, auth: authCases, body: openingHoursBodies }),
  route: ({ query, auth, body }) => ({
    method: 'PUT',
    url: `/api/opening-hours${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: async () => {
      const before = withoutToday(await app.openingHours.get('it'));
      const expected = expectedHours((body as { json: SentHours }).json, before);
      const changes = JSON.stringify(expected) !== JSON.stringify(before);
      return {
        accepted: {
          status: 200,
          mayWrite: changes ? OPENING_TABLES : [],
          async verify(response) {
            expect(withoutToday(response.json())).toEqual(expected);
            expect(withoutToday(await app.openingHours.get('it'))).toEqual(expected);
            if (changes) await expectAudited('opening_hours.update');
          },
        },
      };
    },
  }),
});

// The closure notes' translations (CONTRACT.md part four): a field per noted
// closure, named by its dates. Before these families run, two noted closures
// and one without a note are stored, so that most valid bodies name notes
// that exist; the others name a closure that is gone, or an Italian that is
// not the current one (409).
const NOTED = {
  '2031-12-24--2032-01-06': 'Chiuso per le feste',
  '2032-11-16--2033-02-28': "Chiuso per l'inverno",
} as const;
const NOTE_FIELDS = Object.keys(NOTED) as (keyof typeof NOTED)[];
const GONE = '2033-08-15--2033-08-15';

async function storeNotedClosures() {
  const hours = await app.openingHours.get('it');
  const outcome = await app.openingHours.replace(
    {
      weekly: hours.weekly,
      closures: [
        ...NOTE_FIELDS.map((field) => {
          const [from, to] = field.split('--') as [string, string];
          return { from, to, note: NOTED[field] };
        }),
        { from: '2033-03-01', to: '2033-03-01', note: null },
      ],
    },
    actor(),
  );
  expect(outcome).toEqual({ ok: true });
}

/** A translated note: one line, trimmed to something, at most CLOSURE_NOTE_MAX characters. */
const translatedNote = padded(trimmedText(CLOSURE_NOTE_MAX).map(withoutControls));
const noteRule = optional(
  text(
    translatedNote,
    fc.oneof(
      fc.constantFrom('', ' ', '\t '),
      tooLongText(CLOSURE_NOTE_MAX),
      fc.constantFrom('Chiuso\nper ferie', 'Chiuso \u0007'),
    ),
  ),
);
const italianRule: FieldRule = {
  valid: fc.record(
    Object.fromEntries(
      [...NOTE_FIELDS, GONE].map((field) => [field, fc.string({ maxLength: 40 })]),
    ),
    { requiredKeys: [] },
  ),
  wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
};
/** One or two notes (maybe of a closure that is gone), with the Italian each translates, as sent. */
const someNotes = fc
  .subarray([...NOTE_FIELDS, GONE], { minLength: 1, maxLength: 2 })
  .chain((fields) =>
    fc.tuple(
      fc.record(Object.fromEntries(fields.map((field) => [field, translatedNote]))),
      fc.record(Object.fromEntries(fields.map((field) => [field, fc.string({ maxLength: 40 })]))),
    ),
  )
  .map(([notes, italian]) => ({ ...notes, italian }));

const staffNotes = async (lang: string) => {
  const rows = await app.db
    .selectFrom('text_translations')
    .innerJoin('opening_closures', 'opening_closures.id', 'text_translations.entity_id')
    .select(['from_date', 'to_date', 'text'])
    .where('entity', '=', 'closure')
    .where('lang', '=', lang)
    .where('kind', '=', 'staff')
    .execute();
  return Object.fromEntries(rows.map((row) => [`${row.from_date}--${row.to_date}`, row.text]));
};

const getTranslations = family({
  name: 'GET /api/opening-hours/translations (staff)',
  runs: 100,
  before: storeNotedClosures,
  cases: fc.record({ query: junkQuery, auth: authCases }),
  route: ({ query, auth }) => ({
    method: 'GET',
    url: `/api/opening-hours/translations${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: () =>
      noWrites((response) => {
        const { translations } = response.json<{ translations: Record<string, unknown>[] }>();
        expect(translations.map((entry) => entry.lang)).toEqual([...TARGET_LANGS]);
        for (const entry of translations) {
          expect(Object.keys(entry).sort()).toEqual(['lang', 'machine', 'staff', 'staffStale']);
          for (const notes of [entry.machine, entry.staff]) {
            if (notes !== null)
              expect(NOTE_FIELDS).toEqual(expect.arrayContaining(Object.keys(notes as object)));
          }
        }
      }),
  }),
});

const putTranslation = family({
  name: 'PUT /api/opening-hours/translations/:lang (staff)',
  runs: 400,
  before: storeNotedClosures,
  cases: fc.record({
    lang: translationLangs,
    auth: authCases,
    body: bodies(
      {
        ...Object.fromEntries([...NOTE_FIELDS, GONE].map((field) => [field, noteRule])),
        italian: italianRule,
      },
      someNotes,
    ),
    // Most valid bodies name the Italian as it is now; the others one that is not (409).
    forCurrentItalian: fc.constantFrom(true, true, true, false),
  }),
  route: ({ lang, auth, body, forCurrentItalian }) => {
    let sent: BodyCase = body;
    if (body.kind === 'valid' && forCurrentItalian) {
      const italian = Object.fromEntries(
        Object.keys(body.json)
          .filter((field) => field !== 'italian')
          .map((field) => [field, NOTED[field as keyof typeof NOTED] ?? 'Chiuso']),
      );
      sent = { ...body, json: { ...body.json, italian } };
    }
    return {
      method: 'PUT',
      url: `/api/opening-hours/translations/${lang.raw}`,
      body: sent,
      auth,
      unmatched: !fitsRoute(lang),
      paramRefusals: isTargetLang(lang) ? [] : ['lang'],
      bodySchema: true,
      handler: async () => {
        const { italian, ...notes } = (sent as { json: Record<string, string> }).json as Record<
          string,
          string
        > & { italian: Record<string, string> };
        const current = Object.fromEntries(
          (await app.openingHours.get('it')).closures
            .filter((closure) => closure.note !== null)
            .map((closure) => [`${closure.from}--${closure.to}`, closure.note]),
        );
        const same = Object.keys(notes).every(
          (field) => current[field] !== undefined && stored(italian[field]!) === current[field],
        );
        return translationSaved({
          sameItalian: same,
          action: 'opening_hours.translation.update',
          staffTranslations: () => staffNotes(lang.decoded),
          saved: Object.fromEntries(
            Object.entries(notes).map(([field, note]) => [field, stored(note.trim())]),
          ),
        });
      },
    };
  },
});

const deleteTranslation = deleteTranslationFamily({
  section: 'opening-hours',
  runs: 150,
  staffTranslations: staffNotes,
});

hostileFamilies('opening-hours', [
  getOpeningHours,
  putOpeningHours,
  getTranslations,
  putTranslation,
  deleteTranslation,
]);
