import {
  auditAnswer,
  invitationAnswer,
  invitationListAnswer,
  staffListAnswer,
  staffMemberAnswer,
  type AuditEntryAnswer,
  type InvitationAnswer,
  type InvitationBody,
  type Role,
  type StaffMemberAnswer,
} from '../../../shared/schemas/staff.ts';
import { apiRequest, parseAnswer as parsed, type ApiResult } from '../../api/client.ts';

export type StaffMember = StaffMemberAnswer;
export type Invitation = InvitationAnswer;
export type AuditEntry = AuditEntryAnswer;

/** GET /api/staff: every account, with its role. */
export async function fetchStaff(token: string): Promise<ApiResult<StaffMember[]>> {
  const result = parsed(await apiRequest('GET', '/staff', { token }), staffListAnswer);
  return result.ok ? { ...result, data: result.data.staff } : result;
}

/** PATCH /api/staff/:id (owner). */
export async function changeRole(
  token: string,
  id: number,
  role: Role,
): Promise<ApiResult<StaffMember>> {
  return parsed(
    await apiRequest('PATCH', `/staff/${id}`, { token, body: { role } }),
    staffMemberAnswer,
  );
}

/** DELETE /api/staff/:id (owner). */
export function removeColleague(token: string, id: number): Promise<ApiResult<unknown>> {
  return apiRequest('DELETE', `/staff/${id}`, { token });
}

/** GET /api/staff/invitations (owner). */
export async function fetchInvitations(token: string): Promise<ApiResult<Invitation[]>> {
  const result = parsed(
    await apiRequest('GET', '/staff/invitations', { token }),
    invitationListAnswer,
  );
  return result.ok ? { ...result, data: result.data.invitations } : result;
}

/** POST /api/staff/invitations (owner): the colleague gets a mail with a link. */
export async function invite(token: string, body: InvitationBody): Promise<ApiResult<Invitation>> {
  return parsed(await apiRequest('POST', '/staff/invitations', { token, body }), invitationAnswer);
}

/** DELETE /api/staff/invitations/:id (owner): the link stops working. */
export function revokeInvitation(token: string, id: number): Promise<ApiResult<unknown>> {
  return apiRequest('DELETE', `/staff/invitations/${id}`, { token });
}

/** GET /api/audit?limit= (owner): newest first. */
export async function fetchAudit(token: string, limit: number): Promise<ApiResult<AuditEntry[]>> {
  return parsed(await apiRequest('GET', `/audit?limit=${limit}`, { token }), auditAnswer);
}
