import fc from 'fast-check';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { LANGUAGES, TARGET_LANGS } from '../../shared/languages.ts';
import { FIXED_PHOTO_SLOTS } from '../../shared/photo-slots.ts';
import { PHOTO_ALT_MAX } from '../../shared/schemas/photos.ts';
import { actor, app, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import {
  anyBody,
  bodies,
  type BodyCase,
  type FieldRule,
  junk,
  optional,
  text,
} from '../testing/hostile-input/bodies.ts';
import { noWrites, refused } from '../testing/hostile-input/expected.ts';
import {
  encode,
  fitsRoute,
  isTargetLang,
  randomSegments,
  segment,
  type Segment,
  translationLangs,
} from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { stored, trimmedText, withoutControls } from '../testing/hostile-input/texts.ts';

// The photo slots: the list, uploads of hostile bytes, alt texts and focal
// points, "Ripristina", and the alt text's translations. `grid-1` holds an
// upload (set up below), the other slots their defaults; the oracle knows a
// slot by the contract's list, a section's by the database.

const UPLOADED = 'grid-1';
let sectionId: number;

const slots = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<string>(...FIXED_PHOTO_SLOTS, UPLOADED, UPLOADED) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('section-0', 'section-999999', 'HERO', 'grid-7', 'section-01', ''),
  },
  { weight: 1, arbitrary: fc.constant('section') }, // replaced by a real section below
  { weight: 1, arbitrary: randomSegments },
);
const slotSegment = (slot: string): Segment =>
  segment(slot === 'section' ? `section-${sectionId}` : slot);
/** What the routes read the slot as: a slot of the contract that exists, or none (404). */
const existingSlot = (slot: Segment) =>
  (FIXED_PHOTO_SLOTS as readonly string[]).includes(slot.decoded) ||
  slot.decoded === `section-${sectionId}`;
const slotRefusals = (slot: Segment) => (slot.decoded.length > 40 ? ['slot'] : []);
const uploadRow = () =>
  app.db.selectFrom('photos').selectAll().where('slot', '=', UPLOADED).executeTakeFirst();
const hasUpload = async (slot: Segment) =>
  existingSlot(slot) &&
  (await app.db
    .selectFrom('photos')
    .select('id')
    .where('slot', '=', slot.decoded)
    .executeTakeFirst()) !== undefined;

const getPhotos = family({
  name: 'GET /api/photos?lang=',
  runs: 200,
  cases: fc.record({
    lang: fc.option(
      fc.oneof(fc.constantFrom<string>(...LANGUAGES), fc.constantFrom('EN', 'pt', '', 'de ')),
    ),
    auth: authCases,
  }),
  route: ({ lang, auth }) => ({
    method: 'GET',
    url: `/api/photos${lang === null ? '' : `?lang=${encode(lang)}`}`,
    paramRefusals: lang === null || (LANGUAGES as readonly string[]).includes(lang) ? [] : ['lang'],
    // Public: a token, good or bad, changes nothing.
    headers: authorizationHeader(auth),
    handler: () =>
      noWrites((response) => {
        const views = response.json<{ slot: string; custom: boolean }[]>();
        expect(views.find((view) => view.slot === UPLOADED)?.custom ?? true).toBe(true);
      }),
  }),
});

/** Bytes no decoder takes for a JPEG, PNG, WebP or AVIF: text, markup, a cut header. */
const junkImages = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    '\u00ff\u00d8\u00ff\u00e0',
    '\u0089PNG\r\n\u001a\n',
    'RIFF\u0000\u0000\u0000\u0000WEBPVP8 ',
    '\u0000\u0000\u0000\u0018ftypheic',
    'GIF89a',
  ),
);
const altValues = fc.oneof(
  { weight: 3, arbitrary: trimmedText(PHOTO_ALT_MAX).map(withoutControls) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', 'due\nrighe', 'x'.repeat(PHOTO_ALT_MAX + 1), null),
  },
);
/** Lengths in code points, as zod counts them (texts.ts). */
const validAlt = (alt: string | null) =>
  alt !== null &&
  alt.trim() !== '' &&
  [...alt.trim()].length <= PHOTO_ALT_MAX &&
  !alt.includes('\n');

const putPhoto = family({
  name: 'PUT /api/photos/:slot?alt= (staff): hostile bytes never become a photo',
  runs: 400,
  cases: fc.record({
    slot: slots,
    alt: altValues,
    auth: authCases,
    bytes: junkImages,
    type: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml'),
  }),
  route: ({ slot: name, alt, auth, bytes, type }) => {
    const slot = slotSegment(name);
    const body: BodyCase = { kind: 'raw', text: bytes, contentType: type };
    return {
      method: 'PUT',
      url: `/api/photos/${slot.raw}${alt === null ? '' : `?alt=${encode(alt)}`}`,
      body,
      // Only the photo route reads images: the `/api/*` catch-all refuses them (415).
      imageBody: fitsRoute(slot),
      auth,
      unmatched: !fitsRoute(slot),
      paramRefusals: [...slotRefusals(slot), ...(validAlt(alt) ? [] : ['alt'])],
      handler: () => (existingSlot(slot) ? refused(400, 'refusal') : refused(404, 'message')),
    };
  },
});

const focusField: FieldRule = optional({
  valid: fc.record({
    x: fc.double({ min: 0, max: 1, noNaN: true }),
    y: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  invalid: fc.constantFrom(
    { x: 2, y: 0 },
    { x: -0.1, y: 0.5 },
    { x: 0.5 },
    { x: 0.5, y: 0.5, z: 1 },
  ),
  wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
});
/**
 * A JSON route's bodies, and now and then an image: only the upload reads
 * images (415 at every other photo route, 401 first without a valid token:
 * docs/security.md item 49), never 20 MB of them.
 */
const orImages = (jsonBodies: fc.Arbitrary<BodyCase>) =>
  fc.oneof(
    { weight: 6, arbitrary: jsonBodies },
    {
      weight: 1,
      arbitrary: fc
        .tuple(junkImages, fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml'))
        .map(([text, contentType]): BodyCase => ({ kind: 'raw', text, contentType })),
    },
  );

const patchBodies = bodies({
  alt: optional(
    text(
      trimmedText(PHOTO_ALT_MAX).map(withoutControls),
      fc.constantFrom('', '  ', 'a\nb', 'x'.repeat(PHOTO_ALT_MAX + 1)),
    ),
  ),
  focus: focusField,
});

const patchPhoto = family({
  name: 'PATCH /api/photos/:slot (staff)',
  runs: 300,
  cases: fc.record({ slot: slots, query: junkQuery, auth: authCases, body: orImages(patchBodies) }),
  route: ({ slot: name, query, auth, body }) => {
    const slot = slotSegment(name);
    return {
      method: 'PATCH',
      url: `/api/photos/${slot.raw}${query}`,
      unknownQuery: hasQueryKeys(query),
      body,
      auth,
      bodySchema: true,
      unmatched: !fitsRoute(slot),
      paramRefusals: slotRefusals(slot),
      handler: async () => {
        if (!(await hasUpload(slot))) return refused(404, 'message');
        const sent = (body as { json: { alt?: string; focus?: { x: number; y: number } } }).json;
        return {
          accepted: {
            status: 200,
            mayWrite: ['photos', 'content_version', 'audit_log'],
            async verify(response) {
              await expectAudited('photo.update');
              const row = (await uploadRow())!;
              if (sent.alt !== undefined) expect(row.alt).toBe(stored(sent.alt.trim()));
              if (sent.focus)
                expect([row.focus_x, row.focus_y]).toEqual([sent.focus.x, sent.focus.y]);
              expect(response.json()).toMatchObject({ slot: UPLOADED, custom: true });
            },
          },
        };
      },
    };
  },
});

const getTranslations = family({
  name: 'GET /api/photos/:slot/translations (staff)',
  runs: 200,
  cases: fc.record({ slot: slots, query: junkQuery, auth: authCases }),
  route: ({ slot: name, query, auth }) => {
    const slot = slotSegment(name);
    return {
      method: 'GET',
      url: `/api/photos/${slot.raw}/translations${query}`,
      unknownQuery: hasQueryKeys(query),
      auth,
      unmatched: !fitsRoute(slot),
      paramRefusals: slotRefusals(slot),
      handler: async () =>
        (await hasUpload(slot))
          ? noWrites((response) => {
              const { translations } = response.json<{ translations: { lang: string }[] }>();
              expect(translations.map((entry) => entry.lang)).toEqual([...TARGET_LANGS]);
            })
          : refused(404, 'message'),
    };
  },
});

const altField = text(
  trimmedText(PHOTO_ALT_MAX).map(withoutControls),
  fc.constantFrom('', ' ', 'a\nb', 'x'.repeat(PHOTO_ALT_MAX + 1)),
);
const translationBodies = bodies({
  alt: altField,
  italian: {
    valid: fc.record({ alt: fc.string({ maxLength: 40 }) }),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
  },
});

const putTranslation = family({
  name: 'PUT /api/photos/:slot/translations/:lang (staff)',
  runs: 300,
  cases: fc.record({
    slot: slots,
    lang: translationLangs,
    auth: authCases,
    body: orImages(translationBodies),
    forCurrentItalian: fc.constantFrom(true, true, false),
  }),
  route: async ({ slot: name, lang, auth, body, forCurrentItalian }) => {
    const slot = slotSegment(name);
    const row = await uploadRow();
    const sent: BodyCase =
      body.kind === 'valid' && forCurrentItalian && row
        ? { ...body, json: { ...body.json, italian: { alt: row.alt } } }
        : body;
    return {
      method: 'PUT',
      url: `/api/photos/${slot.raw}/translations/${lang.raw}`,
      body: sent,
      auth,
      bodySchema: true,
      unmatched: !fitsRoute(slot, lang),
      paramRefusals: [...slotRefusals(slot), ...(isTargetLang(lang) ? [] : ['lang'])],
      handler: async () => {
        if (!(await hasUpload(slot))) return refused(404, 'message');
        const json = (sent as { json: { alt: string; italian: { alt: string } } }).json;
        const current = (await app.db
          .selectFrom('photos')
          .select('alt')
          .where('slot', '=', slot.decoded)
          .executeTakeFirstOrThrow())!.alt;
        if (stored(json.italian.alt) !== current) return refused(409, 'refusal');
        return {
          accepted: {
            status: 200,
            mayWrite: ['text_translations', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('photo.translation.update');
            },
          },
        };
      },
    };
  },
});

const deleteTranslation = family({
  name: 'DELETE /api/photos/:slot/translations/:lang (staff)',
  runs: 200,
  cases: fc.record({ slot: slots, lang: translationLangs, auth: authCases, body: anyBody }),
  route: ({ slot: name, lang, auth, body }) => {
    const slot = slotSegment(name);
    return {
      method: 'DELETE',
      url: `/api/photos/${slot.raw}/translations/${lang.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(slot, lang),
      paramRefusals: [...slotRefusals(slot), ...(isTargetLang(lang) ? [] : ['lang'])],
      handler: async () =>
        (await hasUpload(slot))
          ? {
              accepted: {
                status: 200,
                mayWrite: ['text_translations', 'content_version', 'audit_log'],
                verify() {},
              },
            }
          : refused(404, 'message'),
    };
  },
});

const deletePhoto = family({
  name: 'DELETE /api/photos/:slot (staff): back to the default',
  runs: 200,
  cases: fc.record({ slot: slots, query: junkQuery, auth: authCases, body: anyBody }),
  route: async ({ slot: name, query, auth, body }) => {
    const slot = slotSegment(name);
    const had = await hasUpload(slot);
    return {
      method: 'DELETE',
      url: `/api/photos/${slot.raw}${query}`,
      unknownQuery: hasQueryKeys(query),
      body,
      auth,
      unmatched: !fitsRoute(slot),
      paramRefusals: slotRefusals(slot),
      handler: () =>
        existingSlot(slot)
          ? {
              accepted: {
                status: 204,
                mayWrite: had
                  ? ['photos', 'image_files', 'text_translations', 'content_version', 'audit_log']
                  : [],
                async verify() {
                  if (had) await expectAudited('photo.reset');
                  expect(await hasUpload(slot)).toBe(false);
                },
              },
            }
          : refused(404, 'message'),
    };
  },
});

// DELETE last: it takes the upload the others act on away.
hostileFamilies('photos', [
  getPhotos,
  putPhoto,
  patchPhoto,
  getTranslations,
  putTranslation,
  deleteTranslation,
  deletePhoto,
]);

// After the common set-up (registered after hostileFamilies' own).
beforeAll(async () => {
  sectionId = (await app.menu.view('it')).sections[0]!.id;
  const picture = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#2a7f9e' },
  })
    .jpeg()
    .toBuffer();
  const outcome = await app.photos.upload(UPLOADED, picture, 'Una pizza', actor());
  if (!outcome.ok) throw new Error(outcome.code);
});
