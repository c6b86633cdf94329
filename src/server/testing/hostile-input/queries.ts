import fc from 'fast-check';
import { LANGUAGES } from '../../../shared/languages.ts';
import { encode } from './paths.ts';
import { anyText } from './texts.ts';

// Query strings: for routes that read none, for the menu's `lang`, and for
// strict query schemas (each key once, no other).

/** Query strings for routes that read none: refused as soon as they hold a key (see `hasQueryKeys`). */
export const junkQuery = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&',
      '?a',
      '?a=1&a=2',
      '?__proto__[x]=1',
      '?%zz=%',
      '?lang=xx',
      '?token=abc',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(anyText(30), anyText(30)), { minLength: 1, maxLength: 3 })
      .map(
        (pairs) => `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`,
      ),
  },
);

/** Whether a query string (`?…` or empty) names any key, even an empty one (`?=x`). */
export const hasQueryKeys = (query: string) => [...new URLSearchParams(query).keys()].length > 0;

export const menuLangQueries = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...LANGUAGES)
      .map((lang) => ({ query: `?lang=${lang}`, refusals: [] as string[] })),
  },
  { weight: 1, arbitrary: fc.constant({ query: '', refusals: [] as string[] }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('?lang=xx', '?lang=', '?lang=EN', '?lang=it&lang=en')
      .map((query) => ({ query, refusals: ['lang'] })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('?debug=1', '?lang=it&x=1', '?__proto__[x]=1')
      .map((query) => ({ query, refusals: ['querystring'] })),
  },
);

export type QueryPart = [string, string] | [string];

/**
 * How a lookup's query names its one key: mostly once; else missing, bare,
 * twice, with a key the route does not read, or with another lookup key too.
 */
export const queryShapes = fc.constantFrom(
  'once',
  'once',
  'once',
  'once',
  'missing',
  'bare',
  'twice',
  'unknown',
  'both',
);
/** The query parts of a `shape`: `named` as it says, with `other` (both) or `unknown` (unknown). */
export function shapedQuery(
  shape: typeof queryShapes extends fc.Arbitrary<infer S> ? S : never,
  named: [string, string],
  other: QueryPart,
  unknown: QueryPart,
): QueryPart[] {
  const [key] = named;
  return {
    once: [named],
    missing: [],
    bare: [[key]],
    twice: [named, named],
    unknown: [named, unknown],
    both: [named, other],
  }[shape] as QueryPart[];
}

/** A query string from its parts, each encoded: `[key, value]`, or a bare key. */
export const queryOf = (parts: QueryPart[]) =>
  parts.length === 0
    ? ''
    : `?${parts
        .map(([key, value]) =>
          value === undefined ? encode(key) : `${encode(key)}=${encode(value)}`,
        )
        .join('&')}`;
/**
 * The fields a strict query schema refuses in a query of `parts`: each key
 * it reads must come once with a value it takes (`rules`), and any other key
 * is refused as `querystring`.
 */
export function queryRefusals(
  parts: QueryPart[],
  rules: Record<string, (value: string) => boolean>,
) {
  const refusals = Object.entries(rules)
    .filter(([key, takes]) => {
      const values = parts.filter(([name]) => name.toWellFormed() === key);
      return values.length !== 1 || !takes((values[0]![1] ?? '').toWellFormed());
    })
    .map(([key]) => key);
  if (parts.some(([key]) => !Object.hasOwn(rules, key.toWellFormed()))) {
    refusals.push('querystring');
  }
  return refusals;
}
/** The value a query of `parts` gives `key` (its only one, decoded). */
export const queryValue = (parts: QueryPart[], key: string) =>
  (parts.find(([name]) => name === key)?.[1] ?? '').toWellFormed();
/** Queries of `values`' keys, each mostly once, sometimes missing, bare or twice; rarely an unknown key; in any order. */
export const strictQueries = (values: Record<string, fc.Arbitrary<string>>) =>
  fc
    .tuple(
      ...Object.entries(values).map(([key, value]) =>
        fc.oneof(
          { weight: 12, arbitrary: value.map((v): QueryPart[] => [[key, v]]) },
          { weight: 1, arbitrary: fc.constant<QueryPart[]>([]) },
          { weight: 1, arbitrary: fc.constant<QueryPart[]>([[key]]) },
          {
            weight: 1,
            arbitrary: fc.tuple(value, value).map(([first, second]): QueryPart[] => [
              [key, first],
              [key, second],
            ]),
          },
        ),
      ),
      fc.oneof(
        { weight: 8, arbitrary: fc.constant<QueryPart[]>([]) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.oneof(
                fc.constantFrom('lang', 'DATE', 'date[]', '__proto__', 'constructor', ''),
                anyText(12),
              ),
              anyText(12),
            )
            .filter(([key]) => !Object.hasOwn(values, key.toWellFormed()))
            .map(([key, value]): QueryPart[] => [[key, value]]),
        },
      ),
    )
    .map((groups) => groups.flat())
    .chain((parts) => fc.shuffledSubarray(parts, { minLength: parts.length }));
