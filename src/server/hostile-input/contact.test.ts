import fc from 'fast-check';
import { expect } from 'vitest';
import { LANGUAGES } from '../../shared/languages.ts';
import { CONTACT_MESSAGE_MAX } from '../../shared/schemas/contact.ts';
import { app, seededMessageId, seededSpamId } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import { bodies, junk, notABoolean, optional, text } from '../testing/hostile-input/bodies.ts';
import { refused } from '../testing/hostile-input/expected.ts';
import { fitsRoute, notADotSegment, segment } from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import {
  anyText,
  invalidEmails,
  NAME_MAX,
  personName,
  simpleEmail,
  stored,
  tooLongText,
  trimmedText,
} from '../testing/hostile-input/texts.ts';

// The contact form and the staff inbox's messages.

const contactBodies = bodies({
  firstName: text(
    personName,
    fc.oneof(
      fc.constantFrom(
        '',
        '   ',
        'Eve\r\nBcc: victim@example.com',
        'a\u0000',
        'b\u0085',
        'Eve\u202Egnp.exe',
      ),
      tooLongText(NAME_MAX),
    ),
  ),
  lastName: text(personName, fc.oneof(fc.constantFrom('', ' \n ', 'X\nY'), tooLongText(NAME_MAX))),
  email: text(simpleEmail('example.com'), invalidEmails),
  message: text(
    fc
      .tuple(trimmedText(CONTACT_MESSAGE_MAX), fc.constantFrom('', '\n', '  '))
      .map(([message, pad]) => `${pad}${message}${pad}`),
    fc.oneof(fc.constantFrom('', ' ', '\n\t\r\n'), tooLongText(CONTACT_MESSAGE_MAX)),
  ),
  privacy: {
    valid: fc.constant(true),
    invalid: fc.constant(false),
    wrongType: fc.oneof(junk.number, junk.null, junk.string, junk.array, junk.object),
  },
  lang: optional(
    text(fc.constantFrom(...LANGUAGES), fc.constantFrom('pt', 'EN', 'it-IT', '', 'xx')),
  ),
  // The honeypot: anything but blank marks the message as spam.
  website: optional(text(fc.oneof(fc.constantFrom('', ' ', '\t'), anyText(200)), tooLongText(200))),
});

const postContact = family({
  name: 'POST /api/contact',
  runs: 1300,
  cases: fc.record({ query: junkQuery, auth: authCases, body: contactBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/contact${query}`,
    unknownQuery: hasQueryKeys(query),
    headers: authorizationHeader(auth),
    body,
    bodySchema: true,
    handler: () => {
      const sent = (body as { json: Record<string, string | undefined> }).json;
      const spam = (sent.website ?? '').trim() !== '';
      return {
        accepted: {
          status: 202,
          mayWrite: spam ? ['contact_messages'] : ['contact_messages', 'outbox'],
          async verify(response) {
            const { id } = response.json<{ id: number }>();
            const row = await app.db
              .selectFrom('contact_messages')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            expect(row).toMatchObject({
              first_name: stored(sent.firstName!.trim()),
              last_name: stored(sent.lastName!.trim()),
              email: sent.email!.trim(),
              message: stored(sent.message!.trim()),
              lang: sent.lang ?? 'it',
              spam: spam ? 1 : 0,
            });
            expect(row.outbox_id === null).toBe(spam);
          },
        },
      };
    },
  }),
});

const messageIds = fc.oneof(
  { weight: 3, arbitrary: fc.constant('seeded' as const) },
  { weight: 1, arbitrary: fc.constant('spam' as const) },
  { weight: 1, arbitrary: fc.integer({ min: 100_000, max: Number.MAX_SAFE_INTEGER }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        '0',
        '-1',
        '1.5',
        'abc',
        'NaN',
        'Infinity',
        '9007199254740992',
        '1e400',
        'true',
      ),
      anyText(30).filter((id) => notADotSegment(id) && Number.isNaN(Number(id.toWellFormed()))),
    ),
  },
);

const patchMessage = family({
  name: 'PATCH /api/contact-messages/:id (staff)',
  runs: 600,
  cases: fc.record({
    id: messageIds,
    auth: authCases,
    body: bodies({ read: { valid: fc.boolean(), wrongType: notABoolean } }),
  }),
  route: async ({ id, auth, body }) => {
    const param = segment(
      id === 'seeded' ? String(seededMessageId) : id === 'spam' ? String(seededSpamId) : id,
    );
    const number = Number(param.decoded);
    // Ids are written plainly (digits, no leading zero) and fit 32 bits.
    const validId = /^[1-9]\d{0,9}$/.test(param.decoded) && number <= 2 ** 31 - 1;
    const row = validId
      ? await app.db
          .selectFrom('contact_messages')
          .select(['id', 'spam'])
          .where('id', '=', number)
          .executeTakeFirst()
      : undefined;
    return {
      method: 'PATCH',
      url: `/api/contact-messages/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: validId ? [] : ['id'],
      bodySchema: true,
      handler: () => {
        // Spam is never listed, so it cannot be marked either.
        if (!row || row.spam) return refused(404, 'message');
        const { read } = (body as { json: { read: boolean } }).json;
        return {
          accepted: {
            status: 200,
            mayWrite: ['contact_messages', 'audit_log'],
            async verify(response) {
              expect(response.json()).toEqual({ id: number, read });
              const after = await app.db
                .selectFrom('contact_messages')
                .select('read_at')
                .where('id', '=', number)
                .executeTakeFirstOrThrow();
              expect(after.read_at !== null).toBe(read);
            },
          },
        };
      },
    };
  },
});

hostileFamilies('contact', [postContact, patchMessage]);
