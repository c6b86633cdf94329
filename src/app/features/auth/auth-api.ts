import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import { loginAnswer } from '../../../shared/schemas/staff.ts';
import type { SetupBody } from '../../../shared/schemas/auth.ts';
import { userFrom, type StaffUser } from '../../staff/index.ts';

/** The auth calls of the staff pages. */

export interface LoggedIn {
  token: string;
  user: StaffUser;
}

/** POST /api/auth/login: the user and the first token of the answer. */
export async function logIn(email: string, password: string): Promise<ApiResult<LoggedIn>> {
  return loggedIn(await apiRequest('POST', '/auth/login', { body: { email, password } }));
}

/**
 * POST /api/staff/invitations/{token}/accept: the new colleague's password;
 * the answer is a login's, so the colleague is logged in at once.
 */
export async function acceptInvitation(
  token: string,
  password: string,
): Promise<ApiResult<LoggedIn>> {
  return loggedIn(
    await apiRequest('POST', `/staff/invitations/${encodeURIComponent(token)}/accept`, {
      body: { password },
    }),
  );
}

/**
 * POST /api/setup: the first owner, through the link the server printed;
 * the answer is a login's, so the owner is logged in at once.
 */
export async function createFirstOwner(body: SetupBody): Promise<ApiResult<LoggedIn>> {
  return loggedIn(await apiRequest('POST', '/setup', { body }));
}

/** PUT /api/auth/password: one's own password; every other session ends. */
export function changePassword(
  token: string,
  currentPassword: string,
  newPassword: string,
): Promise<ApiResult<unknown>> {
  return apiRequest('PUT', '/auth/password', { token, body: { currentPassword, newPassword } });
}

/** The user and the first token of a login-shaped answer. */
function loggedIn(answer: ApiResult<unknown>): ApiResult<LoggedIn> {
  const result = parseAnswer(answer, loginAnswer);
  if (!result.ok) return result;
  return { ...result, data: { token: result.data.tokens[0]!.token, user: userFrom(result.data)! } };
}

/** DELETE /api/auth/logout with the bearer token: 204, the token is revoked. */
export function logOut(token: string | null): Promise<ApiResult<unknown>> {
  return apiRequest('DELETE', '/auth/logout', { token });
}

/**
 * POST /api/auth/send-email. `url` is the base of the link in the e-mail: this
 * site's reset page; the server only honours it when its origin is the
 * site's.
 */
export function sendResetEmail(email: string, url: string): Promise<ApiResult<unknown>> {
  return apiRequest('POST', '/auth/send-email', { body: { email, url } });
}

/** POST /api/auth/recovery-password/{token}. */
export function resetPassword(token: string, password: string): Promise<ApiResult<unknown>> {
  return apiRequest('POST', `/auth/recovery-password/${encodeURIComponent(token)}`, {
    body: { password },
  });
}
