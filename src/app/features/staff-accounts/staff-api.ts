import { apiRequest, isRecord, type ApiResult } from '../auth/api-client.ts';

export interface StaffMember {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: string;
}

export interface NewColleague {
  email: string;
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

function parseStaff(value: unknown): StaffMember[] {
  const list = isRecord(value) && Array.isArray(value.staff) ? value.staff : [];
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  return list.filter(isRecord).map((item) => ({
    email: text(item.email),
    username: text(item.username),
    firstName: text(item.firstName),
    lastName: text(item.lastName),
    createdAt: text(item.createdAt),
  }));
}

/** GET /api/staff with the bearer token. */
export async function fetchStaff(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<StaffMember[]>> {
  const result = await apiRequest('GET', '/staff', { token, signal });
  return result.ok ? { ...result, data: parseStaff(result.data) } : result;
}

/**
 * POST /api/auth/register with the bearer token of the staff member doing it.
 * Any 2xx is a success; the caller stays logged in as themself.
 */
export function registerColleague(
  token: string,
  colleague: NewColleague,
): Promise<ApiResult<unknown>> {
  return apiRequest('POST', '/auth/register', { token, body: colleague });
}
