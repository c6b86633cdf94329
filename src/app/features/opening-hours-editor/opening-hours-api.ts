import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import {
  openingHoursAnswer,
  type OpeningHoursAnswer,
  type OpeningHoursBody,
} from '../../../shared/schemas/opening-hours.ts';

/** GET /api/opening-hours in Italian: the week, closures and special days as staff typed them. */
export async function fetchOpeningHours(
  signal?: AbortSignal,
): Promise<ApiResult<OpeningHoursAnswer>> {
  return parseAnswer(await apiRequest('GET', '/opening-hours', { signal }), openingHoursAnswer);
}

/** PUT /api/opening-hours: the whole schedule at once. */
export async function saveOpeningHours(
  token: string,
  body: OpeningHoursBody,
): Promise<ApiResult<OpeningHoursAnswer>> {
  return parseAnswer(
    await apiRequest('PUT', '/opening-hours', { token, body }),
    openingHoursAnswer,
  );
}
