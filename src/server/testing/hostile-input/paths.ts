import fc from 'fast-check';
import { TARGET_LANGS } from '../../../shared/languages.ts';

// Path segments: path parameters as sent and as a route sees them, and the
// ids and languages routes read from them.

/** find-my-way's default: a longer (decoded) path parameter matches no route. */
const MAX_PARAM_LENGTH = 100;

/** Percent-encodes a path segment or query part (lone surrogates become U+FFFD first). */
export const encode = (part: string) => encodeURIComponent(part.toWellFormed());

/** A path parameter as sent (encoded) and as the route sees it (decoded). */
export interface Segment {
  raw: string;
  decoded: string;
}
export const segment = (decoded: string): Segment => ({
  raw: encode(decoded),
  decoded: decoded.toWellFormed(),
});

/** URLs resolve '.' and '..' segments (encoded too) before any server sees them: left out. */
export const notADotSegment = (part: string) => part !== '.' && part !== '..';

export const randomSegments = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    fc.integer({ min: MAX_PARAM_LENGTH + 1, max: 3000 }).map((length) => 'x'.repeat(length)),
  )
  .filter(notADotSegment);

/** Daily-menu ids: '1' is the only one (a single daily menu). */
export const menuIds = fc.oneof(
  { weight: 5, arbitrary: fc.constant(segment('1')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Segment>(
      { raw: '%31', decoded: '1' },
      ...['01', '1.0', '+1', '-1', '0', '2', '1e0', '١', '１', 'one', '1 ', ' 1', '1;', 'null'].map(
        segment,
      ),
    ),
  },
  { weight: 2, arbitrary: randomSegments.map(segment) },
);

/** Reaches the route only when the decoded parameter fits find-my-way's limit. */
export const fitsRoute = (...params: Segment[]) =>
  params.every((param) => param.decoded.length <= MAX_PARAM_LENGTH);

export const translationLangs = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TARGET_LANGS).map(segment) },
  { weight: 1, arbitrary: fc.constantFrom('it', 'EN', 'pt', 'en-GB', 'xx', 'de ').map(segment) },
  { weight: 1, arbitrary: randomSegments.map(segment) },
);
export const isTargetLang = (lang: Segment) =>
  (TARGET_LANGS as readonly string[]).includes(lang.decoded);

/** Ids the way idParams reads them: `Number()` of the text, an integer from 1 to 2^31 - 1. */
export const readsAsId = (text: string) => {
  const number = Number(text);
  return Number.isInteger(number) && number >= 1 && number <= 2 ** 31 - 1;
};
