// Over 400 lines: one route family, the staff area's (colleagues, invitations and the audit log of their changes).
import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { newToken, nowIso } from '../services/tokens.ts';
import {
  app,
  expectAudited,
  newAccount,
  STAFF_EMAIL,
  staffId,
} from '../testing/hostile-input/app-under-test.ts';
import {
  authCases,
  authorizationHeader,
  ownerAuthCases,
} from '../testing/hostile-input/authorization.ts';
import { anyBody, bodies, staffName, text } from '../testing/hostile-input/bodies.ts';
import { noWrites, refused } from '../testing/hostile-input/expected.ts';
import {
  fitsRoute,
  notADotSegment,
  randomSegments,
  readsAsId,
  type Segment,
  segment,
} from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import {
  anyText,
  badNewPassword,
  invalidEmails,
  isCommon,
  NAME_MAX,
  newPassword,
  simpleEmail,
  trimmedText,
  withoutControls,
} from '../testing/hostile-input/texts.ts';

// The staff area's reads, colleagues, invitations and the audit log.

const staffReads = family({
  name: 'GET /api/contact-messages, /api/staff, /api/auth/me (staff)',
  runs: 500,
  cases: fc.record({
    path: fc.constantFrom('/api/contact-messages', '/api/staff', '/api/auth/me'),
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: authCases,
  }),
  route: ({ path, method, query, auth }) => ({
    method,
    url: `${path}${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: () =>
      noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const body = response.json<Record<string, unknown>>();
        if (path === '/api/auth/me') expect(body.email).toBe(STAFF_EMAIL);
        else expect(body[path === '/api/staff' ? 'staff' : 'messages']).toEqual(expect.any(Array));
      }),
  }),
});

let madeInvitations = 0;
/** An invitation straight in the database: pending, or already revoked. */
async function newInvitation(state: 'pending' | 'revoked') {
  madeInvitations += 1;
  const { token, hash } = newToken();
  const now = Date.now();
  const row = await app.db
    .insertInto('staff_invitations')
    .values({
      email: `invited-${madeInvitations}@trattoria.example`,
      first_name: 'Invitata',
      last_name: String(madeInvitations),
      role: 'staff',
      token_hash: hash,
      invited_by: staffId,
      created_at: nowIso(now),
      expires_at: nowIso(now + 60 * 60 * 1000),
      revoked_at: state === 'revoked' ? nowIso(now) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** A path id: an account or invitation made for the request, oneself, nobody, or junk. */
const targetIds = fc.oneof(
  { weight: 5, arbitrary: fc.constant('made' as const) },
  { weight: 2, arbitrary: fc.constant('self' as const) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      // `0x10` and ` 7` read as ids (16, 7): accounts and invitations made earlier, or nobody.
      fc.constantFrom('0', '-1', '1.5', 'abc', 'NaN', '2147483648', '1e400', 'true', '0x10', ' 7'),
      // Never the owner's or the colleague's id by chance.
      anyText(30).filter((id) => id.length > 0 && notADotSegment(id) && !readsAsId(id)),
    ),
  },
);

const roles = text(
  fc.constantFrom('owner', 'staff'),
  fc.constantFrom('', 'admin', 'OWNER', 'titolare'),
);

const patchStaff = family({
  name: 'PATCH /api/staff/:id (owner)',
  runs: 400,
  cases: fc.record({ id: targetIds, auth: ownerAuthCases, body: bodies({ role: roles }) }),
  route: async ({ id, auth, body }) => {
    // Made accounts are staff: a promotion is undone after its check, so the
    // owner stays the only one and `self` → staff is always the last owner.
    const made = id === 'made' ? await newAccount() : undefined;
    const param = segment(made ? String(made) : id === 'self' ? String(staffId) : id);
    const valid = readsAsId(param.decoded);
    const row = valid
      ? await app.db
          .selectFrom('staff_users')
          .select(['id', 'role'])
          .where('id', '=', Number(param.decoded))
          .executeTakeFirst()
      : undefined;
    return {
      method: 'PATCH',
      url: `/api/staff/${param.raw}`,
      body,
      auth,
      ownerOnly: true,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: () => {
        if (!row) return refused(404, 'message');
        const { role } = (body as { json: { role: 'owner' | 'staff' } }).json;
        if (row.id === staffId && role === 'staff') {
          return refused(409, 'refusal', { code: 'last-owner' });
        }
        const changes = row.role !== role;
        return {
          accepted: {
            status: 200,
            mayWrite: changes ? ['staff_users', 'audit_log'] : [],
            async verify(response) {
              expect(response.json()).toMatchObject({ id: row.id, role });
              if (!changes) return;
              await expectAudited('staff.role');
              await app.db.deleteFrom('staff_users').where('id', '=', row.id).execute();
            },
          },
        };
      },
    };
  },
});

const deleteStaff = family({
  name: 'DELETE /api/staff/:id (owner)',
  runs: 300,
  cases: fc.record({ id: targetIds, auth: ownerAuthCases, body: anyBody }),
  route: async ({ id, auth, body }) => {
    const made = id === 'made' ? await newAccount() : undefined;
    const param = segment(made ? String(made) : id === 'self' ? String(staffId) : id);
    const valid = readsAsId(param.decoded);
    const number = Number(param.decoded);
    const exists =
      valid &&
      (await app.db
        .selectFrom('staff_users')
        .select('id')
        .where('id', '=', number)
        .executeTakeFirst()) !== undefined;
    return {
      method: 'DELETE',
      url: `/api/staff/${param.raw}`,
      body,
      auth,
      ownerOnly: true,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () => {
        if (number === staffId) return refused(409, 'refusal', { code: 'cannot-remove-self' });
        if (!exists) return refused(404, 'message');
        return {
          accepted: {
            status: 204,
            mayWrite: ['staff_users', 'audit_log'],
            async verify() {
              await expectAudited('staff.remove');
              const left = await app.db
                .selectFrom('staff_users')
                .select('id')
                .where('id', '=', number)
                .executeTakeFirst();
              expect(left).toBeUndefined();
            },
          },
        };
      },
    };
  },
});

const invitationBodies = bodies({
  email: text(
    fc.oneof(
      { weight: 6, arbitrary: simpleEmail('invited.example') },
      { weight: 1, arbitrary: fc.constantFrom(STAFF_EMAIL, ' Marco@Trattoria.Example ') },
    ),
    invalidEmails,
  ),
  firstName: text(trimmedText(NAME_MAX).map(withoutControls), staffName.invalid),
  lastName: text(trimmedText(NAME_MAX).map(withoutControls), staffName.invalid),
  role: roles,
});

const postInvitation = family({
  name: 'POST /api/staff/invitations (owner)',
  runs: 400,
  cases: fc.record({ query: junkQuery, auth: ownerAuthCases, body: invitationBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/staff/invitations${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    ownerOnly: true,
    bodySchema: true,
    handler: async () => {
      const { email } = (body as { json: { email: string } }).json;
      const address = email.trim().toLowerCase();
      const account = await app.db
        .selectFrom('staff_users')
        .select('id')
        .where('email', '=', address)
        .executeTakeFirst();
      if (account) return refused(409, 'refusal', { code: 'email-taken' });
      return {
        accepted: {
          status: 201,
          // The invitation (and any older one for the address, revoked), its entry, its mail.
          mayWrite: ['staff_invitations', 'audit_log', 'outbox'],
          async verify(response) {
            expect(response.json()).toMatchObject({ email: address, status: 'pending' });
            await expectAudited('staff.invite');
          },
        },
      };
    },
  }),
});

const deleteInvitation = family({
  name: 'DELETE /api/staff/invitations/:id (owner)',
  runs: 300,
  cases: fc.record({
    id: fc.oneof(
      { weight: 3, arbitrary: fc.constant('pending' as const) },
      { weight: 1, arbitrary: fc.constant('revoked' as const) },
      { weight: 3, arbitrary: targetIds.filter((id) => id !== 'made' && id !== 'self') },
    ),
    auth: ownerAuthCases,
    body: anyBody,
  }),
  route: async ({ id, auth, body }) => {
    const made = id === 'pending' || id === 'revoked' ? await newInvitation(id) : undefined;
    const param = segment(made ? String(made.id) : id);
    const valid = readsAsId(param.decoded);
    const row = valid
      ? await app.db
          .selectFrom('staff_invitations')
          .select(['accepted_at', 'revoked_at', 'expires_at'])
          .where('id', '=', Number(param.decoded))
          .executeTakeFirst()
      : undefined;
    return {
      method: 'DELETE',
      url: `/api/staff/invitations/${param.raw}`,
      body,
      auth,
      ownerOnly: true,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () => {
        if (!row) return refused(404, 'message');
        if (row.accepted_at || row.revoked_at || row.expires_at <= nowIso()) {
          return refused(409, 'refusal', { code: 'not-pending' });
        }
        return {
          accepted: {
            status: 204,
            mayWrite: ['staff_invitations', 'audit_log'],
            async verify() {
              await expectAudited('staff.invitation.revoke');
            },
          },
        };
      },
    };
  },
});

const acceptInvitation = family({
  name: 'POST /api/staff/invitations/:token/accept',
  runs: 300,
  cases: fc.record({
    token: fc.oneof(
      { weight: 3, arbitrary: fc.constant('pending' as const) },
      { weight: 1, arbitrary: fc.constant('revoked' as const) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map(segment) },
      { weight: 1, arbitrary: randomSegments.map(segment) },
    ),
    auth: authCases,
    body: bodies({ password: text(newPassword, badNewPassword) }),
  }),
  route: async ({ token, auth, body }) => {
    const made =
      token === 'pending' || token === 'revoked' ? await newInvitation(token) : undefined;
    const param = made ? segment(made.token) : (token as Segment);
    return {
      method: 'POST',
      url: `/api/staff/invitations/${param.raw}/accept`,
      headers: authorizationHeader(auth),
      body,
      unmatched: !fitsRoute(param),
      bodySchema: true,
      handler: () => {
        // The link is checked before the password is even looked at.
        if (token !== 'pending') return refused(400, 'refusal', { code: 'invalid-invitation' });
        const { password } = (body as { json: { password: string } }).json;
        if (isCommon(password)) return refused(400, 'fields', { field: 'password' });
        return {
          accepted: {
            status: 200,
            // The account, the used invitation, the entry, the owners' notice, the session.
            mayWrite: ['staff_users', 'staff_invitations', 'audit_log', 'outbox', 'sessions'],
            async verify(response) {
              const answer = response.json<{ email: string; tokens: { token: string }[] }>();
              expect(answer.email).toBe(`invited-${madeInvitations}@trattoria.example`);
              expect(answer.tokens[0]!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
              const entry = await app.db
                .selectFrom('audit_log')
                .select('action')
                .orderBy('id', 'desc')
                .executeTakeFirstOrThrow();
              expect(entry.action).toBe('staff.create');
            },
          },
        };
      },
    };
  },
});

const ownerReads = family({
  name: 'GET /api/staff/invitations, /api/audit (owner)',
  runs: 400,
  cases: fc.record({
    path: fc.constantFrom('/api/staff/invitations', '/api/audit'),
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    limit: fc.option(
      fc.oneof(
        fc.integer({ min: 1, max: 500 }).map(String),
        fc.constantFrom('0', '501', '-1', '1.5', 'abc', '', '1e2', '0x10', '%20', '9'.repeat(30)),
      ),
      { nil: undefined },
    ),
    query: junkQuery,
    auth: ownerAuthCases,
  }),
  route: ({ path, method, limit, query, auth }) => {
    // Only the audit log reads `limit`; any other key is refused everywhere.
    const limitPart = limit === undefined ? '' : `limit=${limit}`;
    const rest = query.replace(/^\?/, '');
    const joined = [limitPart, rest].filter(Boolean).join('&');
    const fullQuery = joined ? `?${joined}` : '';
    const keys = [...new URLSearchParams(fullQuery).keys()];
    const audit = path === '/api/audit';
    const limits = new URLSearchParams(fullQuery).getAll('limit');
    const limitRead =
      limits.length === 0 ||
      (limits.length === 1 &&
        Number.isInteger(Number(limits[0])) &&
        Number(limits[0]) >= 1 &&
        Number(limits[0]) <= 500);
    const unknownKeys = keys.some((key) => !audit || key !== 'limit');
    return {
      method,
      url: `${path}${fullQuery}`,
      auth,
      ownerOnly: true,
      unknownQuery: unknownKeys,
      paramRefusals: audit && !limitRead ? ['limit'] : [],
      handler: () =>
        noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          const body = response.json<unknown>();
          if (audit) {
            expect(body).toEqual(expect.any(Array));
            expect((body as unknown[]).length).toBeLessThanOrEqual(Number(limits[0] ?? 50));
          } else expect(body).toEqual({ invitations: expect.any(Array) });
        }),
    };
  },
});

hostileFamilies('staff', [
  staffReads,
  patchStaff,
  deleteStaff,
  postInvitation,
  deleteInvitation,
  acceptInvitation,
  ownerReads,
]);
