import fc from 'fast-check';
import { expect } from 'vitest';
import { hashToken } from '../services/tokens.ts';
import { STAFF_PASSWORD } from '../testing/app.ts';
import {
  app,
  COLLEAGUE_PASSWORD,
  expectAudited,
  newAccount,
  STAFF_EMAIL,
  staffId,
  staffToken,
} from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import { anyBody, bodies, optional, staffName, text } from '../testing/hostile-input/bodies.ts';
import { contractShape, noWrites, refused } from '../testing/hostile-input/expected.ts';
import { fitsRoute, randomSegments, segment } from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import {
  anyText,
  badNewPassword,
  invalidEmails,
  isCommon,
  loginPassword,
  newPassword,
  simpleEmail,
  stored,
  tooLongText,
  trimmedText,
  withoutControls,
} from '../testing/hostile-input/texts.ts';

// Logging in and out, accounts made by staff, password recovery, one's own password.

const logout = family({
  name: 'DELETE /api/auth/logout (staff)',
  runs: 400,
  cases: fc.record({ auth: authCases, body: anyBody, query: junkQuery }),
  route: async ({ auth, body, query }) => {
    // A real logout revokes its token: give it one of its own.
    const token = auth === 'valid' ? await app.sessions.create(staffId) : staffToken;
    return {
      method: 'DELETE',
      url: `/api/auth/logout${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth, token),
      body,
      // The header above carries the session's own token; `auth` only decides its form,
      // and a wrong one is refused before the body is read (docs/security.md item 49).
      auth: auth === 'valid' ? undefined : auth,
      handler: () => {
        return {
          accepted: {
            status: 204,
            mayWrite: ['sessions'],
            async verify(response) {
              expect(response.headers['clear-site-data']).toBe('"storage"');
              const session = await app.db
                .selectFrom('sessions')
                .select('revoked_at')
                .where('token_hash', '=', hashToken(token))
                .executeTakeFirstOrThrow();
              expect(session.revoked_at).not.toBeNull();
            },
          },
        };
      },
    };
  },
});

const loginBodies = bodies(
  {
    email: text(simpleEmail('unknown.example'), invalidEmails),
    password: text(loginPassword, fc.oneof(fc.constant(''), tooLongText(1024))),
  },
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({ email: simpleEmail('unknown.example'), password: loginPassword }),
    },
    {
      // The account's own credentials; never a wrong password for it (that counts towards its lockout).
      weight: 1,
      arbitrary: fc.record({
        email: fc.constantFrom(STAFF_EMAIL, 'ANNA@Trattoria.Example', ` ${STAFF_EMAIL} `),
        password: fc.constant(STAFF_PASSWORD),
      }),
    },
  ),
);

const postLogin = family({
  name: 'POST /api/auth/login',
  runs: 500,
  cases: fc.record({ query: junkQuery, auth: authCases, body: loginBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/auth/login${query}`,
    unknownQuery: hasQueryKeys(query),
    headers: authorizationHeader(auth),
    body,
    bodySchema: true,
    handler: () => {
      const { email } = (body as { json: { email: string } }).json;
      if (email.trim().toLowerCase() !== STAFF_EMAIL) {
        return refused(401, 'refusal', { code: 'invalid-credentials' });
      }
      return {
        accepted: {
          status: 200,
          mayWrite: ['sessions'],
          async verify(response) {
            const { tokens } = response.json<{ tokens: { token: string }[] }>();
            const session = await app.db
              .selectFrom('sessions')
              .select('user_id')
              .where('token_hash', '=', hashToken(tokens[0]!.token))
              .executeTakeFirstOrThrow();
            expect(session.user_id).toBe(staffId);
          },
        },
      };
    },
  }),
});

const postRegister = family({
  name: 'POST /api/auth/register (staff)',
  runs: 500,
  cases: fc.record({
    auth: authCases,
    body: bodies({
      email: text(
        fc.oneof(
          { weight: 6, arbitrary: simpleEmail('staff.example') },
          { weight: 1, arbitrary: fc.constant(STAFF_EMAIL.toUpperCase()) },
        ),
        invalidEmails,
      ),
      username: text(
        fc.oneof(
          { weight: 6, arbitrary: trimmedText(48).map((name) => `u${withoutControls(name)}`) },
          { weight: 1, arbitrary: fc.constantFrom('anna', ' anna ') },
        ),
        fc.oneof(fc.constantFrom('', 'ab', '  ab  '), tooLongText(50)),
      ),
      password: text(newPassword, badNewPassword),
      firstName: staffName,
      lastName: staffName,
    }),
  }),
  route: async ({ auth, body }) => {
    const sent = body.kind === 'valid' ? (body.json as Record<string, string>) : undefined;
    const email = sent?.email?.trim().toLowerCase() ?? '';
    const username = sent?.username?.trim() ?? '';
    const taken = sent
      ? await app.db
          .selectFrom('staff_users')
          .select(['email', 'username'])
          .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
          .executeTakeFirst()
      : undefined;
    return {
      method: 'POST',
      url: '/api/auth/register',
      body,
      auth,
      bodySchema: true,
      handler: () => {
        if (isCommon(sent!.password!)) return refused(400, 'fields', { field: 'password' });
        if (taken) {
          const code = taken.email === email ? 'email-taken' : 'username-taken';
          return refused(409, 'refusal', { code });
        }
        return {
          accepted: {
            status: 201,
            // The account, its audit entry, and the owners' notice of a new account.
            mayWrite: ['staff_users', 'audit_log', 'outbox'],
            async verify(response) {
              await expectAudited('staff.create');
              expect(response.json()).toMatchObject({ email, tokens: [] });
              const row = await app.db
                .selectFrom('staff_users')
                .select(['username', 'password_hash'])
                .where('email', '=', email)
                .executeTakeFirstOrThrow();
              expect(row.username).toBe(stored(username));
              expect(row.password_hash).toMatch(/^\$argon2id\$/);
            },
          },
        };
      },
    };
  },
});

const postSendEmail = family({
  name: 'POST /api/auth/send-email',
  runs: 400,
  cases: fc.record({
    query: junkQuery,
    body: bodies({
      // Never the account's address: its reset would be written after the answer.
      email: text(simpleEmail('nobody.example'), invalidEmails),
      url: optional(
        text(
          fc.oneof(
            fc.constantFrom(
              'https://www.trattoria.example/reset-password',
              'javascript:alert(1)',
              'https://evil.example/x',
            ),
            anyText(2048),
          ),
          tooLongText(2048),
        ),
      ),
    }),
  }),
  route: ({ query, body }) => ({
    method: 'POST',
    url: `/api/auth/send-email${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    bodySchema: true,
    handler: () =>
      noWrites((response) => expect(contractShape(response.json(), 200)).toBe('message')),
  }),
});

const postRecovery = family({
  name: 'POST /api/auth/recovery-password/:token',
  runs: 400,
  cases: fc.record({
    token: fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map(segment),
      randomSegments.map(segment),
      fc.constant({ raw: '', decoded: '' }),
    ),
    body: bodies({ password: text(newPassword, badNewPassword) }),
  }),
  route: ({ token, body }) => ({
    method: 'POST',
    url: `/api/auth/recovery-password/${token.raw}`,
    body,
    unmatched: !fitsRoute(token),
    paramRefusals: token.decoded === '' ? ['token'] : [],
    bodySchema: true,
    // No generated token is a live one; the token is checked before the password.
    handler: () => refused(400, 'refusal', { code: 'invalid-token' }),
  }),
});

const changePasswordBodies = bodies({
  currentPassword: text(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(COLLEAGUE_PASSWORD) },
      { weight: 1, arbitrary: loginPassword },
    ),
    fc.oneof(fc.constant(''), tooLongText(1024)),
  ),
  newPassword: text(newPassword, badNewPassword),
});

const putPassword = family({
  name: 'PUT /api/auth/password (staff)',
  runs: 200,
  cases: fc.record({ query: junkQuery, auth: authCases, body: changePasswordBodies }),
  route: async ({ query, auth, body }) => {
    // An account of its own each time: a change ends its other sessions, and
    // wrong current passwords count towards its limit.
    const accountId = await newAccount();
    const token = await app.sessions.create(accountId);
    const other = await app.sessions.create(accountId);
    return {
      method: 'PUT',
      url: `/api/auth/password${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth, token),
      body,
      bodySchema: true,
      // The header above carries the account's own token; `auth` only decides its form.
      auth: auth === 'valid' ? undefined : auth,
      handler: () => {
        const sent = (body as { json: { currentPassword: string; newPassword: string } }).json;
        if (sent.currentPassword !== COLLEAGUE_PASSWORD) {
          return refused(400, 'fields', { field: 'currentPassword' });
        }
        if (isCommon(sent.newPassword)) return refused(400, 'fields', { field: 'newPassword' });
        return {
          accepted: {
            status: 200,
            mayWrite: ['staff_users', 'sessions', 'outbox', 'audit_log'],
            async verify() {
              const entry = await app.db
                .selectFrom('audit_log')
                .select(['action', 'actor_id'])
                .orderBy('id', 'desc')
                .executeTakeFirstOrThrow();
              expect(entry).toEqual({ action: 'auth.password.change', actor_id: accountId });
              expect(await app.sessions.authenticate(token)).not.toBeNull();
              expect(await app.sessions.authenticate(other)).toBeNull();
            },
          },
        };
      },
    };
  },
});

hostileFamilies('auth', [
  logout,
  postLogin,
  postRegister,
  postSendEmail,
  postRecovery,
  putPassword,
]);
